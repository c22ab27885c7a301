// Performance-only: an upstream call's abort signal as a small object of its own rather than an
// AbortController per call (docs/performance.md). Always on: it is the one signal of every call
// (call-deadline.ts) that the exchange (exchange.ts) and the connection slots (connection-slots.ts)
// listen to. An AbortController builds an EventTarget per call, and its listeners go through
// Node's `addAbortListener`, with an option object and a disposer; measured side by side, the
// controller cost 3-8% more CPU per request on one project, nodes(ids:) and the fan-out.
// Imported only by call-deadline.ts, exchange.ts and connection-slots.ts (test/gateway/layers.test.ts).
type Listener = () => void;

/** Aborted with a `Reason` (call-deadline.ts: an `AbortCause`). Listeners run in the order added; one added after the abort runs right after. */
export class CallSignal<Reason = string> {
  reason: Reason | undefined;
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
  abort(cause: Reason): void {
    if (this.reason !== undefined) return;
    this.reason = cause;
    const listeners = this.#listeners;
    this.#listeners = [];
    for (const listener of listeners) listener();
  }
}
