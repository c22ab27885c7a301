// The settings of the work across requests (across-requests.ts), one name each from the environment
// (src/config.ts) to `AcrossRequests`, with their defaults under `npm start`.
import {
  AcrossRequests,
  DEFAULT_CACHE_MAX_BYTES,
  DEFAULT_RATE_LIMITS,
  parseRateLimits,
  type AcrossRequestsOptions,
  type InvalidationPeers,
  type QuotaWindow,
} from './across-requests.ts';
import type { RedisLink } from './redis-link.ts';

/**
 * The settings of the work across requests, named as in `Config` (src/config.ts) and `GatewayOptions`.
 * `startGateway` leaves each one out as off (an embedding program or a test opts in); `npm start`
 * reads them from the environment with the defaults in `ACROSS_REQUESTS_DEFAULTS`.
 */
export interface AcrossRequestsSettings {
  /** UPSTREAM_CACHE_TTL_MS: how long a GET answer is served again to the same key; 0 turns the cache off. */
  upstreamCacheTtlMs: number;
  /** UPSTREAM_CACHE_MAX_BYTES: bytes of cached answers held in memory (LRU), an eighth of it at most per key; with Redis, the largest entry is an eighth of this. */
  upstreamCacheMaxBytes: number;
  /** UPSTREAM_SHARED_READS: concurrent identical GETs of one key share one upstream call, with or without the cache. */
  upstreamSharedReads: boolean;
  /** UPSTREAM_RATE_LIMITS: the windows each key's calls are counted in, e.g. `480/minute,4800/hour`. */
  upstreamRateLimits: readonly QuotaWindow[];
  /** After a 429, send nothing more with that key until it may retry (always on under `npm start`). */
  upstreamHoldThrottledKeys: boolean;
}

/** `options`' settings of the work across requests (main.ts hands a `Config` on with it). */
export function acrossRequestsSettings(options: AcrossRequestsSettings): AcrossRequestsSettings {
  const { upstreamCacheTtlMs, upstreamCacheMaxBytes, upstreamSharedReads, upstreamRateLimits, upstreamHoldThrottledKeys } = options;
  return { upstreamCacheTtlMs, upstreamCacheMaxBytes, upstreamSharedReads, upstreamRateLimits, upstreamHoldThrottledKeys };
}

/**
 * Under `npm start`. 10 s of cache: a frontend's screens repeat their reads within seconds (tabs,
 * colleagues, back and forth), and 10 s bounds how stale a change made elsewhere can be when no
 * live-updates feed watches the project (docs/caching-and-quota.md, "How stale").
 */
export const ACROSS_REQUESTS_DEFAULTS: Readonly<AcrossRequestsSettings> = Object.freeze({
  upstreamCacheTtlMs: 10_000,
  upstreamCacheMaxBytes: DEFAULT_CACHE_MAX_BYTES,
  upstreamSharedReads: true,
  upstreamRateLimits: parseRateLimits(DEFAULT_RATE_LIMITS),
  upstreamHoldThrottledKeys: true,
});

/** The work across requests of `options` (GatewayOptions): what is left out is off, counts use the service's windows. */
export function acrossRequestsFrom(
  options: Partial<AcrossRequestsSettings> & {
    redis?: RedisLink | null;
    cacheKeySecret?: string | null;
    upstreamTimeoutMs?: number;
    operationTimeoutMs?: number;
    invalidationPeers?: InvalidationPeers;
  },
  onEvent?: AcrossRequestsOptions['onEvent'],
): AcrossRequests {
  return new AcrossRequests({
    cacheTtlMs: options.upstreamCacheTtlMs ?? 0,
    cacheMaxBytes: options.upstreamCacheMaxBytes ?? DEFAULT_CACHE_MAX_BYTES,
    // Left out, shared reads go with the cache (as an embedding program that turned the cache on expects).
    sharedReads: options.upstreamSharedReads ?? (options.upstreamCacheTtlMs ?? 0) > 0,
    ...(options.upstreamTimeoutMs !== undefined ? { upstreamTimeoutMs: options.upstreamTimeoutMs } : {}),
    ...(options.operationTimeoutMs !== undefined ? { operationTimeoutMs: options.operationTimeoutMs } : {}),
    holdThrottledKeys: options.upstreamHoldThrottledKeys ?? false,
    ...(options.upstreamRateLimits ? { rateLimits: options.upstreamRateLimits } : {}),
    redis: options.redis ?? null,
    cacheKeySecret: options.cacheKeySecret ?? null,
    ...(onEvent ? { onEvent } : {}),
    ...(options.invalidationPeers ? { peers: options.invalidationPeers } : {}),
  });
}
