// The gateway's Apollo Server plugins: admission (input limits, token, cost limit), the upstream
// report on request, Cache-Control, and federated tracing on request. The structural query limits
// are src/query-limits.ts; metrics and the request log are src/observability.ts.
export { admissionPlugin } from './admission.ts';
export { cacheControlPlugin } from './cache-control.ts';
export { QUERY_LIMITS } from './cost-limit.ts';
export { FEDERATED_TRACE_HEADER, inlineTraceWhenAsked } from './inline-trace.ts';
export { upstreamReportPlugin } from './upstream-report.ts';
