// One upstream call's abort signal: fires when the call's own deadline passes (the per-call
// timeout, or less when the operation's deadline comes first), when the operation is stopped
// (caller gone) or when the gateway shuts down. The exchange on the wire (exchange.ts) aborts the
// request and its body read on it, so a trickling upstream cannot hold a call open past its deadline.
import { CallSignal } from './tuning/call-signal.ts';
import type { InFlightCalls, StopReason } from './operation-scope.ts';

/** Why a call was aborted: its own deadline, or its operation's `StopReason`. */
export type AbortCause = 'call-deadline' | StopReason;

export class CallDeadline {
  readonly signal = new CallSignal<AbortCause>();
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
