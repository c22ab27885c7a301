// The upstream client's work across requests (docs/caching-and-quota.md), at one seam: between
// `UpstreamClient.request` and `UpstreamTransport.send`. For every call it
//   - holds back a key the upstream throttled until it may call again (throttled-keys.ts);
//   - serves a GET from the key's own cached answer while it is fresh and no write invalidated it (read-cache.ts);
//   - lets concurrent identical GETs of one key share one upstream call (shared-reads.ts);
//   - after a write, invalidates what the write can have changed, for every key (invalidation-scopes.ts);
//   - counts each key's upstream calls against the service's windows (quota.ts).
// Everything is keyed by the token's digest (token-digest.ts, computed once per request by the
// caller), never the token, and nothing is served across keys.
import { MemoryReadCache, RedisReadCache, type ReadCache } from './read-cache.ts';
import { projectChangeScopes, readScopes, writeScopes } from './invalidation-scopes.ts';
import { DEFAULT_RATE_LIMITS, MemoryKeyQuota, parseRateLimits, RedisKeyQuota, type KeyQuota, type QuotaWindow, type WindowUsage } from './quota.ts';
import { RedisLink } from './redis-link.ts';
import type { HttpMethod, UpstreamReport } from './report.ts';
import { flightOf, SharedReads } from './shared-reads.ts';
import { primedEntries } from './list-primes.ts';
import { DEFAULT_HOLD_SECONDS, MemoryThrottledKeys, RedisThrottledKeys, type ThrottledKeys } from './throttled-keys.ts';
import { UpstreamError } from './upstream-error.ts';

export type { QuotaWindow, WindowUsage } from './quota.ts';
export { DEFAULT_RATE_LIMITS, parseRateLimits, rateLimitSummary, type RateLimitSummary } from './quota.ts';

/** What `/metrics` counts (src/observability.ts). */
export type AcrossRequestsEvent = 'hit' | 'miss' | 'shared' | 'held' | 'invalidation' | 'invalidation-failed';

export interface AcrossRequestsOptions {
  /** How long a GET answer is served again to the same key, in ms; 0 turns the cache and shared reads off. */
  cacheTtlMs?: number;
  /** Bytes of answers kept in memory (LRU); with Redis, the largest entry is an eighth of this. */
  cacheMaxBytes?: number;
  /** After a 429, send nothing more with that key until it may retry. */
  holdThrottledKeys?: boolean;
  /** The windows each key's calls are counted in (default 480/minute and 4,800/hour). */
  rateLimits?: readonly QuotaWindow[];
  /** With Redis, the cache, generations, held keys and counts are shared by every worker and replica. */
  redisUrl?: string | null;
  onEvent?: (event: AcrossRequestsEvent, route: string) => void;
  /** Other processes with caches of their own (workers without Redis): each invalidation is made there too. */
  peers?: InvalidationPeers;
}

/**
 * The other processes' caches, for invalidations (src/cluster-invalidations.ts relays them between
 * workers). Only scopes cross: never a key, a path or an answer.
 */
export interface InvalidationPeers {
  /** Makes `scopes` stale in every other process; resolves once each has, rejects when one did not in time. */
  publish(scopes: string[]): Promise<void>;
  /** `apply` is called with the scopes another process's write made stale. */
  onInvalidation(apply: (scopes: string[]) => Promise<void>): void;
}

export const DEFAULT_CACHE_MAX_BYTES = 32 * 1024 * 1024;

interface Call {
  method: HttpMethod;
  route: string;
  decode?: (body: unknown) => unknown;
}

export class AcrossRequests {
  readonly #redis: RedisLink | null;
  readonly #cache: ReadCache | null;
  readonly #shared = new SharedReads();
  readonly #held: ThrottledKeys | null;
  readonly #quota: KeyQuota;
  readonly #onEvent: NonNullable<AcrossRequestsOptions['onEvent']>;
  readonly #peers: InvalidationPeers | null;

  constructor(options: AcrossRequestsOptions = {}) {
    const ttlMs = options.cacheTtlMs ?? 0;
    const maxBytes = options.cacheMaxBytes ?? DEFAULT_CACHE_MAX_BYTES;
    const redis = options.redisUrl ? new RedisLink(options.redisUrl) : null;
    this.#redis = redis;
    this.#cache = ttlMs <= 0 ? null : redis ? new RedisReadCache(redis, ttlMs, Math.floor(maxBytes / 8)) : new MemoryReadCache(ttlMs, maxBytes);
    this.#held = options.holdThrottledKeys ? (redis ? new RedisThrottledKeys(redis) : new MemoryThrottledKeys()) : null;
    const windows = options.rateLimits ?? parseRateLimits(DEFAULT_RATE_LIMITS);
    this.#quota = redis ? new RedisKeyQuota(redis, windows) : new MemoryKeyQuota(windows);
    this.#onEvent = options.onEvent ?? (() => {});
    const cache = this.#cache;
    this.#peers = cache ? (options.peers ?? null) : null;
    this.#peers?.onInvalidation((scopes) => cache!.invalidate(scopes));
  }

  /** True when GET answers are kept across requests. */
  get caching(): boolean {
    return this.#cache !== null;
  }

  /**
   * One call of `UpstreamClient.request`: `send` makes it upstream (with retries) for this request.
   * `path` is the call's path and query, exactly as sent; `keyHash` the digest of the caller's key.
   */
  request(call: Call, path: string, keyHash: string, report: UpstreamReport, send: () => Promise<unknown>): Promise<unknown> {
    const wait = this.#held?.waitSeconds(keyHash) ?? 0;
    if (wait === 0) return this.#served(call, path, keyHash, report, send);
    return Promise.resolve(wait).then((seconds) => {
      if (seconds === 0) return this.#served(call, path, keyHash, report, send);
      report.served(report.start(), { method: call.method, route: call.route, status: 429 }, 'held');
      this.#onEvent('held', call.route);
      throw heldBack(call, seconds);
    });
  }

  /**
   * Hears each attempt `send` made with the key `keyHash` stands for (http.ts): those the upstream answered count against
   * the key's quota, and a 429 holds the key for as long as the upstream asked (Retry-After, else
   * the detail's seconds).
   */
  attempted(keyHash: string, failure: unknown): void {
    const answered = failure === undefined || (failure instanceof UpstreamError && failure.status !== null);
    if (!answered) return;
    this.#quota.record(keyHash);
    if (this.#held && failure instanceof UpstreamError && failure.status === 429) {
      void this.#held.hold(keyHash, failure.retryAfter ?? DEFAULT_HOLD_SECONDS).catch(() => {});
    }
  }

  /** The key's calls counted in each window. */
  usage(keyHash: string): Promise<WindowUsage[]> {
    return this.#quota.usage(keyHash);
  }

  /** Seconds until the key may call the upstream again (0: now). */
  async heldFor(keyHash: string): Promise<number> {
    return this.#held ? this.#held.waitSeconds(keyHash) : 0;
  }

  /** A change seen in the project's activity log (live updates' feed): its entries are stale for every key. */
  async projectChanged(projectId: number): Promise<void> {
    await this.#invalidate(projectChangeScopes(projectId), '/api/projects/{project_id}/feature_flags/activity/');
  }

  async close(): Promise<void> {
    await this.#redis?.close();
  }

  /** A call of a key that may call now: a write, a read through the cache, or straight upstream. */
  #served(call: Call, path: string, keyHash: string, report: UpstreamReport, send: () => Promise<unknown>): Promise<unknown> {
    // What this layer never keeps, no cache downstream may keep either (apollo-plugins/cache-control.ts).
    if (call.method !== 'GET' || !isCacheable(call)) report.markNotKeepable();
    if (call.method !== 'GET') return this.#write(call, path, send);
    if (!this.#cache || !isCacheable(call)) return send();
    return this.#read(this.#cache, call, path, keyHash, report, send);
  }

  async #read(cache: ReadCache, call: Call, path: string, keyHash: string, report: UpstreamReport, send: () => Promise<unknown>): Promise<unknown> {
    const entryPath = call.decode ? `${path} ${call.decode.name}` : path;
    const { value, stamp, expiresAt } = await cache.lookup(keyHash, entryPath, readScopes(path));
    if (value !== undefined) {
      report.served(report.start(), { method: call.method, route: call.route, status: 200 }, 'cache');
      if (expiresAt !== undefined) report.usedCachedAnswer(expiresAt);
      this.#onEvent('hit', call.route);
      return value;
    }
    const flight = flightOf(keyHash, entryPath, stamp);
    const inFlight = this.#shared.find(flight);
    if (inFlight) {
      this.#onEvent('shared', call.route);
      return this.#follow(inFlight, call, report, send);
    }
    this.#onEvent('miss', call.route);
    return this.#shared.start(flight, async () => {
      const answer = await send();
      await cache.store(keyHash, entryPath, stamp, answer).catch(() => {});
      const primed = primedEntries(call.route, path, answer).map((entry) => ({ ...entry, scopes: readScopes(entry.path) }));
      if (primed.length > 0) await cache.prime(keyHash, readScopes(path), stamp, primed).catch(() => {});
      return answer;
    });
  }

  /** The answer of another request's identical read; if that request was cut short (deadline, disconnect), this one reads for itself. */
  async #follow(flight: Promise<unknown>, call: Call, report: UpstreamReport, own: () => Promise<unknown>): Promise<unknown> {
    const started = report.start();
    try {
      const answer = await flight;
      report.served(started, { method: call.method, route: call.route, status: 200 }, 'shared');
      return answer;
    } catch (error) {
      report.served(started, { method: call.method, route: call.route, status: error instanceof UpstreamError ? error.status : null }, 'shared');
      if (error instanceof UpstreamError && (error.kind === 'timeout' || error.kind === 'unavailable')) return own();
      throw error;
    }
  }

  /** A write, then the invalidation of what it can have changed, whatever its outcome (a timed-out write may have been applied). */
  async #write(call: Call, path: string, send: () => Promise<unknown>): Promise<unknown> {
    try {
      return await send();
    } finally {
      if (this.#cache) await this.#invalidate(writeScopes(path), call.route);
    }
  }

  async #invalidate(scopes: string[], route: string): Promise<void> {
    if (!this.#cache) return;
    try {
      await Promise.all([this.#cache.invalidate(scopes), this.#peers?.publish(scopes)]);
      this.#onEvent('invalidation', route);
    } catch {
      this.#onEvent('invalidation-failed', route);
    }
  }
}

/** Activity logs are what live updates poll for changes: always read fresh. */
const isCacheable = (call: Call): boolean => !call.route.includes('/activity/');

/** The answer for a call not sent because its key is held: the same code and `retryAfter` a 429 gives. */
function heldBack(call: Call, seconds: number): UpstreamError {
  const detail = `Not sent: the upstream throttled this API key. Expected available in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
  return new UpstreamError({
    kind: 'http',
    status: 429,
    body: { type: 'throttled_error', code: 'throttled', detail, attr: null },
    route: call.route,
    message: `${call.method} ${call.route} was not sent: its API key is throttled for ${seconds} more seconds`,
    retryAfter: seconds,
  });
}

/**
 * The settings of the work across requests, named as in `Config` (src/config.ts) and `GatewayOptions`.
 * `startGateway` leaves each one out as off (an embedding program or a test opts in); `npm start`
 * reads them from the environment with the defaults in `ACROSS_REQUESTS_DEFAULTS`.
 */
export interface AcrossRequestsSettings {
  /** UPSTREAM_CACHE_TTL_MS: how long a GET answer is served again to the same key; 0 turns the cache and shared reads off. */
  upstreamCacheTtlMs: number;
  /** UPSTREAM_CACHE_MAX_BYTES: bytes of cached answers held in memory (LRU); with Redis, the largest entry is an eighth of this. */
  upstreamCacheMaxBytes: number;
  /** UPSTREAM_RATE_LIMITS: the windows each key's calls are counted in, e.g. `480/minute,4800/hour`. */
  upstreamRateLimits: readonly QuotaWindow[];
  /** After a 429, send nothing more with that key until it may retry (always on under `npm start`). */
  upstreamHoldThrottledKeys: boolean;
}

/** `options`' settings of the work across requests (main.ts hands a `Config` on with it). */
export function acrossRequestsSettings(options: AcrossRequestsSettings): AcrossRequestsSettings {
  const { upstreamCacheTtlMs, upstreamCacheMaxBytes, upstreamRateLimits, upstreamHoldThrottledKeys } = options;
  return { upstreamCacheTtlMs, upstreamCacheMaxBytes, upstreamRateLimits, upstreamHoldThrottledKeys };
}

/**
 * Under `npm start`. 10 s of cache: a frontend's screens repeat their reads within seconds (tabs,
 * colleagues, back and forth), and 10 s bounds how stale a change made elsewhere can be when no
 * live-updates feed watches the project (docs/caching-and-quota.md, "How stale").
 */
export const ACROSS_REQUESTS_DEFAULTS: Readonly<AcrossRequestsSettings> = Object.freeze({
  upstreamCacheTtlMs: 10_000,
  upstreamCacheMaxBytes: DEFAULT_CACHE_MAX_BYTES,
  upstreamRateLimits: parseRateLimits(DEFAULT_RATE_LIMITS),
  upstreamHoldThrottledKeys: true,
});

/** The work across requests of `options` (GatewayOptions): what is left out is off, counts use the service's windows. */
export function acrossRequestsFrom(
  options: Partial<AcrossRequestsSettings> & { redisUrl?: string | null; invalidationPeers?: InvalidationPeers },
  onEvent?: AcrossRequestsOptions['onEvent'],
): AcrossRequests {
  return new AcrossRequests({
    cacheTtlMs: options.upstreamCacheTtlMs ?? 0,
    cacheMaxBytes: options.upstreamCacheMaxBytes ?? DEFAULT_CACHE_MAX_BYTES,
    holdThrottledKeys: options.upstreamHoldThrottledKeys ?? false,
    ...(options.upstreamRateLimits ? { rateLimits: options.upstreamRateLimits } : {}),
    redisUrl: options.redisUrl ?? null,
    ...(onEvent ? { onEvent } : {}),
    ...(options.invalidationPeers ? { peers: options.invalidationPeers } : {}),
  });
}
