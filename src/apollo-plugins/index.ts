// The gateway's Apollo Server plugins: the token gate, the cost limit, the upstream cost
// report and federated tracing on request. The structural query limits are src/query-limits.ts; metrics and the request log are
// src/observability.ts.
export { costLimitPlugin, QUERY_LIMITS } from './cost-limit.ts';
export { FEDERATED_TRACE_HEADER, inlineTraceWhenAsked } from './inline-trace.ts';
export { requireTokenPlugin } from './require-token.ts';
export { upstreamReportPlugin } from './upstream-report.ts';
