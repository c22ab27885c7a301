// Upstream calls wait for a free pool connection here, not in undici's queue. undici keeps a
// request that is aborted while queued in its queue, and aborts it on the connection it gets when
// its turn comes, destroying that connection although nothing was written: when a caller with
// many calls waiting hangs up (or an operation hits its deadline), every one of them cost a
// connection (docs/performance.md, "Costs found in dependencies"). A call waiting here that is
// aborted simply leaves the queue. There is one slot per pool connection, so undici itself never
// has to queue a request.
import type { CallSignal } from './tuning/call-signal.ts';

interface Waiter {
  resolve: () => void;
  reject: (reason: unknown) => void;
  signal: CallSignal;
  onAbort: () => void;
  gone: boolean;
}

export class ConnectionSlots {
  #free: number;
  // First in, first out; `#head` is the next waiter (the array is compacted as it empties).
  #waiting: (Waiter | undefined)[] = [];
  #head = 0;

  constructor(size: number) {
    this.#free = size;
  }

  /**
   * Takes a slot: undefined when one was free (the call goes out at once), else a promise that
   * resolves when one is handed over, or rejects with the signal's reason if it is aborted first.
   */
  acquire(signal: CallSignal): Promise<void> | undefined {
    if (this.#free > 0) {
      this.#free -= 1;
      return undefined;
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal, onAbort: () => this.#leave(waiter), gone: false };
      signal.addEventListener('abort', waiter.onAbort);
      this.#waiting.push(waiter);
    });
  }

  /** Gives the slot back: to the first call still waiting, else to the free count. */
  release(): void {
    while (this.#head < this.#waiting.length) {
      const waiter = this.#waiting[this.#head]!;
      // Served or gone, the waiter is dropped now, not when the queue next empties: each holds its
      // call (and through it, its request) alive (docs/performance.md, "What survives a scavenge").
      this.#waiting[this.#head++] = undefined;
      if (waiter.gone) continue;
      this.#compact();
      waiter.signal.removeEventListener('abort', waiter.onAbort);
      waiter.resolve();
      return;
    }
    this.#compact();
    this.#free += 1;
  }

  /** Calls waiting for a slot (aborted ones excluded). */
  get waiting(): number {
    let count = 0;
    for (let i = this.#head; i < this.#waiting.length; i++) if (!this.#waiting[i]!.gone) count += 1;
    return count;
  }

  #leave(waiter: Waiter): void {
    waiter.gone = true;
    waiter.reject(waiter.signal.reason);
  }

  #compact(): void {
    if (this.#head === this.#waiting.length) {
      this.#waiting = [];
      this.#head = 0;
    } else if (this.#head > 1024 && this.#head * 2 > this.#waiting.length) {
      this.#waiting = this.#waiting.slice(this.#head);
      this.#head = 0;
    }
  }
}
