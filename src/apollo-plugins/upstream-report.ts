// `x-upstream-report: 1` (docs/caching-and-quota.md): the answer's `extensions` gain `cost` (the
// operation's estimate, admission.ts), `upstream` ({ calls, totals: { calls, waves, ms } }) and
// `rateLimit` (the key's quota as the gateway counts it). Only the requests that ask get a listener.
import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import type { GatewayContext } from '../context.ts';
import { rateLimitSummary } from '../upstream-client/across-requests/across-requests.ts';

const reportListener: GraphQLRequestListener<GatewayContext> = {
  async willSendResponse({ contextValue, response }) {
    if (response.body.kind !== 'single') return;
    const result = response.body.singleResult;
    const { cost, report } = contextValue;
    result.extensions = { ...result.extensions, ...(cost === undefined ? {} : { cost }), upstream: report.summary() };
    const quota = await contextValue.client.keyQuota();
    if (quota) result.extensions = { ...result.extensions, rateLimit: rateLimitSummary(quota.windows, report.upstreamCalls, quota.heldForSeconds) };
  },
};

export const upstreamReportPlugin: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart({ contextValue }) {
    return contextValue.wantsReport ? reportListener : undefined;
  },
};
