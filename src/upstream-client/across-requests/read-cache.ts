// Upstream GET answers kept across requests, per key (docs/caching-and-quota.md). An entry is
// found only under the hash of the token that fetched it plus the exact path and query, so it is
// never served to another key, not even one of the same organization. Each entry carries the
// generation counters of the scopes it depends on (scopes.ts) as they were when its read started;
// a write bumps counters, and an entry whose counters moved is a miss for every key.
// In memory (lru-cache, bounded in bytes overall and per key) or, with Redis, shared by every
// worker and replica.
import { LRUCache } from 'lru-cache';
import type { Generations } from './generations.ts';
import { REDIS_PREFIX, type RedisLink } from './redis-link.ts';
import { keyScope } from './scopes.ts';

/** What a lookup found: the value when a fresh entry exists, and the generations to store a new one under. */
export interface Lookup {
  value: unknown;
  /** The dependent scopes' generations, joined: an entry stored with another stamp is stale. */
  stamp: string;
  /** With `value`: when the entry expires (epoch ms). */
  expiresAt?: number;
}

export interface ReadCache {
  lookup(keyHash: string, path: string, scopes: string[]): Promise<Lookup>;
  /** Keeps `value` for `ttlMs` (the cache lifetime when left out), unless it is larger than an entry may be. */
  store(keyHash: string, path: string, stamp: string, value: unknown, ttlMs?: number): Promise<void>;
  /** Bumps the generation of every scope in `scopes`: entries depending on them are stale for every key. */
  invalidate(scopes: string[]): Promise<void>;
  /** Ends every entry of the key (the upstream refused it: 401). */
  forgetKey(keyHash: string): Promise<void>;
  /**
   * Keeps `entries` (answers another answer held: an endpoint's `primes`) as the key's own, with their
   * scopes' current generations, but only if the generations of the answer they came from (`scopes`)
   * still read `stamp`: nothing they depend on was written while it was read.
   */
  prime(keyHash: string, scopes: string[], stamp: string, entries: Array<{ path: string; scopes: string[]; value: unknown }>): Promise<void>;
}

/** One key may hold at most this share of the memory cache (so may one entry): a tenant's large lists never evict the others. */
export const KEY_SHARE = 8;

interface MemoryEntry {
  keyHash: string;
  stamp: string;
  value: unknown;
  bytes: number;
}

export class MemoryReadCache implements ReadCache {
  readonly #entries: LRUCache<string, MemoryEntry>;
  /** Each key's entries (oldest first) and their bytes, for its budget and to forget it. */
  readonly #keys = new Map<string, { bytes: number; entries: Set<string> }>();
  readonly #generations: Generations;
  readonly #keyBudget: number;

  constructor(ttlMs: number, maxBytes: number, generations: Generations) {
    this.#generations = generations;
    this.#keyBudget = Math.floor(maxBytes / KEY_SHARE);
    this.#entries = new LRUCache<string, MemoryEntry>({
      maxSize: maxBytes,
      maxEntrySize: this.#keyBudget,
      sizeCalculation: (entry) => entry.bytes,
      ttl: ttlMs,
      dispose: (entry, key) => this.#released(entry, key),
    });
  }

  async lookup(keyHash: string, path: string, scopes: string[]): Promise<Lookup> {
    const stamp = this.#generations.stamp(scopes);
    const key = entryKey(keyHash, path);
    const entry = this.#entries.get(key);
    if (entry?.stamp !== stamp) return { value: undefined, stamp };
    return { value: entry.value, stamp, expiresAt: Date.now() + this.#entries.getRemainingTTL(key) };
  }

  async store(keyHash: string, path: string, stamp: string, value: unknown, ttlMs?: number): Promise<void> {
    const bytes = byteSize(value);
    if (bytes > this.#keyBudget) return;
    const key = entryKey(keyHash, path);
    this.#entries.delete(key);
    this.#makeRoom(keyHash, bytes);
    this.#entries.set(key, { keyHash, stamp, value, bytes }, ttlMs === undefined ? {} : { ttl: ttlMs });
    const kept = this.#keys.get(keyHash) ?? { bytes: 0, entries: new Set<string>() };
    kept.bytes += bytes;
    kept.entries.add(key);
    this.#keys.set(keyHash, kept);
  }

  async invalidate(scopes: string[]): Promise<void> {
    this.#generations.bump(scopes);
  }

  async forgetKey(keyHash: string): Promise<void> {
    for (const key of [...(this.#keys.get(keyHash)?.entries ?? [])]) this.#entries.delete(key);
  }

  async prime(keyHash: string, scopes: string[], stamp: string, entries: Array<{ path: string; scopes: string[]; value: unknown }>): Promise<void> {
    if (this.#generations.stamp(scopes) !== stamp) return;
    for (const entry of entries) await this.store(keyHash, entry.path, this.#generations.stamp(entry.scopes), entry.value);
  }

  /** Bytes the key's entries use now (tests). */
  keyBytes(keyHash: string): number {
    return this.#keys.get(keyHash)?.bytes ?? 0;
  }

  /** Drops the key's oldest entries until `bytes` more fit its budget. */
  #makeRoom(keyHash: string, bytes: number): void {
    const kept = this.#keys.get(keyHash);
    if (!kept) return;
    for (const oldest of kept.entries) {
      if (kept.bytes + bytes <= this.#keyBudget) return;
      this.#entries.delete(oldest);
    }
  }

  /** An entry left the cache (replaced, deleted, evicted, expired): its key's count follows. */
  #released(entry: MemoryEntry, key: string): void {
    const kept = this.#keys.get(entry.keyHash);
    if (!kept?.entries.delete(key)) return;
    kept.bytes -= entry.bytes;
    if (kept.entries.size === 0) this.#keys.delete(entry.keyHash);
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
  async lookup(keyHash: string, path: string, readScopes: string[]): Promise<Lookup> {
    const scopes = [...readScopes, keyScope(keyHash)];
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

  async store(keyHash: string, path: string, stamp: string, value: unknown, ttlMs = this.#ttlMs): Promise<void> {
    if (stamp === 'unknown') return;
    const text = JSON.stringify({ s: stamp, v: value, e: Date.now() + ttlMs });
    if (Buffer.byteLength(text) > this.#largestEntry) return;
    await this.#redis.run((client) => client.set(REDIS_PREFIX + entryKey(keyHash, path), text, { expiration: { type: 'PX', value: ttlMs } })).catch(() => {});
  }

  async prime(keyHash: string, readScopes: string[], stamp: string, entries: Array<{ path: string; scopes: string[]; value: unknown }>): Promise<void> {
    if (stamp === 'unknown' || entries.length === 0) return;
    // As in `lookup`, every stamp also holds the key's own generation (`forgetKey`).
    const own = keyScope(keyHash);
    const scopes = [...readScopes, own];
    const keys = [...scopes, ...entries.flatMap((entry) => [...entry.scopes, own])].map(generationKey);
    const generations = await this.#redis.run((client) => client.mGet(keys)).catch(() => null);
    if (!generations) return;
    const stamps = generations.map((generation) => generation ?? '0');
    if (stamps.slice(0, scopes.length).join(',') !== stamp) return;
    let at = scopes.length;
    for (const entry of entries) {
      const entryStamp = stamps.slice(at, (at += entry.scopes.length + 1)).join(',');
      await this.store(keyHash, entry.path, entryStamp, entry.value);
    }
  }

  /** Every stamp holds the key's own generation (`lookup`, `prime`): bumping it ends all of the key's entries. */
  async forgetKey(keyHash: string): Promise<void> {
    await this.invalidate([keyScope(keyHash)]);
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
