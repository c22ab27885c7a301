import type { GatewayContext } from '../context.ts';
import { statelessPlugin } from './stateless.ts';

/** With header `x-upstream-report: 1`: `extensions.upstream = { calls, totals: { calls, waves, ms } }`. */
export const upstreamReportPlugin = statelessPlugin<GatewayContext>({
  async willSendResponse({ contextValue, response }) {
    if (!contextValue.wantsReport || response.body.kind !== 'single') return;
    const result = response.body.singleResult;
    result.extensions = { ...result.extensions, upstream: contextValue.report.summary() };
  },
});
