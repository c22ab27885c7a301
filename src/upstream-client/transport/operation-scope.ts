// What the transport needs to know about the one GraphQL operation it is calling for: its
// request id, its overall deadline, its budget of upstream calls, and a signal that fires when
// the caller goes away. Built once per operation by the HTTP layer (context.ts), ended when the
// response is finished or the connection closes.

/** Why an operation's upstream work was cut short. */
export type StopReason = 'deadline' | 'client-gone' | 'shutdown';

export interface OperationScopeOptions {
  /** The operation's request id (sent upstream as `x-request-id`). */
  requestId: string;
  /** Overall deadline of the operation's upstream work, in ms from now. */
  timeoutMs: number;
  /** Most upstream calls (retries included) the operation may make. */
  callLimit: number;
}

/**
 * Per-operation hook around each upstream attempt (tracing, src/tracing.ts): the headers it adds,
 * such as W3C `traceparent`, and a callback when the attempt ends. Never sees the token.
 */
export interface CallTracer {
  startCall(call: { method: string; route: string }, attempt: number): { headers: Record<string, string>; end(status: number | null, error?: unknown): void };
}

/**
 * Upstream calls in flight that stop together: an operation's (its scope's) or the whole gateway's
 * (the transport's). A call joins each of its groups while it runs (call-deadline.ts); a plain Set
 * rather than abort listeners on a shared AbortSignal, which cost an EventTarget listener added and
 * removed per call.
 */
export class InFlightCalls {
  readonly #calls = new Set<{ stop(cause: StopReason): void }>();
  #stopped: StopReason | null = null;

  /** Why the group was stopped, or null while it runs. */
  get stopReason(): StopReason | null {
    return this.#stopped;
  }

  add(call: { stop(cause: StopReason): void }): void {
    this.#calls.add(call);
  }

  delete(call: { stop(cause: StopReason): void }): void {
    this.#calls.delete(call);
  }

  /** Stops every call in flight; the group admits none from now on. False when it was already stopped. */
  stop(reason: StopReason): boolean {
    if (this.#stopped !== null) return false;
    this.#stopped = reason;
    for (const call of this.#calls) call.stop(reason);
    return true;
  }
}

export class OperationScope {
  /** Set by the context when the operation is traced: wraps each upstream attempt in a span. */
  tracer: CallTracer | undefined;
  /** False for callers with their own backoff (the live-update poller honours 429 itself): no transport retries. */
  retries = true;
  readonly requestId: string;
  readonly callLimit: number;
  /** The operation's upstream calls in flight: `stop` aborts them. */
  readonly inFlight = new InFlightCalls();
  readonly #deadline: number;
  // Made only when something waits on the signal (a retry's backoff): most operations never do.
  #controller: AbortController | undefined;
  #calls = 0;

  constructor(options: OperationScopeOptions) {
    this.requestId = options.requestId;
    this.callLimit = options.callLimit;
    this.#deadline = performance.now() + options.timeoutMs;
  }

  /** Fires (with a `StopReason` as its reason) when the operation is stopped. */
  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.stopReason !== null) this.#controller.abort(this.stopReason);
    }
    return this.#controller.signal;
  }

  /** Why the operation was stopped, or null while it runs. */
  get stopReason(): StopReason | null {
    return this.inFlight.stopReason;
  }

  /** Time left before the operation's deadline (0 once passed). */
  remainingMs(): number {
    return Math.max(0, this.#deadline - performance.now());
  }

  /** Counts one upstream call; false once the operation has used its budget. */
  takeCall(): boolean {
    if (this.#calls >= this.callLimit) return false;
    this.#calls += 1;
    return true;
  }

  /** Upstream calls made so far (retries included). */
  get calls(): number {
    return this.#calls;
  }

  /** Aborts every in-flight and future upstream call of the operation. */
  stop(reason: StopReason): void {
    if (this.inFlight.stop(reason)) this.#controller?.abort(reason);
  }

  /**
   * Headers every upstream call of this operation carries besides the token. The one place to add
   * per-call context (trace context can be added here too).
   */
  callHeaders(): Record<string, string> {
    return { 'x-request-id': this.requestId };
  }
}

/** A scope for work outside any HTTP request (tests, scripts): generous limits, a fresh id. */
export function detachedScope(): OperationScope {
  return new OperationScope({ requestId: crypto.randomUUID(), timeoutMs: 60_000, callLimit: 10_000 });
}
