// The gateway's Apollo Server plugins: the token gate, the query limits and the upstream cost
// report. Metrics and the request log are in src/observability.ts.
export { costLimitPlugin, QUERY_LIMITS, queryLimits } from './query-limits.ts';
export { requireTokenPlugin } from './require-token.ts';
export { upstreamReportPlugin } from './upstream-report.ts';
