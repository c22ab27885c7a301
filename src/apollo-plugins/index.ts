// The gateway's Apollo Server plugins: its own request listener (admission, Cache-Control, error
// ids, metrics and the log line), the upstream report on request, and federated tracing on request.
// The structural query limits are src/query-limits.ts; metrics and logs are src/observability.ts.
export { gatewayPlugin } from './gateway-plugin.ts';
export { QUERY_LIMITS } from './cost-limit.ts';
export { FEDERATED_TRACE_HEADER, inlineTraceWhenAsked } from './inline-trace.ts';
export { upstreamReportPlugin } from './upstream-report.ts';
