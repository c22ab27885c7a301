// The generation counters of the scopes kept reads depend on (scopes.ts), in this process: the
// memory read cache's, and what tells a shared read in flight from one started after a write
// (shared-reads.ts). A counter lives `ttlMs` after its last bump, at least the cache lifetime plus
// an operation's deadline: by then no entry stamped before the bump can still be served, so a
// counter that expires (reading 0 again) never makes an old entry look fresh; a bump takes the next
// value of one sequence, so a counter bumped again after expiring never reads a value an entry
// stamped in its previous life carries (docs/caching-and-quota.md, "Generation counters"). At most `MAX_COUNTERS`
// are kept; evicting a live one early would, so an eviction moves the epoch every stamp starts
// with: everything kept becomes a miss once (over-invalidation, never a stale answer).
import { LRUCache } from 'lru-cache';

/**
 * Counters kept at once: thousands of writes within a counter's lifetime (each bumps a few scopes).
 * lru-cache allocates its slots up front (~40 bytes each with expiry), so this bound is also the memory it costs.
 */
const MAX_COUNTERS = 20_000;

export class Generations {
  readonly #counters: LRUCache<string, number>;
  #epoch = 0;
  #sequence = 0;

  constructor(ttlMs: number, maxCounters = MAX_COUNTERS) {
    this.#counters = new LRUCache<string, number>({
      max: maxCounters,
      ttl: ttlMs,
      dispose: (_value, _scope, reason) => {
        if (reason === 'evict') this.#epoch += 1;
      },
    });
  }

  /** The scopes' current generations, named: an entry stored under another stamp is stale. */
  stamp(scopes: readonly string[]): string {
    let stamp = String(this.#epoch);
    for (const scope of scopes) stamp += ` ${scope}=${this.#counters.get(scope) ?? 0}`;
    return stamp;
  }

  /** Every entry depending on one of `scopes` is stale from now on. */
  bump(scopes: readonly string[]): void {
    const generation = ++this.#sequence;
    for (const scope of scopes) this.#counters.set(scope, generation);
  }

  get size(): number {
    return this.#counters.size;
  }
}
