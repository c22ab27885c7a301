// Keys the upstream throttled (429), held back until they may call again (docs/caching-and-quota.md,
// "Quota"): sending more calls with a throttled key only burns its next window. Held per key hash,
// in memory or, with Redis, for every worker and replica at once.
import type { RedisLink } from './redis-link.ts';

/** A 429 that says nothing of when to retry holds the key this long. */
export const DEFAULT_HOLD_SECONDS = 1;

export interface ThrottledKeys {
  /** Seconds until the key may call again (rounded up); 0 when it may call now. In memory, known at once. */
  waitSeconds(keyHash: string): number | Promise<number>;
  /** The upstream refused the key: hold it for `seconds`. */
  hold(keyHash: string, seconds: number): Promise<void>;
}

export class MemoryThrottledKeys implements ThrottledKeys {
  readonly #until = new Map<string, number>();

  waitSeconds(keyHash: string): number {
    const until = this.#until.get(keyHash);
    if (until === undefined) return 0;
    const left = until - Date.now();
    if (left > 0) return Math.ceil(left / 1000);
    this.#until.delete(keyHash);
    return 0;
  }

  async hold(keyHash: string, seconds: number): Promise<void> {
    const until = Date.now() + seconds * 1000;
    if (until > (this.#until.get(keyHash) ?? 0)) this.#until.set(keyHash, until);
  }
}

export class RedisThrottledKeys implements ThrottledKeys {
  readonly #redis: RedisLink;
  /** This process's own holds too: a Redis outage must not release a key the upstream just refused. */
  readonly #local = new MemoryThrottledKeys();

  constructor(redis: RedisLink) {
    this.#redis = redis;
  }

  async waitSeconds(keyHash: string): Promise<number> {
    const local = this.#local.waitSeconds(keyHash);
    if (local > 0) return local;
    const ttl = await this.#redis.run((client) => client.pTTL(this.#holdKey(keyHash))).catch(() => -2);
    return ttl > 0 ? Math.ceil(ttl / 1000) : 0;
  }

  async hold(keyHash: string, seconds: number): Promise<void> {
    await this.#local.hold(keyHash, seconds);
    const ms = Math.max(1, Math.round(seconds * 1000));
    const key = this.#holdKey(keyHash);
    // One round trip; GT keeps the longer of two holds set by different replicas.
    await this.#redis
      .run((client) =>
        client
          .multi()
          .set(key, '1', { NX: true, expiration: { type: 'PX', value: ms } })
          .pExpire(key, ms, 'GT')
          .exec(),
      )
      .catch(() => {});
  }

  #holdKey(keyHash: string): string {
    return this.#redis.key(`held:${keyHash}`);
  }
}
