// Upstream GET answers kept across requests, per key (docs/caching-and-quota.md). An entry is
// found only under the identity of the token that fetched it (an HMAC, token-digest.ts) plus the
// exact path and query, so it is never served to another key, not even one of the same
// organization. Each entry carries the generation counters of the scopes it depends on (scopes.ts)
// as they were when its read started; a write bumps counters, and an entry whose counters moved is
// a miss for every key.
// In memory (lru-cache, bounded in bytes overall and per key) or, with Redis, shared by every
// worker and replica.
import { LRUCache } from 'lru-cache';
import { randomBytes } from 'node:crypto';
import type { RedisClientType } from '@redis/client';
import { Generations } from './generations.ts';
import { RedisUnavailableError, type RedisCommand, type RedisLink } from './redis-link.ts';
import type { SealedEntries } from './sealed-entries.ts';
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

/** A stamp read from Redis; a stamp of the memory used during an outage starts with `m<outage>:`. */
const REDIS_STAMP = 'r:';
/** Generations not known (Redis failed): no entry carries it, so what the read fetches is not kept. */
const UNKNOWN: Lookup = { value: undefined, stamp: 'unknown' };
/** Every Redis entry depends on this generation too: bumped when more invalidations were missed than are kept. */
const EPOCH = '*';
/** A Redis entry's plaintext: the stamp it was stored under, the value, when it expires (ms since the epoch). */
interface Opened {
  s: string;
  v: unknown;
  e: number;
}

/** node-redis's RESP_TYPES.BLOB_STRING mapped to Buffer: sealed entries are bytes (base64 would cost ~1.4 µs a KiB to decode). */
const AS_BUFFERS = { 36: Buffer } as const;
/** Scopes whose invalidation could not reach Redis, kept to be replayed when it answers again. */
const MAX_MISSED_SCOPES = 10_000;

export interface RedisReadCacheOptions {
  ttlMs: number;
  /** The memory used while Redis does not answer; an eighth of it is also the largest entry kept in Redis. */
  maxBytes: number;
  /** How long a generation counter lives after its last bump: at least an entry's lifetime plus the longest read. */
  generationTtlMs: number;
}

/**
 * Entries sealed (sealed-entries.ts) under `read:<key identity>:<name of the path>`, generations
 * under `generation:<scope>` with a TTL. While Redis's circuit is open (redis-link.ts), reads and
 * writes use a memory cache of that outage only, and the invalidations Redis missed are kept and
 * replayed before the circuit closes: nothing a write made stale during the outage is served after it.
 */
export class RedisReadCache implements ReadCache {
  readonly #redis: RedisLink;
  readonly #seals: SealedEntries;
  readonly #options: RedisReadCacheOptions;
  readonly #largestEntry: number;
  #outageMemory: MemoryReadCache | null = null;
  #outageMemoryOf = -1;
  readonly #missed = new Set<string>();
  #missedTooMany = false;
  /**
   * Entries this process already opened (or stored), by Redis key: served while their stamp is
   * Redis's current one, so a repeated read skips the decryption and JSON parsing (on a 50-flag page,
   * the sealing alone cost ~10% CPU without it; docs/caching-and-quota.md, "Redis"). Bounded like the memory cache.
   */
  readonly #opened: LRUCache<string, Opened>;

  constructor(redis: RedisLink, seals: SealedEntries, options: RedisReadCacheOptions) {
    this.#redis = redis;
    this.#seals = seals;
    this.#options = options;
    this.#largestEntry = Math.floor(options.maxBytes / KEY_SHARE);
    this.#opened = new LRUCache<string, Opened>({ maxSize: options.maxBytes });
    redis.onRecovery((run) => this.#replay(run));
  }

  /** One round trip: the entry and the current generations together (the key's own too: `forgetKey`). A Redis failure is a miss. */
  async lookup(keyHash: string, path: string, readScopes: string[]): Promise<Lookup> {
    if (!this.#redis.available)
      return this.#fromOutageMemory((memory, prefix) => memory.lookup(keyHash, path, readScopes).then((found) => ({ ...found, stamp: prefix + found.stamp })));
    this.#outageMemory = null;
    const scopes = [...readScopes, keyScope(keyHash)];
    const key = this.#entryKey(keyHash, path);
    if (!key) return UNKNOWN;
    try {
      const keys = [key, ...this.#generationKeys(scopes)];
      const [entry, ...generations] = await this.#redis.run<Array<Buffer | null>>((client) => client.withTypeMapping(AS_BUFFERS).mGet(keys));
      const stamp = REDIS_STAMP + generations.map((generation) => generation?.toString('latin1') ?? '0').join(',');
      const opened = this.#opened.get(key);
      if (opened?.s === stamp) return { value: opened.v, stamp, expiresAt: opened.e };
      const text = entry ? this.#seals.open(keyHash, key, entry) : null;
      if (text === null) return { value: undefined, stamp };
      const parsed = JSON.parse(text) as Opened;
      if (parsed.s !== stamp) return { value: undefined, stamp };
      this.#keep(key, parsed, text.length);
      return { value: parsed.v, stamp, expiresAt: parsed.e };
    } catch {
      return UNKNOWN;
    }
  }

  async store(keyHash: string, path: string, stamp: string, value: unknown, ttlMs = this.#options.ttlMs): Promise<void> {
    if (!stamp.startsWith(REDIS_STAMP)) return this.#inOutageMemory(stamp, (memory, own) => memory.store(keyHash, path, own, value, ttlMs));
    const entry = this.#sealed(keyHash, path, stamp, value, ttlMs);
    if (!entry) return;
    this.#keep(entry.key, entry.opened, entry.value.length);
    await this.#redis.run((client) => client.set(entry.key, entry.value, { expiration: { type: 'PX', value: ttlMs } })).catch(() => {});
  }

  /** The generations in one round trip, then every entry in one more (a MULTI), however many the list primes. */
  async prime(keyHash: string, readScopes: string[], stamp: string, entries: Array<{ path: string; scopes: string[]; value: unknown }>): Promise<void> {
    if (entries.length === 0) return;
    if (!stamp.startsWith(REDIS_STAMP)) return this.#inOutageMemory(stamp, (memory, own) => memory.prime(keyHash, readScopes, own, entries));
    // As in `lookup`, every stamp also holds the key's own generation (`forgetKey`).
    const own = keyScope(keyHash);
    const scopes = [...readScopes, own];
    const keys = [scopes, ...entries.map((entry) => [...entry.scopes, own])].flatMap((each) => this.#generationKeys(each));
    try {
      const generations = (await this.#redis.run((client) => client.mGet(keys))).map((generation) => generation ?? '0');
      let at = scopes.length + 1;
      if (REDIS_STAMP + generations.slice(0, at).join(',') !== stamp) return;
      const sealed = entries.map((entry) => {
        const entryStamp = REDIS_STAMP + generations.slice(at, (at += entry.scopes.length + 2)).join(',');
        return this.#sealed(keyHash, entry.path, entryStamp, entry.value);
      });
      await this.#redis.run((client) => {
        const multi = client.multi();
        for (const entry of sealed) {
          if (!entry) continue;
          this.#keep(entry.key, entry.opened, entry.value.length);
          multi.set(entry.key, entry.value, { expiration: { type: 'PX', value: this.#options.ttlMs } });
        }
        return multi.exec();
      });
    } catch {
      // Not kept: the flags are read on their own when asked.
    }
  }

  /** Every Redis stamp holds the key's own generation: bumping it ends all of the key's entries (and the outage memory's). */
  async forgetKey(keyHash: string): Promise<void> {
    await this.#outageMemory?.forgetKey(keyHash);
    await this.invalidate([keyScope(keyHash)]);
  }

  /**
   * Must reach Redis for read-your-writes across replicas. When it cannot, the scopes are kept
   * and replayed once Redis answers again, and the failure is thrown to the writer's caller to count.
   */
  async invalidate(scopes: string[]): Promise<void> {
    if (this.#redis.available) {
      try {
        await this.#redis.run((client) => this.#bump(client, scopes));
        return;
      } catch {
        // Fall through: kept for the replay.
      }
    }
    await this.#fromOutageMemory((memory) => memory.invalidate(scopes));
    this.#remember(scopes);
    throw new RedisUnavailableError('Redis did not take the invalidation: it is replayed when Redis answers again');
  }

  /** Each scope's generation set to a new value nobody has seen (never a counter that restarts at 0 once expired). */
  #bump(client: RedisClientType, scopes: string[]): Promise<unknown> {
    const generation = randomBytes(9).toString('base64url');
    const multi = client.multi();
    for (const scope of scopes) multi.set(this.#generationKey(scope), generation, { expiration: { type: 'PX', value: this.#options.generationTtlMs } });
    return multi.exec();
  }

  #remember(scopes: string[]): void {
    if (this.#missedTooMany) return;
    if (this.#missed.size + scopes.length > MAX_MISSED_SCOPES) {
      this.#missedTooMany = true;
      this.#missed.clear();
    } else for (const scope of scopes) this.#missed.add(scope);
  }

  /** Before the circuit closes: what Redis missed is invalidated there (every entry, if too much was missed). */
  async #replay(run: RedisCommand): Promise<void> {
    // Again while invalidations arrived during the last round trip.
    while (this.#missedTooMany || this.#missed.size > 0) {
      const scopes = this.#missedTooMany ? [EPOCH] : [...this.#missed];
      await run((client) => this.#bump(client, scopes));
      if (scopes[0] === EPOCH) this.#missedTooMany = false;
      for (const scope of scopes) this.#missed.delete(scope);
    }
  }

  /** The memory of the current outage (a new one for each: what another outage kept may be stale by now). */
  #fromOutageMemory<T>(use: (memory: MemoryReadCache, prefix: string) => Promise<T>): Promise<T> {
    const outage = this.#redis.outages;
    if (this.#outageMemoryOf !== outage || !this.#outageMemory) {
      this.#outageMemory = new MemoryReadCache(this.#options.ttlMs, this.#options.maxBytes, new Generations(this.#options.generationTtlMs));
      this.#outageMemoryOf = outage;
    }
    return use(this.#outageMemory, `m${outage}:`);
  }

  /** Runs `use` with the stamp's own part when it was read from the current outage's memory; otherwise keeps nothing. */
  async #inOutageMemory(stamp: string, use: (memory: MemoryReadCache, own: string) => Promise<void>): Promise<void> {
    const prefix = `m${this.#outageMemoryOf}:`;
    if (this.#outageMemory && stamp.startsWith(prefix)) await use(this.#outageMemory, stamp.slice(prefix.length));
  }

  #sealed(keyHash: string, path: string, stamp: string, value: unknown, ttlMs = this.#options.ttlMs): { key: string; value: Buffer; opened: Opened } | null {
    const key = this.#entryKey(keyHash, path);
    const opened: Opened = { s: stamp, v: value, e: Date.now() + ttlMs };
    const text = JSON.stringify(opened);
    if (!key || Buffer.byteLength(text) > this.#largestEntry) return null;
    const sealed = this.#seals.seal(keyHash, key, text);
    return sealed === null ? null : { key, value: sealed, opened };
  }

  /** Keeps an opened entry until it expires in Redis (`e`, so it is never served longer than it lives there). */
  #keep(key: string, opened: Opened, size: number): void {
    const ttl = opened.e - Date.now();
    if (ttl > 0) this.#opened.set(key, opened, { size: Math.max(1, size), ttl });
  }

  #entryKey(keyHash: string, path: string): string | null {
    const name = this.#seals.name(keyHash, path);
    return name === null ? null : this.#redis.key(`read:${keyHash}:${name}`);
  }

  #generationKeys(scopes: string[]): string[] {
    return [this.#generationKey(EPOCH), ...scopes.map((scope) => this.#generationKey(scope))];
  }

  #generationKey(scope: string): string {
    return this.#redis.key(`generation:${scope}`);
  }
}

const entryKey = (keyHash: string, path: string): string => `read:${keyHash}:${path}`;

/** The entry's size in bytes as JSON: what bounds the memory cache. */
function byteSize(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? '');
}
