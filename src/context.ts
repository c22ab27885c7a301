// Per-request context: the caller's bearer token, the request id and a logger carrying it, an
// upstream client bound to the token and to the operation's scope (deadline, call budget,
// cancellation), the request's loaders and its upstream cost report. Built once per HTTP request.
//
// Authentication is enforced by admission (apollo-plugins/admission.ts, run at `didResolveOperation`)
// rather than here: only there is the parsed operation known, which is needed to let pure
// introspection (Sandbox) through without a token.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { createLoaders, type Loaders } from './loaders/index.ts';
import { requestIdFrom } from './request-id.ts';
import type { GatewayTracer, OperationTrace } from './tracing.ts';
import type { UpstreamClient, UpstreamTransport } from './upstream-client/client/http.ts';
import type { OperationScope } from './upstream-client/transport/operation-scope.ts';
import { UpstreamReport } from './upstream-client/transport/report.ts';

export interface GatewayContext {
  /** The caller's personal API key, or null when the request carried none. */
  token: string | null;
  /** The caller's `x-request-id`, or a generated one; sent upstream and returned in error extensions. */
  requestId: string;
  /** The gateway logger with `requestId` bound: every log line about this operation goes through it. */
  log: Logger;
  /** Upstream client bound to `token`, `report` and the operation's scope. */
  client: UpstreamClient;
  loaders: Loaders;
  /** Upstream calls of this request (returned in `extensions.upstream` on request). */
  report: UpstreamReport;
  /** True when the caller sent `x-upstream-report: 1` (or `true`). */
  wantsReport: boolean;
  /** The operation's estimated cost, set once it is admitted (apollo-plugins/admission.ts); none for introspection. */
  cost?: number;
  /** The operation's span (child of the caller's `traceparent`), parent of every upstream call's span; none for subscription events. */
  trace?: OperationTrace;
  /** `performance.now()` when the request's context was made: the operation's duration in metrics and logs starts here. */
  readonly startedAt: number;
}

/** `Authorization: Bearer <key>` -> key (trimmed); anything else -> null. */
export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^\s*Bearer\s+(\S.*?)\s*$/i.exec(value) : null;
  return match?.[1] ?? null;
}

/**
 * The context of one GraphQL request: a fresh client, report and set of loaders, bound to the
 * caller's token. The operation's upstream calls are cancelled when the caller disconnects before
 * the answer is sent, and its loaders are released once the connection is done with the answer;
 * the request id is echoed in the `x-request-id` response header.
 */
export function createContext(req: IncomingMessage, res: ServerResponse, transport: UpstreamTransport, logger: Logger, tracer?: GatewayTracer): GatewayContext {
  return contextOfHeaders(req.headers, res, transport, logger, tracer);
}

/**
 * The same, for an operation run on behalf of another protocol's request (an MCP tool call,
 * src/mcp/execute.ts): `headers` are that request's, with the trace context of its own span.
 */
export function contextOfHeaders(
  headers: IncomingHttpHeaders,
  res: ServerResponse,
  transport: UpstreamTransport,
  logger: Logger,
  tracer?: GatewayTracer,
): GatewayContext {
  const requestId = requestIdFrom(headers['x-request-id']);
  res.setHeader('x-request-id', requestId);
  const context = contextFor(bearerToken(headers.authorization), requestId, transport, logger, wantsReport(headers['x-upstream-report']));
  const trace = tracer?.startOperation(headers);
  if (trace) {
    context.scope.tracer = trace;
    context.trace = trace;
  }
  res.once('close', () => {
    if (!res.writableFinished) context.scope.stop('client-gone');
    context.loaders.release();
    context.client.release();
  });
  return context;
}

/**
 * The same request's context for executing it a second time (execution/compiled-executor.ts):
 * fresh loaders over a client that answers every read the first run made as it was answered then.
 */
export function replayingContext(context: GatewayContext): GatewayContext {
  const client = context.client.replaying();
  const replaying = Object.create(Object.getPrototypeOf(context) as object | null) as GatewayContext;
  return Object.assign(replaying, context, { client, loaders: createLoaders(client) });
}

/**
 * The context of one live-update event (docs/live-updates.md): the subscriber's own key, a fresh
 * request id and operation scope, no HTTP request behind it.
 */
export function createEventContext(token: string | null, transport: UpstreamTransport, logger: Logger): GatewayContext {
  return contextFor(token, requestIdFrom(undefined), transport, logger, false);
}

function contextFor(
  token: string | null,
  requestId: string,
  transport: UpstreamTransport,
  logger: Logger,
  report: boolean,
): GatewayContext & { scope: OperationScope } {
  const scope = transport.openScope(requestId);
  const upstreamReport = new UpstreamReport();
  const client = transport.clientFor(token, upstreamReport, scope);
  return new RequestContext(token, requestId, scope, client, upstreamReport, report, logger);
}

/**
 * A class rather than a literal with a getter: Apollo Server hands resolvers a shallow copy of
 * the context (`Object.assign` onto the same prototype), which would call an own getter, and so
 * build a child logger per request; a getter on the prototype is only called when used.
 */
class RequestContext implements GatewayContext {
  readonly token: string | null;
  readonly requestId: string;
  readonly scope: OperationScope;
  readonly client: UpstreamClient;
  readonly loaders: Loaders;
  readonly report: UpstreamReport;
  readonly wantsReport: boolean;
  readonly startedAt = performance.now();
  cost?: number;
  trace?: OperationTrace;
  // Plain properties, not #private ones: Apollo's copy carries own properties only.
  readonly rootLogger: Logger;
  childLogger: Logger | undefined;

  constructor(
    token: string | null,
    requestId: string,
    scope: OperationScope,
    client: UpstreamClient,
    report: UpstreamReport,
    wantsReport: boolean,
    logger: Logger,
  ) {
    this.token = token;
    this.requestId = requestId;
    this.scope = scope;
    this.client = client;
    this.loaders = createLoaders(client);
    this.report = report;
    this.wantsReport = wantsReport;
    this.rootLogger = logger;
    this.childLogger = undefined;
  }

  // Made on first use: most operations log one line, many none (LOG_LEVEL above info).
  get log(): Logger {
    return (this.childLogger ??= this.rootLogger.child({ requestId: this.requestId }));
  }
}

/** `x-upstream-report: 1` (docs/architecture.md, "Upstream cost"); `true` is accepted too. */
function wantsReport(header: string | string[] | undefined): boolean {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  return value === '1' || value === 'true';
}
