// The only place that speaks HTTP to the upstream REST service.
//
// One `UpstreamTransport` (an undici Pool, keep-alive) exists per gateway and upstream
// origin; each GraphQL request gets its own `UpstreamClient` bound to the caller's token
// and to that request's cost report. Resolvers and loaders never build URLs or headers:
// they pass a route template and parameters, and get parsed JSON or an `UpstreamError`.
// Nothing here knows GraphQL or caches anything: the per-request loaders (src/loaders/) do.
import { Pool, errors as undiciErrors } from 'undici';
import { MalformedBody } from './page.ts';
import type { HttpMethod, UpstreamReport } from './report.ts';

export type { HttpMethod };

/** One upstream call, described by its route template so reports and metrics stay low-cardinality. */
export interface UpstreamCall<T = unknown> {
  method: HttpMethod;
  /** Route template, e.g. '/api/projects/{project_id}/feature_flags/{id}/'. */
  route: string;
  /** Values for the `{name}` placeholders of `route`; URL-encoded on substitution. */
  params?: Record<string, string | number>;
  /** Query-string parameters; `undefined` values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON request body (POST/PATCH). */
  body?: unknown;
  /** Checks and shapes a 2xx JSON body (e.g. page.ts `decodePage`); a `MalformedBody` it throws becomes kind `malformed`. */
  decode?: (body: unknown) => T;
}

export type UpstreamErrorKind = 'http' | 'timeout' | 'unavailable' | 'malformed';

/** A call attempted without the caller's token: the token gate (src/apollo-plugins/) stops such operations first. */
export class MissingTokenError extends Error {
  override name = 'MissingTokenError';
}

/**
 * Anything that went wrong talking to the upstream. `src/errors.ts` is the one place that
 * turns it into a GraphQL error code; nothing else should look at `status`.
 */
export class UpstreamError extends Error {
  readonly status: number | null;
  readonly kind: UpstreamErrorKind;
  /** Parsed JSON body, the raw text when it was not JSON, or null. */
  readonly body: unknown;
  /** Seconds to wait before retrying (429), from Retry-After or the throttle detail. */
  readonly retryAfter?: number;
  readonly route: string;

  constructor(init: { kind: UpstreamErrorKind; status: number | null; body: unknown; route: string; message: string; retryAfter?: number }) {
    super(init.message);
    this.name = 'UpstreamError';
    this.kind = init.kind;
    this.status = init.status;
    this.body = init.body;
    this.route = init.route;
    if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
  }
}

/** Called once per finished upstream call (metrics). Never sees the token. */
export type CallObserver = (call: { method: HttpMethod; route: string; status: number | null; ms: number }) => void;

export interface TransportOptions {
  /** Base URL of the upstream, e.g. http://127.0.0.1:8000. Only its origin is used. */
  upstreamUrl: string;
  /** headersTimeout and bodyTimeout of every call, in milliseconds. */
  timeoutMs?: number;
  /** Keep-alive connections in the pool. */
  connections?: number;
  onCall?: CallObserver;
}

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 10_000;
// Two cores serve both gateway and (often) the local upstream: a modest pool keeps
// parallel waves parallel without flooding the upstream.
export const DEFAULT_UPSTREAM_CONNECTIONS = 16;

/** The shared, token-free part: one keep-alive pool per upstream origin. */
export class UpstreamTransport {
  readonly origin: string;
  readonly #pool: Pool;
  readonly #onCall: CallObserver | undefined;

  constructor(options: TransportOptions) {
    this.origin = new URL(options.upstreamUrl).origin;
    const timeout = options.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
    this.#pool = new Pool(this.origin, {
      connections: options.connections ?? DEFAULT_UPSTREAM_CONNECTIONS,
      headersTimeout: timeout,
      bodyTimeout: timeout,
      connectTimeout: timeout,
      keepAliveTimeout: 30_000,
    });
    this.#onCall = options.onCall;
  }

  /** A client for one GraphQL request: the caller's token and that request's report. */
  clientFor(token: string | null, report: UpstreamReport): UpstreamClient {
    return new UpstreamClient(this, token, report);
  }

  async close(): Promise<void> {
    await this.#pool.close();
  }

  /** @internal used by UpstreamClient. */
  async send(call: UpstreamCall, token: string, report: UpstreamReport, path: string = buildPath(call)): Promise<unknown> {
    const started = report.start();
    let status: number | null = null;
    try {
      const response = await this.#pool.request({
        method: call.method,
        path,
        headers: requestHeaders(token, call.body !== undefined),
        body: call.body === undefined ? null : JSON.stringify(call.body),
      });
      status = response.statusCode;
      const text = await response.body.text();
      return interpretResponse(call, status, text, response.headers);
    } catch (error) {
      throw asUpstreamError(error, call.route, status);
    } finally {
      const entry = report.finish(started, { method: call.method, route: call.route, status });
      this.#onCall?.({ method: call.method, route: call.route, status, ms: entry.ms });
    }
  }
}

/** Talks to the upstream on behalf of one GraphQL request (one token, one report). */
export class UpstreamClient {
  readonly #transport: UpstreamTransport;
  readonly #token: string | null;
  readonly #report: UpstreamReport;
  readonly #writeListeners: (() => void)[] = [];

  constructor(transport: UpstreamTransport, token: string | null, report: UpstreamReport) {
    this.#transport = transport;
    this.#token = token;
    this.#report = report;
  }

  /** Calls `listener` whenever this client sends anything but a GET (the loaders then drop their reads). */
  onWrite(listener: () => void): void {
    this.#writeListeners.push(listener);
  }

  /** Performs one call; resolves to the (decoded) JSON body, null for 204/empty, or throws `UpstreamError`. */
  request<T>(call: UpstreamCall<T>): Promise<T> {
    const token = this.#token;
    if (!token) return Promise.reject(new MissingTokenError('Authentication required: send `Authorization: Bearer <personal API key>`.'));
    if (call.method !== 'GET') for (const listener of this.#writeListeners) listener();
    return this.#transport.send(call, token, this.#report) as Promise<T>;
  }
}

/** Route template + params + query -> path. Throws on an unfilled placeholder (a programming error). */
function buildPath(call: Pick<UpstreamCall, 'route' | 'params' | 'query'>): string {
  const path = call.route.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = call.params?.[name];
    if (value === undefined) throw new Error(`Route ${call.route} needs parameter "${name}"`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(call.query ?? {})) {
    if (value !== undefined) search.set(name, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

// Only the token and content negotiation go upstream: never the caller's Origin, cookies or other headers.
function requestHeaders(token: string, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
  if (hasBody) headers['content-type'] = 'application/json';
  return headers;
}

function interpretResponse(call: UpstreamCall, status: number, text: string, headers: Record<string, string | string[] | undefined>): unknown {
  const parsed = parseBody(text);
  if (status >= 200 && status < 300) {
    if (status === 204 || text.trim() === '') return null;
    if (parsed.ok) return decoded(call, status, parsed.value);
    throw new UpstreamError({
      kind: 'malformed',
      status,
      body: text.slice(0, 500),
      route: call.route,
      message: `Upstream ${call.method} ${call.route} answered ${status} with a body that is not JSON`,
    });
  }
  const body = parsed.ok ? parsed.value : text.slice(0, 500) || null;
  const retryAfter = status === 429 ? retryAfterSeconds(headers['retry-after'], body) : undefined;
  throw new UpstreamError({
    kind: 'http',
    status,
    body,
    route: call.route,
    message: `Upstream ${call.method} ${call.route} answered ${status}`,
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  });
}

function decoded(call: UpstreamCall, status: number, value: unknown): unknown {
  if (!call.decode) return value;
  try {
    return call.decode(value);
  } catch (error) {
    if (!(error instanceof MalformedBody)) throw error;
    const body = JSON.stringify(value).slice(0, 500);
    throw new UpstreamError({
      kind: 'malformed',
      status,
      body,
      route: call.route,
      message: `Upstream ${call.method} ${call.route} answered ${status} with ${error.message}`,
    });
  }
}

function parseBody(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Retry-After header (seconds or HTTP date), else the DRF throttle detail "Expected available in N seconds". */
export function retryAfterSeconds(header: string | string[] | undefined, body: unknown): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value) {
    if (/^\d+$/.test(value.trim())) return Number(value.trim());
    const date = Date.parse(value);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - Date.now()) / 1000));
  }
  const detail = typeof body === 'object' && body !== null ? (body as { detail?: unknown }).detail : undefined;
  const match = typeof detail === 'string' ? /available in (\d+) seconds?/i.exec(detail) : null;
  return match?.[1] ? Number(match[1]) : undefined;
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
]);

function asUpstreamError(error: unknown, route: string, status: number | null): unknown {
  if (error instanceof UpstreamError) return error;
  const code = errorCode(error);
  if (code && TIMEOUT_CODES.has(code)) {
    return new UpstreamError({ kind: 'timeout', status, body: null, route, message: `Upstream call to ${route} timed out` });
  }
  if ((code && UNAVAILABLE_CODES.has(code)) || error instanceof undiciErrors.SocketError) {
    return new UpstreamError({ kind: 'unavailable', status, body: null, route, message: `Upstream unavailable for ${route} (${code ?? 'socket closed'})` });
  }
  return error;
}

// Connection errors arrive as undici errors or Node system errors, sometimes wrapped (AggregateError, cause).
function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && code !== 'UND_ERR') return code;
  if (Array.isArray(errors) && errors.length > 0) return errorCode(errors[0]);
  return cause ? errorCode(cause) : undefined;
}
