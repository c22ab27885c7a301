import type { ApolloServerPlugin } from '@apollo/server';
import type { GatewayContext } from '../context.ts';

/** With header `x-upstream-report: 1`: `extensions.upstream = { calls, totals: { calls, waves, ms } }`. */
export const upstreamReportPlugin: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ contextValue, response }) {
        if (!contextValue.wantsReport || response.body.kind !== 'single') return;
        const result = response.body.singleResult;
        result.extensions = { ...result.extensions, upstream: contextValue.report.summary() };
      },
    };
  },
};
