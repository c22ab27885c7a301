// One upstream call's abort signal: fires when the call's own deadline passes (the per-call
// timeout, or less when the operation's deadline comes first), when the operation is stopped
// (caller gone) or when the gateway shuts down. The exchange on the wire (exchange.ts) aborts the
// request and its body read on it, so a trickling upstream cannot hold a call open past its deadline.
import type { InFlightCalls, StopReason } from './operation-scope.ts';

/** Why a call was aborted: its own deadline, or its operation's `StopReason`. */
export type AbortCause = 'call-deadline' | StopReason;

type Listener = () => void;

/**
 * An abort signal of one call, rather than an AbortController per call: a controller builds an
 * EventTarget, and its listeners go through Node's `addAbortListener`, with its option object and
 * disposer; that was ~15 µs of every upstream call on a one-project lookup (docs/performance.md,
 * "Fixed costs"). Listeners run in the order added; one added after the abort runs right after.
 */
export class CallSignal {
  reason: AbortCause | undefined;
  #listeners: Listener[] = [];

  addEventListener(type: string, listener: Listener): void {
    if (type !== 'abort') return;
    if (this.reason !== undefined) queueMicrotask(listener);
    else this.#listeners.push(listener);
  }

  removeEventListener(type: string, listener: Listener): void {
    if (type !== 'abort') return;
    const index = this.#listeners.indexOf(listener);
    if (index !== -1) this.#listeners.splice(index, 1);
  }

  /** Marks the signal aborted with `cause` and calls its listeners once; the first cause is kept. */
  abort(cause: AbortCause): void {
    if (this.reason !== undefined) return;
    this.reason = cause;
    const listeners = this.#listeners;
    this.#listeners = [];
    for (const listener of listeners) listener();
  }
}

export class CallDeadline {
  readonly signal = new CallSignal();
  readonly #timer: ReturnType<typeof setTimeout>;
  readonly #groups: InFlightCalls[];

  /** @param timeoutMs deadline of this call; `groups` are the operation's calls in flight and the gateway's. */
  constructor(timeoutMs: number, groups: InFlightCalls[]) {
    this.#groups = groups;
    this.#timer = setTimeout(() => this.stop('call-deadline'), timeoutMs);
    for (const group of groups) {
      if (group.stopReason !== null) this.stop(group.stopReason);
      else group.add(this);
    }
  }

  /** The cause once aborted, else null. */
  get cause(): AbortCause | null {
    return this.signal.reason ?? null;
  }

  /** Aborts the call (the exchange drops the request and its body read); the first cause is kept. */
  stop(cause: AbortCause): void {
    this.signal.abort(cause);
  }

  /** Releases the timer and leaves the groups (always call once the call has settled). */
  dispose(): void {
    clearTimeout(this.#timer);
    for (const group of this.#groups) group.delete(this);
  }
}
