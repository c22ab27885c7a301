// One open `featureFlagChanged` subscription: its key, its filter and its queue of events,
// consumed as an async iterator by the GraphQL executor. Ending it (client gone, key
// revoked, upstream unreachable) releases it from its project's feed exactly once.
import { GraphQLError } from 'graphql';
import type { FlagChangeEvent } from './events.ts';

type Waiter = { resolve: (result: IteratorResult<FlagChangeEvent>) => void; reject: (error: unknown) => void };

export class Subscriber implements AsyncIterableIterator<FlagChangeEvent> {
  readonly token: string;
  readonly projectId: number;
  /** When the key was last seen allowed to read the project's flag activity (ms since epoch). */
  verifiedAt: number;
  readonly #keys: ReadonlySet<string> | null;
  readonly #maxQueued: number;
  readonly #queue: FlagChangeEvent[] = [];
  #waiter: Waiter | null = null;
  #failure: GraphQLError | null = null;
  #ended = false;
  #onEnd: (subscriber: Subscriber) => void = () => {};

  constructor(init: { token: string; projectId: number; keys: readonly string[] | null; maxQueued: number; verifiedAt: number }) {
    this.token = init.token;
    this.projectId = init.projectId;
    this.#keys = init.keys ? new Set(init.keys) : null;
    this.#maxQueued = init.maxQueued;
    this.verifiedAt = init.verifiedAt;
  }

  get ended(): boolean {
    return this.#ended;
  }

  /** Called once when the subscriber ends, whatever the reason (the hub releases it). */
  onEnd(listener: (subscriber: Subscriber) => void): void {
    this.#onEnd = listener;
  }

  /** Queues an event when it passes the `keys` filter. */
  deliver(event: FlagChangeEvent): void {
    if (this.#ended || this.#failure) return;
    if (this.#keys && (event.key === null || !this.#keys.has(event.key))) return;
    if (this.#waiter) {
      const waiter = this.#waiter;
      this.#waiter = null;
      waiter.resolve({ value: event, done: false });
      return;
    }
    this.#queue.push(event);
    if (this.#queue.length > this.#maxQueued) this.#slowConsumer();
  }

  /**
   * Ends with an error event. `dropQueued` (lost access) discards events not yet sent, so a
   * key never receives anything after its access is gone.
   */
  fail(error: GraphQLError, dropQueued: boolean): void {
    if (this.#ended || this.#failure) return;
    if (dropQueued) this.#queue.length = 0;
    this.#failure = error;
    this.#release();
    if (this.#waiter && this.#queue.length === 0) {
      const waiter = this.#waiter;
      this.#waiter = null;
      this.#ended = true;
      waiter.reject(error);
    }
  }

  next(): Promise<IteratorResult<FlagChangeEvent>> {
    const queued = this.#queue.shift();
    if (queued) return Promise.resolve({ value: queued, done: false });
    if (this.#failure && !this.#ended) {
      this.#ended = true;
      return Promise.reject(this.#failure);
    }
    if (this.#ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => {
      this.#waiter = { resolve, reject };
    });
  }

  /** The client went away or completed the operation. */
  return(): Promise<IteratorResult<FlagChangeEvent>> {
    this.#queue.length = 0;
    this.#ended = true;
    this.#release();
    const waiter = this.#waiter;
    this.#waiter = null;
    waiter?.resolve({ value: undefined, done: true });
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(error?: unknown): Promise<IteratorResult<FlagChangeEvent>> {
    void this.return();
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  #slowConsumer(): void {
    this.#queue.length = 0;
    this.#failure = slowConsumerError(this.#maxQueued);
    this.#release();
  }

  #release(): void {
    const listener = this.#onEnd;
    this.#onEnd = () => {};
    listener(this);
  }
}

function slowConsumerError(max: number): GraphQLError {
  return new GraphQLError(`More than ${max} events were waiting for this subscriber; subscribe again to continue.`, {
    extensions: { code: 'SUBSCRIBER_TOO_SLOW' },
  });
}
