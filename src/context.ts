// Per-request context: the caller's bearer token, an upstream client bound to it, the
// request's loaders and its upstream cost report. Built once per HTTP request.
//
// Authentication is enforced by `requireTokenPlugin` (apollo-plugins/, `didResolveOperation`)
// rather than here: only there is the parsed operation known, which is needed to let pure
// introspection (Sandbox) through without a token.
import type { IncomingHttpHeaders } from 'node:http';
import { createLoaders, type Loaders } from './loaders/index.ts';
import type { GatewayTracer, OperationTrace } from './tracing.ts';
import type { UpstreamClient, UpstreamTransport } from './upstream-client/http.ts';
import { UpstreamReport } from './upstream-client/report.ts';

export interface GatewayContext {
  /** The caller's personal API key, or null when the request carried none. */
  token: string | null;
  /** Upstream client bound to `token` and `report`. */
  client: UpstreamClient;
  loaders: Loaders;
  /** Upstream calls of this request (returned in `extensions.upstream` on request). */
  report: UpstreamReport;
  /** True when the caller sent `x-upstream-report: 1` (or `true`). */
  wantsReport: boolean;
  /** The operation's span (child of the caller's `traceparent`), parent of every upstream call's span; none for subscription events. */
  trace?: OperationTrace;
}

/** `Authorization: Bearer <key>` -> key (trimmed); anything else -> null. */
export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^\s*Bearer\s+(\S.*?)\s*$/i.exec(value) : null;
  return match?.[1] ?? null;
}

/** The context of one GraphQL request: a fresh client, report and set of loaders, bound to the caller's token. */
export function createContext(headers: IncomingHttpHeaders, transport: UpstreamTransport, tracer?: GatewayTracer): GatewayContext {
  const token = bearerToken(headers.authorization);
  const report = new UpstreamReport();
  const trace = tracer?.startOperation(headers);
  const client = transport.clientFor(token, report, trace);
  return { token, client, loaders: createLoaders(client), report, wantsReport: wantsReport(headers['x-upstream-report']), ...(trace ? { trace } : {}) };
}

/** `x-upstream-report: 1` (docs/architecture.md, "Upstream cost"); `true` is accepted too. */
function wantsReport(header: string | string[] | undefined): boolean {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  return value === '1' || value === 'true';
}
