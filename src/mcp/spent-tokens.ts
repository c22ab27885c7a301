// A confirmation token confirms one write (docs/mcp.md, "Writes"): the HMAC alone would let the
// same token run its write again for five minutes (a second flag created, a later change
// overwritten). So the first use of a token marks it spent, atomically, and every later or racing
// use is refused. Spent tokens are remembered until the token expires (plus a margin for clocks),
// never longer, and only as a SHA-256 digest: the token itself is never stored.
//
// Where: with REDIS_URL, in Redis (`SET NX PX`), shared by every worker and replica; without it, in
// this process's memory (a `WORKERS=N` worker asks its primary: src/cluster-spent-tokens.ts). When
// the store cannot answer, the write is refused (`unavailable`): a write refused can be retried, a
// write run twice cannot be undone. Likewise when the store could forget a record before the token
// expires (`evictable`: a Redis whose maxmemory-policy is not known to be `noeviction`).
import { hash } from 'node:crypto';
import { mayEvict } from '../upstream-client/across-requests/maxmemory-policy.ts';
import type { RedisLink } from '../upstream-client/across-requests/redis-link.ts';

/**
 * `first`: this use runs the write. `spent`: the token was used before. `full`/`unavailable`: not
 * recorded, so not run. `evictable`: not recorded, since the store might drop the record early.
 */
export type Spend = 'first' | 'spent' | 'full' | 'unavailable' | 'evictable';

export interface SpentTokens {
  /** Marks the token (its digest) spent until `expiresAtMs`, and says whether this was its first use. */
  spend(tokenDigest: string, expiresAtMs: number): Promise<Spend>;
}

/**
 * Kept past a token's expiry: another replica or worker checks the expiry with its own clock, and
 * one running behind would still accept the token after the record of its use had gone.
 */
export const CLOCK_MARGIN_MS = 60_000;

/** How many unexpired spent tokens one process remembers (11 MiB of heap when full). */
export const MAX_SPENT_IN_MEMORY = 100_000;

/** How often a spend also drops the expired records: a sweep walks every record, so not on each spend. */
export const SWEEP_EVERY_MS = 30_000;

/** What is stored for a token: its SHA-256, never the token. */
export function spentTokenDigest(token: string): string {
  return hash('sha256', token, 'base64url');
}

/**
 * The spent tokens of one process. Written out rather than an LRU cache: an LRU at its size evicts
 * the oldest live record, which would turn into accepting that token's replay. Here, at the cap the
 * expired records are dropped, and if every record is still live the new write is refused (`full`,
 * retryable) instead: reaching the cap takes 100,000 confirmed writes within five minutes, which the
 * upstream's own per-key throttles (480 a minute) make take hundreds of keys.
 */
export class MemorySpentTokens implements SpentTokens {
  readonly #expiries = new Map<string, number>();
  readonly #max: number;
  #sweptAt = 0;

  constructor(max = MAX_SPENT_IN_MEMORY) {
    this.#max = max;
  }

  /** Records held now, expired ones not yet swept included. */
  get size(): number {
    return this.#expiries.size;
  }

  spend(tokenDigest: string, expiresAtMs: number): Promise<Spend> {
    return Promise.resolve(this.spendNow(tokenDigest, expiresAtMs));
  }

  /** Synchronous, so check and record are one step: no other use can come between them. */
  spendNow(tokenDigest: string, expiresAtMs: number, now = Date.now()): Spend {
    if (now - this.#sweptAt >= SWEEP_EVERY_MS) this.#sweep(now);
    const known = this.#expiries.get(tokenDigest);
    if (known !== undefined && known > now) return 'spent';
    if (known === undefined && this.#expiries.size >= this.#max) {
      this.#sweep(now);
      if (this.#expiries.size >= this.#max) return 'full';
    }
    this.#expiries.set(tokenDigest, expiresAtMs + CLOCK_MARGIN_MS);
    return 'first';
  }

  #sweep(now: number): void {
    this.#sweptAt = now;
    for (const [digest, expiry] of this.#expiries) if (expiry <= now) this.#expiries.delete(digest);
  }
}

/**
 * The spent tokens in Redis, under `graphql-gateway:<namespace>:mcp-spent:<digest>`: one `SET NX PX`
 * both checks and records, atomically for every replica. Redis not answering (an error, no answer
 * within the link's 100 ms, its circuit open) is `unavailable`. A `SET` whose answer was lost may
 * have been recorded: the retry is then `spent` and the write never ran, which is the safe side.
 * A Redis that may evict (or whose policy is unknown) is `evictable` before anything is recorded:
 * an evicted record would let its token run again on any replica.
 */
export class RedisSpentTokens implements SpentTokens {
  readonly #redis: RedisLink;

  constructor(redis: RedisLink) {
    this.#redis = redis;
  }

  async spend(tokenDigest: string, expiresAtMs: number): Promise<Spend> {
    const ttlMs = Math.max(1, expiresAtMs + CLOCK_MARGIN_MS - Date.now());
    const key = this.#redis.key(`mcp-spent:${tokenDigest}`);
    try {
      if (mayEvict(await this.#redis.maxmemoryPolicy())) return 'evictable';
      const set = await this.#redis.run((client) => client.set(key, '1', { condition: 'NX', expiration: { type: 'PX', value: ttlMs } }));
      return set === 'OK' ? 'first' : 'spent';
    } catch {
      return 'unavailable';
    }
  }
}
