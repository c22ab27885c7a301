// The gateway's shared key-value cache: automatic persisted queries (and any other
// store of documents) read and write through it. In memory by default; with REDIS_URL, one
// Redis shared by every replica and worker, so a document registered on one is found on all.
import { createRequire } from 'node:module';
import Keyv from 'keyv';
import { KeyvAdapter } from '@apollo/utils.keyvadapter';
import { ErrorsAreMissesCache, InMemoryLRUCache, PrefixingKeyValueCache, type KeyValueCache } from '@apollo/utils.keyvaluecache';

export interface GatewayCache {
  /** Where the entries live, for logs and the banner: `memory` or the Redis URL without credentials. */
  readonly backend: string;
  /** A view of the cache whose keys all start with `prefix` (one per feature: `apq:`, `trusted:`...). */
  namespace(prefix: string): KeyValueCache<string>;
  /**
   * Like `namespace`, for entries that must not be lost (trusted documents): what this process
   * writes stays in its own memory, never evicted, and is also written to Redis, where entries
   * other replicas wrote are found. A Redis outage or restart loses no entry this process holds.
   */
  pinned(prefix: string): KeyValueCache<string>;
  /** Closes the Redis connection (nothing to do in memory). */
  close(): Promise<void>;
}

// Every key in Redis starts with this, so the gateway can share a Redis with other services.
const REDIS_NAMESPACE = 'graphql-gateway';

/** In memory (bounded LRU, per process) unless `redisUrl` is given. */
export function createCache(redisUrl?: string | null): GatewayCache {
  return redisUrl ? redisCache(redisUrl) : memoryCache();
}

function memoryCache(): GatewayCache {
  // About 30 MB of documents: sizes are counted in characters, as Apollo's own default cache does.
  const store = new InMemoryLRUCache<string>({ maxSize: 30 * 1024 * 1024 });
  return {
    backend: 'memory',
    namespace: (prefix) => new PrefixingKeyValueCache(store, prefix),
    pinned: () => new PinnedCache(null),
    close: async () => {},
  };
}

// The Redis client is loaded only when REDIS_URL asks for it: it costs ~10 MB resident
// (docs/performance.md, "Memory"), and in memory it is never used.
const loadKeyvRedis = () => (createRequire(import.meta.url)('@keyv/redis') as typeof import('@keyv/redis')).default;

function redisCache(redisUrl: string): GatewayCache {
  const KeyvRedis = loadKeyvRedis();
  // A Redis outage must not fail operations: reads and writes give up quickly and count as misses
  // (an APQ client then sends the full document again), and the client keeps reconnecting.
  const store = new KeyvRedis(redisUrl, { namespace: REDIS_NAMESPACE, throwOnConnectError: false, throwOnErrors: false, connectionTimeout: 2000 });
  const keyv = new Keyv<string>({ store, namespace: REDIS_NAMESPACE, useKeyPrefix: false, throwOnErrors: false });
  keyv.on('error', () => {});
  // The adapter is typed against keyv's CommonJS declarations and we import its ESM ones: the same class.
  const shared = new ErrorsAreMissesCache(new KeyvAdapter<string>(keyv as never));
  return {
    backend: redactCredentials(redisUrl),
    namespace: (prefix) => new PrefixingKeyValueCache(shared, prefix),
    pinned: (prefix) => new PinnedCache(new PrefixingKeyValueCache(shared, prefix)),
    close: () => keyv.disconnect(),
  };
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
