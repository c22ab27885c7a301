// The gateway's shared key-value cache: automatic persisted queries (and any other
// store of documents) read and write through it. In memory by default; with REDIS_URL, one
// Redis shared by every replica and worker, so a document registered on one is found on all.
import { ErrorsAreMissesCache, InMemoryLRUCache, PrefixingKeyValueCache, type KeyValueCache, type KeyValueCacheSetOptions } from '@apollo/utils.keyvaluecache';
import type { RedisLink } from './upstream-client/across-requests/redis-link.ts';

export interface GatewayCache {
  /** Where the entries live, for logs and the banner: `memory` or the Redis URL without credentials. */
  readonly backend: string;
  /** The Redis link entries live behind (null in memory): the upstream client's work across requests shares it. */
  readonly redis: RedisLink | null;
  /** A view of the cache whose keys all start with `prefix` (one per feature: `apq:`, `trusted:`...). */
  namespace(prefix: string): KeyValueCache<string>;
  /**
   * Like `namespace`, for entries that must not be lost (trusted documents): what this process
   * writes stays in its own memory, never evicted, and is also written to Redis, where entries
   * other replicas wrote are found. A Redis outage or restart loses no entry this process holds.
   */
  pinned(prefix: string): KeyValueCache<string>;
  /** Closes the Redis link (nothing to do in memory). */
  close(): Promise<void>;
}

/** In memory (bounded LRU, per process) unless `redis` is given: then in Redis, through that one link. */
export function createCache(redis?: RedisLink | null): GatewayCache {
  return redis ? redisCache(redis) : memoryCache();
}

function memoryCache(): GatewayCache {
  // About 30 MB of documents: sizes are counted in characters, as Apollo's own default cache does.
  const store = new InMemoryLRUCache<string>({ maxSize: 30 * 1024 * 1024 });
  return {
    backend: 'memory',
    redis: null,
    namespace: (prefix) => new PrefixingKeyValueCache(store, prefix),
    pinned: () => new PinnedCache(null),
    close: async () => {},
  };
}

function redisCache(redis: RedisLink): GatewayCache {
  // A Redis outage must not fail operations: the link gives up quickly (its circuit) and errors
  // count as misses (an APQ client then sends the full document again).
  const shared = new ErrorsAreMissesCache(new RedisKeyValueCache(redis));
  return {
    backend: `${redactCredentials(redis.url)} (namespace ${redis.namespace})`,
    redis,
    namespace: (prefix) => new PrefixingKeyValueCache(shared, prefix),
    pinned: (prefix) => new PinnedCache(new PrefixingKeyValueCache(shared, prefix)),
    close: () => redis.close(),
  };
}

/**
 * Apollo's key-value cache interface over the gateway's one Redis link (redis-link.ts), keys under
 * its namespace. Written here rather than through Keyv's adapter: that one needs a client of its
 * own, without the link's circuit, so a hung Redis would hold every persisted query's lookup.
 */
class RedisKeyValueCache implements KeyValueCache<string> {
  readonly #redis: RedisLink;

  constructor(redis: RedisLink) {
    this.#redis = redis;
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.#redis.run((client) => client.get(this.#redis.key(key)))) ?? undefined;
  }

  async set(key: string, value: string, options?: KeyValueCacheSetOptions): Promise<void> {
    const ttl = options?.ttl;
    await this.#redis.run((client) => client.set(this.#redis.key(key), value, ttl ? { expiration: { type: 'EX', value: ttl } } : {}));
  }

  async delete(key: string): Promise<boolean> {
    return (await this.#redis.run((client) => client.del(this.#redis.key(key)))) > 0;
  }
}

function redactCredentials(raw: string): string {
  const url = new URL(raw);
  if (url.password) url.password = '***';
  return url.toString();
}

/** This process's entries in a Map (never evicted), in front of an optional shared cache. */
class PinnedCache implements KeyValueCache<string> {
  readonly #local = new Map<string, string>();
  readonly #shared: KeyValueCache<string> | null;

  constructor(shared: KeyValueCache<string> | null) {
    this.#shared = shared;
  }

  async get(key: string): Promise<string | undefined> {
    return this.#local.get(key) ?? (await this.#shared?.get(key));
  }

  async set(key: string, value: string): Promise<void> {
    this.#local.set(key, value);
    await this.#shared?.set(key, value);
  }

  async delete(key: string): Promise<boolean> {
    const local = this.#local.delete(key);
    return (await this.#shared?.delete(key)) || local;
  }
}
