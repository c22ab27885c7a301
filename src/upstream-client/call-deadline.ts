// One upstream call's abort signal: fires when the call's own deadline passes (the per-call
// timeout, or less when the operation's deadline comes first), when the operation is stopped
// (caller gone) or when the gateway shuts down. undici aborts the request and its body read on it,
// so a trickling upstream cannot hold a call open past its deadline.
import type { StopReason } from './operation-scope.ts';

/** Why a call was aborted: its own deadline, or its operation's `StopReason`. */
export type AbortCause = 'call-deadline' | StopReason;

export class CallDeadline {
  readonly #controller = new AbortController();
  readonly #timer: ReturnType<typeof setTimeout>;
  readonly #sources: AbortSignal[];
  readonly #onSourceAbort = (event: Event) => this.#abort((event.target as AbortSignal).reason as AbortCause);

  /** @param timeoutMs deadline of this call; `sources` are the operation's and the gateway's signals. */
  constructor(timeoutMs: number, sources: AbortSignal[]) {
    this.#sources = sources;
    this.#timer = setTimeout(() => this.#abort('call-deadline'), timeoutMs);
    for (const source of sources) {
      if (source.aborted) this.#abort(source.reason as AbortCause);
      else source.addEventListener('abort', this.#onSourceAbort, { once: true });
    }
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** The cause once aborted, else null. */
  get cause(): AbortCause | null {
    return this.#controller.signal.aborted ? (this.#controller.signal.reason as AbortCause) : null;
  }

  /** Releases the timer and listeners (always call once the call has settled). */
  dispose(): void {
    clearTimeout(this.#timer);
    for (const source of this.#sources) source.removeEventListener('abort', this.#onSourceAbort);
  }

  #abort(cause: AbortCause): void {
    if (!this.#controller.signal.aborted) this.#controller.abort(cause);
  }
}
