// Upstream GET answers kept across requests, per key (docs/caching-and-quota.md). An entry is
// found only under the hash of the token that fetched it plus the exact path and query, so it is
// never served to another key, not even one of the same organization. Each entry carries the
// generation counters of the scopes it depends on (invalidation-scopes.ts) as they were when its
// read started; a write bumps counters, and an entry whose counters moved is a miss for every key.
// In memory (an LRU bounded in bytes) or, with Redis, shared by every worker and replica.
import { ByteLru } from './byte-lru.ts';
import { REDIS_PREFIX, type RedisLink } from './redis-link.ts';

/** What a lookup found: the value when a fresh entry exists, and the generations to store a new one under. */
export interface Lookup {
  value: unknown;
  /** The dependent scopes' generations, joined: an entry stored with another stamp is stale. */
  stamp: string;
  /** With `value`: when the entry expires (epoch ms), its lifetime after the upstream answered it. */
  expiresAt?: number;
}

export interface ReadCache {
  lookup(keyHash: string, path: string, scopes: string[]): Promise<Lookup>;
  /** Keeps `value` for `ttlMs`, unless it is larger than an entry may be. */
  store(keyHash: string, path: string, stamp: string, value: unknown): Promise<void>;
  /** Bumps the generation of every scope in `scopes`: entries depending on them are stale for every key. */
  invalidate(scopes: string[]): Promise<void>;
  /**
   * Keeps `entries` (answers another answer held, list-primes.ts) as the key's own, with their scopes'
   * current generations, but only if the generations of the answer they came from (`scopes`) still
   * read `stamp`: nothing they depend on was written while it was read.
   */
  prime(keyHash: string, scopes: string[], stamp: string, entries: Array<{ path: string; scopes: string[]; value: unknown }>): Promise<void>;
}

/** Largest single entry, as a share of the cache's bytes (one huge list must not empty the cache). */
const LARGEST_ENTRY_SHARE = 8;

interface MemoryEntry {
  stamp: string;
  value: unknown;
  expiresAt: number;
}

export class MemoryReadCache implements ReadCache {
  readonly #entries: ByteLru<MemoryEntry>;
  readonly #generations = new Map<string, number>();
  readonly #ttlMs: number;
  readonly #largestEntry: number;

  constructor(ttlMs: number, maxBytes: number) {
    this.#ttlMs = ttlMs;
    this.#largestEntry = Math.floor(maxBytes / LARGEST_ENTRY_SHARE);
    this.#entries = new ByteLru<MemoryEntry>(maxBytes);
  }

  async lookup(keyHash: string, path: string, scopes: string[]): Promise<Lookup> {
    const stamp = scopes.map((scope) => this.#generations.get(scope) ?? 0).join(',');
    const entry = this.#entries.get(entryKey(keyHash, path));
    return entry?.stamp === stamp ? { value: entry.value, stamp, expiresAt: entry.expiresAt } : { value: undefined, stamp };
  }

  async store(keyHash: string, path: string, stamp: string, value: unknown): Promise<void> {
    const size = byteSize(value);
    if (size > this.#largestEntry) return;
    this.#entries.set(entryKey(keyHash, path), { stamp, value, expiresAt: Date.now() + this.#ttlMs }, size, this.#ttlMs);
  }

  async invalidate(scopes: string[]): Promise<void> {
    for (const scope of scopes) this.#generations.set(scope, (this.#generations.get(scope) ?? 0) + 1);
  }

  async prime(keyHash: string, scopes: string[], stamp: string, entries: Array<{ path: string; scopes: string[]; value: unknown }>): Promise<void> {
    if (this.#stampOf(scopes) !== stamp) return;
    for (const entry of entries) await this.store(keyHash, entry.path, this.#stampOf(entry.scopes), entry.value);
  }

  #stampOf(scopes: string[]): string {
    return scopes.map((scope) => this.#generations.get(scope) ?? 0).join(',');
  }
}

export class RedisReadCache implements ReadCache {
  readonly #redis: RedisLink;
  readonly #ttlMs: number;
  readonly #largestEntry: number;

  constructor(redis: RedisLink, ttlMs: number, maxEntryBytes: number) {
    this.#redis = redis;
    this.#ttlMs = ttlMs;
    this.#largestEntry = maxEntryBytes;
  }

  /** One round trip: the entry and the current generations together. A Redis failure is a miss. */
  async lookup(keyHash: string, path: string, scopes: string[]): Promise<Lookup> {
    try {
      const [entry, ...generations] = await this.#redis.run((client) => client.mGet([REDIS_PREFIX + entryKey(keyHash, path), ...scopes.map(generationKey)]));
      const stamp = generations.map((generation) => generation ?? '0').join(',');
      if (typeof entry !== 'string') return { value: undefined, stamp };
      const parsed = JSON.parse(entry) as { s: string; v: unknown; e?: number };
      return parsed.s === stamp ? { value: parsed.v, stamp, ...(parsed.e === undefined ? {} : { expiresAt: parsed.e }) } : { value: undefined, stamp };
    } catch {
      // Unknown generations: a stamp no entry carries, so what this read fetches is not kept either.
      return { value: undefined, stamp: 'unknown' };
    }
  }

  async store(keyHash: string, path: string, stamp: string, value: unknown): Promise<void> {
    if (stamp === 'unknown') return;
    const text = JSON.stringify({ s: stamp, v: value, e: Date.now() + this.#ttlMs });
    if (Buffer.byteLength(text) > this.#largestEntry) return;
    await this.#redis
      .run((client) => client.set(REDIS_PREFIX + entryKey(keyHash, path), text, { expiration: { type: 'PX', value: this.#ttlMs } }))
      .catch(() => {});
  }

  async prime(keyHash: string, scopes: string[], stamp: string, entries: Array<{ path: string; scopes: string[]; value: unknown }>): Promise<void> {
    if (stamp === 'unknown' || entries.length === 0) return;
    const keys = [...scopes, ...entries.flatMap((entry) => entry.scopes)].map(generationKey);
    const generations = await this.#redis.run((client) => client.mGet(keys)).catch(() => null);
    if (!generations) return;
    const stamps = generations.map((generation) => generation ?? '0');
    if (stamps.slice(0, scopes.length).join(',') !== stamp) return;
    let at = scopes.length;
    for (const entry of entries) {
      const entryStamp = stamps.slice(at, (at += entry.scopes.length)).join(',');
      await this.store(keyHash, entry.path, entryStamp, entry.value);
    }
  }

  /** Must reach Redis for read-your-writes across replicas: a failure is thrown to the writer's caller to log. */
  async invalidate(scopes: string[]): Promise<void> {
    await this.#redis.run((client) => {
      const multi = client.multi();
      for (const scope of scopes) multi.incr(generationKey(scope));
      return multi.exec();
    });
  }
}

const entryKey = (keyHash: string, path: string): string => `read:${keyHash}:${path}`;
const generationKey = (scope: string): string => `${REDIS_PREFIX}generation:${scope}`;

/** The entry's size in bytes as JSON: what bounds the memory cache. */
function byteSize(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? '');
}
