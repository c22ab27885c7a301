// The only place that speaks HTTP to the upstream REST service (one call on the wire: exchange.ts).
//
// One `UpstreamTransport` (an undici Pool, keep-alive) exists per gateway and upstream
// origin; each GraphQL request gets its own `UpstreamClient` bound to the caller's token,
// that request's cost report and its `OperationScope` (request id, deadline, call budget,
// cancellation). Resolvers and loaders never build URLs or headers: they pass a route template
// and parameters, and get parsed JSON or an `UpstreamError`. Nothing here knows GraphQL or
// caches answers: the per-request loaders (src/loaders/) do. Every call goes out; only the
// parsing of an answer repeated byte for byte is done once (parsed-answers.ts).
//
// Every call is bounded: a total deadline (headers to last byte, also cut by the operation's
// deadline), a response-size cap, a per-operation call budget, and cancellation when the caller
// disconnects or the gateway shuts down. Reads are retried (retry.ts); writes never are.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import { Pool } from '../transport/tuning/undici-pool.ts';
import { CallDeadline, type AbortCause } from '../transport/call-deadline.ts';
import type { CallSignal } from '../transport/tuning/call-signal.ts';
import { ConnectionSlots } from '../transport/connection-slots.ts';
import { abortedCall, asUpstreamError } from '../transport/failures.ts';
import { InFlightCalls, OperationScope, type CallTracer } from '../transport/operation-scope.ts';
import type { HttpMethod, UpstreamReport } from '../transport/report.ts';
import { ParsedAnswers } from '../transport/tuning/parsed-answers.ts';
import { Exchange, type Answer, type AnswerHeaders } from '../transport/tuning/exchange.ts';
import { useBody } from '../transport/tuning/body-release.ts';
import { interpretResponse } from '../transport/response.ts';
import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from '../transport/retry.ts';
import { upstreamSettings, type UpstreamSettings } from './settings.ts';
import { UpstreamError } from '../transport/upstream-error.ts';
import { VerifiedTokens } from './verified-tokens.ts';
import { AcrossRequests, type WindowUsage } from '../across-requests/across-requests.ts';
import { AnsweredReads } from './answered-reads.ts';
import type { RestPolicy } from '../across-requests/rest-policy.ts';

export { UpstreamError, type UpstreamErrorKind } from '../transport/upstream-error.ts';
export { retryAfterSeconds } from '../transport/response.ts';
export { OperationScope } from '../transport/operation-scope.ts';

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
  /** What the work across requests may do with the endpoint, and its records' shape (rest-policy.ts); spread from its `Endpoint`. */
  policy?: RestPolicy;
}

/** A call attempted without the caller's token: the token gate (src/apollo-plugins/) stops such operations first. */
export class MissingTokenError extends Error {
  override name = 'MissingTokenError';
}

/** Called once per finished upstream attempt (metrics). Never sees the token. */
export type { CallTracer } from '../transport/operation-scope.ts';

/** Hears how each attempt of a call ended: undefined when it answered, else its failure (`UpstreamClient`). */
export type AttemptListener = (failure: unknown) => void;

/** `reused`: the answer repeated the last one from its URL byte for byte, and its parsed value was reused (parsed-answers.ts). */
export type CallObserver = (call: { method: HttpMethod; route: string; status: number | null; ms: number; reused: boolean }) => void;

/** The settings (settings.ts: one name from the environment to here; a setting left out takes its default) and the seams. */
export interface TransportOptions extends Partial<UpstreamSettings> {
  /** Base URL of the upstream, e.g. http://127.0.0.1:8000. Only its origin is used. */
  upstreamUrl: string;
  onCall?: CallObserver;
  /** Work across requests: cache, shared reads, throttled keys, quota (across-requests.ts); default none but counting. */
  acrossRequests?: AcrossRequests;
}

/** The cheap call that tells whether the upstream accepts a token (`UpstreamClient.verifyToken`). */
const TOKEN_CHECK: UpstreamCall = { method: 'GET', route: '/api/projects/', query: { limit: 1 } };

/** The shared, token-free part: one keep-alive pool per upstream origin. */
export class UpstreamTransport {
  readonly origin: string;
  /** Keep-alive connections to the upstream: the most calls on the wire at once. */
  readonly connections: number;
  /** Tokens the upstream accepted recently (digests only). */
  readonly verifiedTokens = new VerifiedTokens();
  /** The seam between `UpstreamClient.request` and `send`: what is shared across requests (across-requests.ts). */
  readonly acrossRequests: AcrossRequests;
  readonly #pool: Pool;
  readonly #onCall: CallObserver | undefined;
  readonly #timeoutMs: number;
  readonly #operationTimeoutMs: number;
  readonly #callLimit: number;
  readonly #maxResponseBytes: number;
  readonly #retry: RetryPolicy;
  /** Every call in flight, aborted together on shutdown. */
  readonly #inFlight = new InFlightCalls();
  /** One slot per pool connection: calls wait here, not in undici's queue (connection-slots.ts). */
  readonly #slots: ConnectionSlots;
  readonly #parsedAnswers: ParsedAnswers;

  constructor(options: TransportOptions) {
    this.origin = new URL(options.upstreamUrl).origin;
    const settings = upstreamSettings(options);
    this.#timeoutMs = settings.upstreamTimeoutMs;
    this.#operationTimeoutMs = settings.operationTimeoutMs;
    this.#callLimit = settings.upstreamCallLimit;
    this.#maxResponseBytes = settings.upstreamMaxResponseBytes;
    this.#retry = { ...DEFAULT_RETRY_POLICY, retries: settings.upstreamRetries, maxRetryAfterMs: settings.upstreamRetryAfterMaxMs };
    const connections = settings.upstreamConnections;
    this.connections = connections;
    this.#slots = new ConnectionSlots(connections);
    this.#parsedAnswers = new ParsedAnswers(settings.upstreamParseCacheBytes);
    this.#pool = new Pool(this.origin, {
      connections,
      // The call's own deadline (CallDeadline) is what bounds it; these only catch a stalled socket sooner.
      headersTimeout: this.#timeoutMs,
      bodyTimeout: this.#timeoutMs,
      connectTimeout: this.#timeoutMs,
      keepAliveTimeout: 30_000,
    });
    this.#onCall = options.onCall;
    this.acrossRequests = options.acrossRequests ?? new AcrossRequests();
  }

  /** A fresh scope for one operation, with this transport's deadline and call budget. */
  openScope(requestId: string): OperationScope {
    return new OperationScope({ requestId, timeoutMs: this.#operationTimeoutMs, callLimit: this.#callLimit });
  }

  /** A client for one GraphQL request: the caller's token, that request's report and scope. */
  clientFor(token: string | null, report: UpstreamReport, scope: OperationScope): UpstreamClient {
    return new UpstreamClient(this, token, report, scope);
  }

  /** Aborts every in-flight upstream call (they fail as UPSTREAM_UNAVAILABLE) and refuses new ones. */
  abortInFlight(): void {
    this.#inFlight.stop('shutdown');
  }

  /** Closes the pool; calls still in flight are aborted rather than waited for. */
  async close(): Promise<void> {
    this.abortInFlight();
    await Promise.all([this.#pool.destroy(), this.acrossRequests.close()]);
  }

  /**
   * @internal used by UpstreamClient. One call to `path` (its route, parameters and query):
   * admitted, then tried (retry.ts) until it answers or must not be tried again. `onAttempt`
   * hears how each attempt ended: undefined when it answered, else its failure.
   */
  async send(call: UpstreamCall, path: string, token: string, report: UpstreamReport, scope: OperationScope, onAttempt: AttemptListener): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      this.#admit(call, scope);
      const { value, failure } = await this.#attempt(call, path, token, report, scope, attempt);
      onAttempt(failure);
      if (failure === undefined) return value;
      await this.#beforeRetry(call, failure, attempt, scope);
    }
  }

  /** One attempt: a connection, the exchange on it, the answer interpreted; recorded however it ended. */
  async #attempt(call: UpstreamCall, path: string, token: string, report: UpstreamReport, scope: OperationScope, attempt: number): Promise<Attempt> {
    const deadline = new CallDeadline(Math.min(this.#timeoutMs, scope.remainingMs()), [scope.inFlight, this.#inFlight]);
    const record = new Attempt(report.start(), scope.tracer?.startCall(call, attempt));
    try {
      const answer = await this.#exchange(call, path, token, scope, deadline.signal, record);
      record.value = this.#interpret(call, path, answer, record);
    } catch (error) {
      record.failure = failureOf(error, call, deadline, record.status);
    } finally {
      deadline.dispose();
    }
    this.#record(call, report, record);
    return record;
  }

  /** A connection (a slot: connection-slots.ts), then the request exchanged on it for its whole answer. */
  async #exchange(call: UpstreamCall, path: string, token: string, scope: OperationScope, signal: CallSignal, record: Attempt): Promise<Answer> {
    const waiting = this.#slots.acquire(signal);
    if (waiting) await waiting;
    const exchange = new Exchange(call, signal, this.#maxResponseBytes);
    try {
      return await exchange.send(this.#pool, this.#request(call, path, token, scope, record.span?.headers));
    } finally {
      record.status = exchange.status;
      this.#slots.release();
    }
  }

  /** The answer as a value (or an `UpstreamError`): a 2xx GET repeating its URL's last bytes takes the value kept for them (parsed-answers.ts). */
  #interpret(call: UpstreamCall, path: string, answer: Answer, record: Attempt): unknown {
    return useBody(answer, (body) => {
      const kept = isReusable(call, answer.status) ? this.#parsedAnswers.find(path, body, call.decode) : undefined;
      record.reused = kept !== undefined;
      return kept ? kept.value : this.#parse(call, path, answer.status, body, answer.headers);
    });
  }

  /** The attempt in the operation's report, its span and the gateway's metrics. */
  #record(call: UpstreamCall, report: UpstreamReport, record: Attempt): void {
    const { status } = record;
    record.span?.end(status, record.failure);
    const entry = report.finish(record.started, { method: call.method, route: call.route, status });
    this.#onCall?.({ method: call.method, route: call.route, status, ms: entry.ms, reused: record.reused });
  }

  /** Waits before attempt `attempt + 1`; throws `failure` when it must not be retried (retry.ts). */
  async #beforeRetry(call: UpstreamCall, failure: unknown, attempt: number, scope: OperationScope): Promise<void> {
    const delay = scope.retries ? retryDelayMs(call.method, failure, attempt, scope.remainingMs(), this.#retry) : null;
    if (delay === null) throw failure;
    await sleep(delay, undefined, { signal: scope.signal }).catch(() => {
      throw abortedCall(scope.signal.reason as AbortCause, call.route, null);
    });
  }

  /** The request on the wire: the call's method, path and body, the token and the operation's headers. */
  #request(
    call: UpstreamCall,
    path: string,
    token: string,
    scope: OperationScope,
    traceHeaders: Record<string, string> | undefined,
  ): Dispatcher.DispatchOptions {
    const headers = requestHeaders(token, call.body !== undefined, scope);
    return {
      method: call.method,
      path,
      headers: traceHeaders ? { ...traceHeaders, ...headers } : headers,
      body: call.body === undefined ? null : JSON.stringify(call.body),
    };
  }

  /** `body` parsed, checked and decoded; a 2xx GET's value is kept for the same bytes next time. */
  #parse(call: UpstreamCall, path: string, status: number, body: Buffer, headers: AnswerHeaders): unknown {
    const value = interpretResponse(call, status, body.toString('utf8'), headers);
    if (isReusable(call, status)) this.#parsedAnswers.keep(path, body, call.decode, value);
    return value;
  }

  /** Refuses a call that must not go out: operation stopped or out of time, gateway stopping, budget used. */
  #admit(call: UpstreamCall, scope: OperationScope): void {
    if (this.#inFlight.stopReason !== null) throw abortedCall('shutdown', call.route, null);
    if (scope.stopReason !== null) throw abortedCall(scope.stopReason, call.route, null);
    if (scope.remainingMs() <= 0) throw abortedCall('deadline', call.route, null);
    if (!scope.takeCall()) {
      throw new UpstreamError({
        kind: 'call-limit',
        status: null,
        body: null,
        route: call.route,
        message: `This operation reached its limit of ${scope.callLimit} upstream calls; ${call.method} ${call.route} was not made.`,
      });
    }
  }
}

/** How one attempt went: what the report, the span and the metrics record, and its value or failure. */
class Attempt {
  /** The answer's status once its head arrived, else null. */
  status: number | null = null;
  /** The value was the one kept for the same bytes (parsed-answers.ts). */
  reused = false;
  value: unknown = undefined;
  /** Undefined when the attempt answered. */
  failure: unknown = undefined;
  readonly started: ReturnType<UpstreamReport['start']>;
  readonly span: ReturnType<CallTracer['startCall']> | undefined;

  constructor(started: ReturnType<UpstreamReport['start']>, span: ReturnType<CallTracer['startCall']> | undefined) {
    this.started = started;
    this.span = span;
  }
}

/** The `UpstreamError` (or programming error) a failed attempt ends with. */
function failureOf(error: unknown, call: UpstreamCall, deadline: CallDeadline, status: number | null): unknown {
  const cause = deadline.cause;
  if (cause !== null && !(error instanceof UpstreamError)) return abortedCall(cause, call.route, status);
  return asUpstreamError(error, call.route, status);
}

/** Only successful reads: a write's answer, or an error's, is never taken for another's. */
const isReusable = (call: UpstreamCall, status: number): boolean => call.method === 'GET' && status >= 200 && status < 300;

/** Talks to the upstream on behalf of one GraphQL request (one token, one report, one scope). */
export class UpstreamClient {
  readonly #transport: UpstreamTransport;
  readonly #token: string | null;
  readonly #report: UpstreamReport;
  readonly scope: OperationScope;
  readonly #writeListeners: (() => void)[] = [];
  // Once the upstream refused the token, the operation's other calls would be refused too.
  #refused: UpstreamError | null = null;
  #tokenCheck: Promise<void> | null = null;
  #accepted = false;
  /** The token's digest, computed once: what the work across requests and the verified tokens are keyed by. */
  readonly #keyHash: string | null;
  readonly #onAttempt: AttemptListener;
  readonly #keyAccepted = (): boolean => this.tokenAccepted();
  /** This request's GETs and how each ended, kept until its answer is sent (answered-reads.ts). */
  #reads: AnsweredReads | null = null;
  /** A replaying client's: the first run's reads, answered again instead of read again. */
  #replay: AnsweredReads | null = null;

  constructor(transport: UpstreamTransport, token: string | null, report: UpstreamReport, scope: OperationScope) {
    this.#transport = transport;
    this.#token = token;
    this.#keyHash = token ? transport.acrossRequests.identify(token) : null;
    this.#report = report;
    this.scope = scope;
    this.#onAttempt = (failure) => {
      this.#heard(failure);
      transport.acrossRequests.attempted(this.#keyHash!, failure);
    };
  }

  /** Calls `listener` whenever this client sends anything but a GET (the loaders then drop their reads). */
  onWrite(listener: () => void): void {
    this.#writeListeners.push(listener);
  }

  /** Performs one call; resolves to the (decoded) JSON body, null for 204/empty, or throws `UpstreamError`. */
  request<T>(call: UpstreamCall<T>): Promise<T> {
    const token = this.#token;
    if (!token) return Promise.reject(new MissingTokenError('Authentication required: send `Authorization: Bearer <personal API key>`.'));
    if (this.#refused) return Promise.reject(this.#refused);
    const path = buildPath(call);
    if (call.method !== 'GET') {
      for (const listener of this.#writeListeners) listener();
      return this.#send(call, path, token) as Promise<T>;
    }
    const replayed = this.#replay?.next(path);
    if (replayed) return this.#heardFrom(replayed) as Promise<T>;
    const answer = this.#send(call, path, token);
    (this.#reads ??= new AnsweredReads()).add(path, answer);
    return answer as Promise<T>;
  }

  /**
   * A client for executing this request again (execution/compiled-executor.ts): each GET the
   * first run made is answered as it was then, without reading the upstream again; the others go
   * upstream. Takes this client's record.
   */
  replaying(): UpstreamClient {
    const client = new UpstreamClient(this.#transport, this.#token, this.#report, this.scope);
    client.#replay = this.#reads ?? new AnsweredReads();
    this.#reads = null;
    return client;
  }

  /** Drops the record of this request's reads once its answer is sent (as `Loaders.release`). */
  release(): void {
    this.#reads = null;
  }

  /**
   * Resolves once the upstream is known to accept the caller's token (recently seen accepted, or
   * one cheap check now); rejects as that check failed (e.g. 401) otherwise. For work that would
   * otherwise send one call per item with a token nobody checked (federation `_entities`).
   */
  verifyToken(): Promise<void> {
    // Replaying, the check is made exactly when the first run made it.
    const checkedFirst = this.#replay?.has(buildPath(TOKEN_CHECK)) ?? false;
    if (!checkedFirst && this.#keyHash && this.#transport.verifiedTokens.has(this.#keyHash)) return Promise.resolve();
    this.#tokenCheck ??= this.request(TOKEN_CHECK).then(() => undefined);
    return this.#tokenCheck;
  }

  /** The caller's key: its upstream calls counted per window, and seconds until it may call again after a 429 (0: now). */
  async keyQuota(): Promise<{ windows: WindowUsage[]; heldForSeconds: number } | null> {
    if (!this.#keyHash) return null;
    const across = this.#transport.acrossRequests;
    const [windows, heldForSeconds] = await Promise.all([across.usage(this.#keyHash), across.heldFor(this.#keyHash)]);
    return { windows, heldForSeconds };
  }

  /** How many calls can be on the wire at once (the transport's connections); more wait for one. */
  get connections(): number {
    return this.#transport.connections;
  }

  /**
   * `fetch` as one wave of calls: whenever it is called (a batch's later turns, `settleEach`), the
   * calls it starts are reported in the wave current now (report.ts `inWave`).
   */
  oneWave<A extends unknown[], T>(fetch: (...args: A) => T): (...args: A) => T {
    const report = this.#report;
    const wave = report.nextWave();
    return (...args) => report.inWave(wave, () => fetch(...args));
  }

  /** True once the upstream is known to accept this client's token (this operation or recently). */
  tokenAccepted(): boolean {
    return this.#accepted || (this.#keyHash !== null && this.#transport.verifiedTokens.has(this.#keyHash));
  }

  /** The call upstream, through the work across requests (cache, shared reads, quota). */
  #send(call: UpstreamCall, path: string, token: string): Promise<unknown> {
    const send = () => this.#transport.send(call, path, token, this.#report, this.scope, this.#onAttempt);
    return this.#transport.acrossRequests.request(call, path, this.#keyHash!, this.#report, send, this.#keyAccepted);
  }

  /** A replayed answer, heard as the call's own would be (a 401 refuses the rest of the operation). */
  #heardFrom(answer: Promise<unknown>): Promise<unknown> {
    return answer.then(
      (value) => {
        this.#heard(undefined);
        return value;
      },
      (error: unknown) => {
        this.#heard(error);
        throw error;
      },
    );
  }

  /** How an attempt ended, as `UpstreamTransport.send` reports it: undefined when it answered. */
  #heard(failure: unknown): void {
    if (failure === undefined) this.#noteAccepted();
    else if (failure instanceof UpstreamError && failure.status === 401) this.#noteRefused(failure);
    else if (failure instanceof UpstreamError && failure.status !== null && failure.status < 500) this.#noteAccepted();
  }

  /** A 401: the rest of the operation is refused, and the token is no longer taken as accepted by later requests either. */
  #noteRefused(failure: UpstreamError): void {
    this.#refused ??= failure;
    this.#accepted = false;
    if (this.#keyHash) this.#transport.verifiedTokens.delete(this.#keyHash);
  }

  /** Any answer but 401 (and 5xx, which says nothing) means the upstream accepted the token. */
  #noteAccepted(): void {
    if (this.#accepted || this.#refused) return;
    this.#accepted = true;
    this.#transport.verifiedTokens.add(this.#keyHash!);
  }
}

/** Route template + params + query -> path. Throws on an unfilled placeholder (a programming error). */
function buildPath(call: Pick<UpstreamCall, 'route' | 'params' | 'query'>): string {
  const parts = routeParts(call.route);
  let path = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const value = call.params?.[parts[i]!];
    if (value === undefined) throw new Error(`Route ${call.route} needs parameter "${parts[i]}"`);
    path += encodeURIComponent(String(value)) + parts[i + 1]!;
  }
  if (!call.query) return path;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(call.query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

// Route templates are a fixed set: each is split once into text and placeholder names.
const templates = new Map<string, string[]>();

/** '/api/projects/{id}/flags/' -> ['/api/projects/', 'id', '/flags/'] (text, name, text, ...). */
function routeParts(route: string): string[] {
  let parts = templates.get(route);
  if (!parts) templates.set(route, (parts = route.split(/\{(\w+)\}/)));
  return parts;
}

// Only the token, content negotiation and the operation's own headers (request id) go upstream:
// never the caller's Origin, cookies or other headers.
function requestHeaders(token: string, hasBody: boolean, scope: OperationScope): Record<string, string> {
  const headers: Record<string, string> = { ...scope.callHeaders(), authorization: `Bearer ${token}`, accept: 'application/json' };
  if (hasBody) headers['content-type'] = 'application/json';
  return headers;
}
