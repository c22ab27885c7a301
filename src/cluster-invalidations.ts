// Read-your-writes across the workers of one process tree without Redis (docs/caching-and-quota.md,
// "Workers"). Each worker keeps its own read cache; a write in one worker makes entries stale in that
// worker only, so a client whose next request lands on another worker would read what it just
// changed, and a key the upstream refused (401) would keep its entries there. Here each such change
// (a write's scopes, a refused key's digest) goes through the primary (node:cluster IPC) to every
// other worker, and the write is answered only once each of them has applied it, or after
// RELAY_TIMEOUT_MS (then it counts as an invalidation failure, as a Redis that does not answer does).
// Hand-written: node:cluster's message channel is all it needs, and no library relays over it.
import type { Worker } from 'node:cluster';
import type { CacheChange, InvalidationPeers } from './upstream-client/across-requests/across-requests.ts';

/** Worker -> primary: make `change` in every other worker, then answer `done`. */
interface Publish {
  type: 'gateway:invalidation-publish';
  id: number;
  change: CacheChange;
}
/** Primary -> each other worker. */
interface Apply {
  type: 'gateway:invalidation-apply';
  id: number;
  change: CacheChange;
}
/** Worker -> primary: `apply` done. */
interface Applied {
  type: 'gateway:invalidation-applied';
  id: number;
}
/** Primary -> the publishing worker: every other worker applied it. */
interface Done {
  type: 'gateway:invalidation-done';
  id: number;
}

/** How long a write waits for every worker to apply its invalidation (as long as a Redis command may take). */
export const RELAY_TIMEOUT_MS = 250;
/** How long the primary remembers a relay a worker never confirmed. */
const PRIMARY_FORGETS_MS = 5_000;

interface PendingRelay {
  origin: Worker;
  originId: number;
  waitingFor: Set<number>;
  timer: NodeJS.Timeout;
}

/** In the primary: relays each worker's invalidations to the others and tells it when they are applied. */
export class InvalidationRelay {
  readonly #pending = new Map<number, PendingRelay>();
  readonly #workers: () => Worker[];
  #nextId = 0;

  /** `workers`: the live workers now. */
  constructor(workers: () => Worker[]) {
    this.#workers = workers;
  }

  /** A message from `worker`: a publication to relay or a confirmation. */
  heard(worker: Worker, message: unknown): void {
    const type = (message as { type?: unknown } | null)?.type;
    if (type === 'gateway:invalidation-publish') this.#relay(worker, message as Publish);
    else if (type === 'gateway:invalidation-applied') this.#confirmed(worker.id, (message as Applied).id);
  }

  /** A worker that exits confirms nothing more: nothing waits for it. */
  exited(worker: Worker): void {
    for (const id of [...this.#pending.keys()]) this.#confirmed(worker.id, id);
  }

  #relay(origin: Worker, { id, change }: Publish): void {
    const others = this.#workers().filter((worker) => worker !== origin && !worker.isDead());
    const relayId = (this.#nextId += 1);
    const timer = setTimeout(() => this.#pending.delete(relayId), PRIMARY_FORGETS_MS).unref();
    this.#pending.set(relayId, { origin, originId: id, waitingFor: new Set(others.map((worker) => worker.id)), timer });
    for (const worker of others) worker.send({ type: 'gateway:invalidation-apply', id: relayId, change } satisfies Apply);
    this.#confirmed(null, relayId);
  }

  /** `workerId` applied relay `id` (null: nobody new); once every worker has, the publisher hears `done`. */
  #confirmed(workerId: number | null, id: number): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    if (workerId !== null) pending.waitingFor.delete(workerId);
    if (pending.waitingFor.size > 0) return;
    clearTimeout(pending.timer);
    this.#pending.delete(id);
    if (!pending.origin.isDead()) pending.origin.send({ type: 'gateway:invalidation-done', id: pending.originId } satisfies Done);
  }
}

/** In a worker: its invalidations published to the other workers through the primary, and theirs applied here. */
export function workerInvalidationPeers(): InvalidationPeers {
  let apply: (change: CacheChange) => Promise<void> = async () => {};
  const waiting = new Map<number, () => void>();
  let nextId = 0;
  process.on('message', (message: unknown) => {
    const type = (message as { type?: unknown } | null)?.type;
    if (type === 'gateway:invalidation-done') waiting.get((message as Done).id)?.();
    else if (type === 'gateway:invalidation-apply') {
      const { id, change } = message as Apply;
      void apply(change)
        .catch(() => {})
        .finally(() => process.send?.({ type: 'gateway:invalidation-applied', id } satisfies Applied));
    }
  });
  return {
    onChange(handler) {
      apply = handler;
    },
    publish(change) {
      const id = (nextId += 1);
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error(`the other workers did not confirm an invalidation within ${RELAY_TIMEOUT_MS} ms`));
        }, RELAY_TIMEOUT_MS);
        waiting.set(id, () => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve();
        });
        process.send?.({ type: 'gateway:invalidation-publish', id, change } satisfies Publish);
      });
    },
  };
}
