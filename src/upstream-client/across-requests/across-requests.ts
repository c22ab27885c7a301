// The upstream client's work across requests (docs/caching-and-quota.md), at one seam: between
// `UpstreamClient.request` and `UpstreamTransport.send`. For every call it
//   - serves a GET from the key's own kept answer while it is fresh and no write invalidated it (read-cache.ts);
//   - lets concurrent identical GETs of one key share one upstream call (shared-reads.ts);
//   - holds back, when it would reach the service, a call of a key the upstream throttled (throttled-keys.ts);
//   - after a write the service may have applied, invalidates what it can have changed, for every key (scopes.ts);
//   - counts each key's upstream calls against the service's windows (quota.ts).
// What each endpoint allows is its own declaration (rest-policy.ts). Everything is keyed by the
// token's identity (token-digest.ts: an HMAC with CACHE_KEY_SECRET, computed once per request by
// `identify`), never the token, and nothing is served across keys. With Redis, kept answers are
// sealed with keys only the token derives (sealed-entries.ts).
import { Generations } from './generations.ts';
import { MemoryReadCache, RedisReadCache, type ReadCache } from './read-cache.ts';
import { isWrite, type CallFacts, type RestPolicy } from './rest-policy.ts';
import { EVERYTHING, projectChangeScopes, RecordFacts } from './scopes.ts';
import { DEFAULT_RATE_LIMITS, MemoryKeyQuota, parseRateLimits, RedisKeyQuota, type KeyQuota, type QuotaWindow, type WindowUsage } from './quota.ts';
import type { RedisLink } from './redis-link.ts';
import { SealedEntries } from './sealed-entries.ts';
import { TokenDigests } from './token-digest.ts';
import type { HttpMethod, UpstreamReport } from '../transport/report.ts';
import { flightOf, SharedReads } from './shared-reads.ts';
import { DEFAULT_HOLD_SECONDS, MemoryThrottledKeys, RedisThrottledKeys, type ThrottledKeys } from './throttled-keys.ts';
import { UpstreamError } from '../transport/upstream-error.ts';
import { writeOutcome } from './write-outcome.ts';

export type { QuotaWindow, WindowUsage } from './quota.ts';
export { DEFAULT_RATE_LIMITS, parseRateLimits, rateLimitSummary, type RateLimitSummary } from './quota.ts';

/** What `/metrics` counts (src/observability.ts). */
export type AcrossRequestsEvent = 'hit' | 'miss' | 'shared' | 'held' | 'invalidation' | 'invalidation-failed';

export interface AcrossRequestsOptions {
  /** How long a GET answer is served again to the same key, in ms; 0 turns the cache off. */
  cacheTtlMs?: number;
  /** Bytes of answers kept in memory (LRU); one key may use an eighth; with Redis, the largest entry is an eighth of this. */
  cacheMaxBytes?: number;
  /** Concurrent identical GETs of one key share one upstream call (independent of the cache). */
  sharedReads?: boolean;
  /** After a 429, send nothing more with that key until it may retry. */
  holdThrottledKeys?: boolean;
  /** The windows each key's calls are counted in (default 480/minute and 4,800/hour). */
  rateLimits?: readonly QuotaWindow[];
  /** With Redis, the cache, generations, held keys and counts are shared by every worker and replica (closed by its owner). */
  redis?: RedisLink | null;
  /** CACHE_KEY_SECRET: what keys' identities are HMACs with; unset, this process's random secret. */
  cacheKeySecret?: string | null;
  /** The longest one upstream call is waited for: a write left without an answer is invalidated again this long after it ended. */
  upstreamTimeoutMs?: number;
  /** The longest an operation's reads run: generation counters outlive the cache lifetime by this much. */
  operationTimeoutMs?: number;
  onEvent?: (event: AcrossRequestsEvent, route: string) => void;
  /** Other processes with caches of their own (workers without Redis): each invalidation is made there too. */
  peers?: InvalidationPeers;
}

/** What makes cached entries stale: a write's scopes, or every entry of a key the upstream refused (401). */
export type CacheChange = { scopes: string[] } | { forgetKey: string };

/**
 * The other processes' caches (src/cluster-invalidations.ts relays to the other workers). Only
 * scopes and key digests cross: never a token, a path or an answer.
 */
export interface InvalidationPeers {
  /** Makes `change` in every other process; resolves once each has, rejects when one did not in time. */
  publish(change: CacheChange): Promise<void>;
  /** `apply` is called with each change another process made. */
  onChange(apply: (change: CacheChange) => Promise<void>): void;
}

export const DEFAULT_CACHE_MAX_BYTES = 32 * 1024 * 1024;

interface Call {
  method: HttpMethod;
  route: string;
  params?: Readonly<Record<string, string | number>>;
  body?: unknown;
  decode?: (body: unknown) => unknown;
  policy?: RestPolicy;
}

const always = (): boolean => true;

export class AcrossRequests {
  readonly #redis: RedisLink | null;
  readonly #digests: TokenDigests;
  readonly #seals: SealedEntries | null;
  readonly #cache: ReadCache | null;
  readonly #ttlMs: number;
  readonly #generations: Generations;
  readonly #shared: SharedReads | null;
  readonly #facts = new RecordFacts();
  readonly #held: ThrottledKeys | null;
  readonly #quota: KeyQuota;
  readonly #writeSettleMs: number;
  /** Second invalidations of writes left without an answer, cleared on close. */
  readonly #later = new Set<NodeJS.Timeout>();
  readonly #onEvent: NonNullable<AcrossRequestsOptions['onEvent']>;
  readonly #peers: InvalidationPeers | null;

  constructor(options: AcrossRequestsOptions = {}) {
    const ttlMs = options.cacheTtlMs ?? 0;
    const maxBytes = options.cacheMaxBytes ?? DEFAULT_CACHE_MAX_BYTES;
    const redis = options.redis ?? null;
    this.#redis = redis;
    this.#ttlMs = ttlMs;
    // Left out (unit tests), UPSTREAM_DEFAULTS' values (client/settings.ts).
    this.#writeSettleMs = options.upstreamTimeoutMs ?? 10_000;
    const generationTtlMs = ttlMs + (options.operationTimeoutMs ?? 25_000);
    this.#generations = new Generations(generationTtlMs);
    this.#digests = new TokenDigests(options.cacheKeySecret);
    this.#seals = redis && ttlMs > 0 ? new SealedEntries(redis.namespace) : null;
    this.#cache =
      ttlMs <= 0
        ? null
        : redis
          ? new RedisReadCache(redis, this.#seals!, { ttlMs, maxBytes, generationTtlMs })
          : new MemoryReadCache(ttlMs, maxBytes, this.#generations);
    this.#shared = options.sharedReads === false ? null : new SharedReads();
    this.#held = options.holdThrottledKeys ? (redis ? new RedisThrottledKeys(redis) : new MemoryThrottledKeys()) : null;
    const windows = options.rateLimits ?? parseRateLimits(DEFAULT_RATE_LIMITS);
    this.#quota = redis ? new RedisKeyQuota(redis, windows) : new MemoryKeyQuota(windows);
    this.#onEvent = options.onEvent ?? (() => {});
    this.#peers = this.#cache ? (options.peers ?? null) : null;
    this.#peers?.onChange((change) => this.#applied(change));
  }

  /** The identity of `token` that every call of its request is keyed by (with Redis, its sealing keys are derived now). */
  identify(token: string): string {
    const identity = this.#digests.digest(token);
    this.#seals?.remember(identity, token);
    return identity;
  }

  /** True when GET answers are kept across requests. */
  get caching(): boolean {
    return this.#cache !== null;
  }

  /**
   * One call of `UpstreamClient.request`: `send` makes it upstream (with retries) for this request.
   * `path` is the call's path and query, exactly as sent; `keyHash` the digest of the caller's key;
   * `keyAccepted` tells whether the upstream ever accepted the key (a write of a key it never
   * accepted, left without an answer, cannot have been applied).
   */
  request(call: Call, path: string, keyHash: string, report: UpstreamReport, send: () => Promise<unknown>, keyAccepted = always): Promise<unknown> {
    const upstream = () => this.#unlessHeld(call, keyHash, report, send);
    const scopes = call.method === 'GET' && !isWrite(call.method, call.policy) ? this.#readScopes(call, keyHash) : undefined;
    // What this layer never keeps (writes, POST reads, live reads), no cache downstream may keep either (apollo-plugins/cache-control.ts).
    if (!scopes || call.policy?.live) report.markNotKeepable();
    if (isWrite(call.method, call.policy)) return this.#write(call, keyHash, upstream, keyAccepted);
    if (!scopes) return upstream();
    if (this.#cache && !call.policy?.live) return this.#read(this.#cache, call, path, keyHash, scopes, report, upstream);
    // Without the cache (or for a live read): only concurrent identical reads share a call.
    if (!this.#shared) return this.#fetched(call, keyHash, upstream);
    const flight = flightOf(keyHash, entryPathOf(call, path), this.#generations.stamp(scopes));
    return this.#joinOrLead(flight, call, keyHash, report, upstream, () => this.#fetched(call, keyHash, upstream));
  }

  /**
   * Hears each attempt `send` made with the key `keyHash` stands for (http.ts): those the upstream answered count against
   * the key's quota, a 429 holds the key for as long as the upstream asked (Retry-After, else
   * the detail's seconds), and a 401 ends every entry kept for the key.
   */
  attempted(keyHash: string, failure: unknown): void {
    const answered = failure === undefined || (failure instanceof UpstreamError && failure.status !== null);
    if (!answered) return;
    this.#quota.record(keyHash);
    if (!(failure instanceof UpstreamError)) return;
    if (this.#held && failure.status === 429) void this.#held.hold(keyHash, failure.retryAfter ?? DEFAULT_HOLD_SECONDS).catch(() => {});
    if (this.#cache && failure.status === 401) void Promise.all([this.#cache.forgetKey(keyHash), this.#peers?.publish({ forgetKey: keyHash })]).catch(() => {});
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
    await this.#invalidate(projectChangeScopes(this.#facts, projectId), '/api/projects/{project_id}/feature_flags/activity/');
  }

  async close(): Promise<void> {
    for (const timer of this.#later) clearTimeout(timer);
    this.#later.clear();
    await this.#redis?.close();
  }

  /** The call upstream, unless its key is held: then the answer a 429 gives, without sending. */
  #unlessHeld(call: Call, keyHash: string, report: UpstreamReport, send: () => Promise<unknown>): Promise<unknown> {
    const wait = this.#held?.waitSeconds(keyHash) ?? 0;
    if (wait === 0) return send();
    return Promise.resolve(wait).then((seconds) => {
      if (seconds === 0) return send();
      report.served(report.start(), { method: call.method, route: call.route, status: 429 }, 'held');
      this.#onEvent('held', call.route);
      throw heldBack(call, seconds);
    });
  }

  /** The scopes a GET depends on; undefined when its endpoint declares none (never kept nor shared). */
  #readScopes(call: Call, keyHash: string): string[] | undefined {
    return call.policy?.reads?.(this.#factsOf(call, keyHash));
  }

  async #read(
    cache: ReadCache,
    call: Call,
    path: string,
    keyHash: string,
    scopes: string[],
    report: UpstreamReport,
    upstream: () => Promise<unknown>,
  ): Promise<unknown> {
    const entryPath = entryPathOf(call, path);
    const lifetime = this.#lifetime(call);
    if (lifetime < this.#ttlMs) report.partExpires(Date.now() + lifetime);
    const { value, stamp, expiresAt } = await cache.lookup(keyHash, entryPath, scopes);
    if (value !== undefined) {
      report.served(report.start(), { method: call.method, route: call.route, status: 200 }, 'cache');
      if (expiresAt !== undefined) report.partExpires(expiresAt);
      this.#onEvent('hit', call.route);
      return value;
    }
    const keep = async (answer: unknown) => {
      const learned = this.#readScopes(call, keyHash)!;
      if (sameScopes(learned, scopes)) await cache.store(keyHash, entryPath, stamp, answer, this.#lifetime(call)).catch(() => {});
      // The answer taught the read's finer scopes (the key's organization): kept under them if nothing moved meanwhile.
      else await cache.prime(keyHash, scopes, stamp, [{ path: entryPath, scopes: learned, value: answer }]).catch(() => {});
      const entries = call.policy?.primes?.({ ...this.#factsOf(call, keyHash), answer }) ?? [];
      if (entries.length > 0) await cache.prime(keyHash, scopes, stamp, entries).catch(() => {});
    };
    return this.#joinOrLead(flightOf(keyHash, entryPath, stamp), call, keyHash, report, upstream, async () => {
      this.#onEvent('miss', call.route);
      const answer = await this.#fetched(call, keyHash, upstream);
      await keep(answer);
      return answer;
    });
  }

  /** The answer of the identical read in flight (`flight`) if there is one; else `lead` runs, as that flight when reads are shared. */
  #joinOrLead(
    flight: string,
    call: Call,
    keyHash: string,
    report: UpstreamReport,
    upstream: () => Promise<unknown>,
    lead: () => Promise<unknown>,
  ): Promise<unknown> {
    const inFlight = this.#shared?.find(flight);
    if (inFlight) return this.#follow(inFlight, call, report, () => this.#fetched(call, keyHash, upstream));
    return this.#shared ? this.#shared.start(flight, lead) : lead();
  }

  /**
   * The answer of another request's identical read. A failure of that request's own (its deadline,
   * its client gone, its call budget used) is not this one's: then it reads for itself.
   */
  async #follow(flight: Promise<unknown>, call: Call, report: UpstreamReport, own: () => Promise<unknown>): Promise<unknown> {
    this.#onEvent('shared', call.route);
    const started = report.start();
    try {
      const answer = await flight;
      report.served(started, { method: call.method, route: call.route, status: 200 }, 'shared');
      return answer;
    } catch (error) {
      report.served(started, { method: call.method, route: call.route, status: error instanceof UpstreamError ? error.status : null }, 'shared');
      if (isLeadersOwn(error)) return own();
      throw error;
    }
  }

  /** The upstream's answer, and what its records teach (a project's organization) for later writes. */
  async #fetched(call: Call, keyHash: string, upstream: () => Promise<unknown>): Promise<unknown> {
    const answer = await upstream();
    call.policy?.learns?.(answer, this.#facts, this.#factsOf(call, keyHash));
    return answer;
  }

  /**
   * A write, then the invalidation of what it can have changed if the service may have applied it:
   * it answered 2xx or 5xx, or did not answer (then again once the service can no longer be applying
   * it). A refusal (4xx) changed nothing, so a garbage token's writes invalidate nothing (write-outcome.ts).
   */
  async #write(call: Call, keyHash: string, upstream: () => Promise<unknown>, keyAccepted: () => boolean): Promise<unknown> {
    let answer: unknown;
    let failure: unknown;
    try {
      answer = await upstream();
      return answer;
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      const outcome = writeOutcome(failure);
      if (outcome === 'answered' || (outcome === 'unanswered' && keyAccepted())) {
        const scopes = call.policy?.changes?.({ ...this.#factsOf(call, keyHash), answer }) ?? [EVERYTHING];
        await this.#invalidate(scopes, call.route);
        if (outcome === 'unanswered') this.#invalidateLater(scopes, call.route);
      }
      if (failure === undefined) call.policy?.learns?.(answer, this.#facts, this.#factsOf(call, keyHash));
    }
  }

  /** What an unanswered write can have changed, once more when its deadline has passed: the service may have applied it meanwhile. */
  #invalidateLater(scopes: string[], route: string): void {
    const timer = setTimeout(() => {
      this.#later.delete(timer);
      void this.#invalidate(scopes, route);
    }, this.#writeSettleMs);
    timer.unref();
    this.#later.add(timer);
  }

  async #invalidate(scopes: string[], route: string): Promise<void> {
    const cached = this.#staleHere(scopes);
    if (!cached) return;
    try {
      await Promise.all([cached, this.#peers?.publish({ scopes })]);
      this.#onEvent('invalidation', route);
    } catch {
      this.#onEvent('invalidation-failed', route);
    }
  }

  /** A change another process made (`InvalidationPeers`), made here too. */
  async #applied(change: CacheChange): Promise<void> {
    if ('forgetKey' in change) return this.#cache?.forgetKey(change.forgetKey);
    await this.#staleHere(change.scopes);
  }

  /**
   * `scopes` made stale in this process: the generations shared reads are found by (the memory cache
   * bumps those same ones), then the cache's; undefined without a cache.
   */
  #staleHere(scopes: string[]): Promise<void> | undefined {
    if (!(this.#cache instanceof MemoryReadCache)) this.#generations.bump(scopes);
    return this.#cache?.invalidate(scopes);
  }

  #factsOf(call: Call, keyHash: string): CallFacts {
    return { params: call.params ?? {}, body: call.body, keyHash, facts: this.#facts };
  }

  /** The entry's lifetime: the cache's, or the endpoint's when shorter. */
  #lifetime(call: Call): number {
    const maxAgeMs = call.policy?.maxAgeMs;
    return maxAgeMs === undefined ? this.#ttlMs : Math.min(maxAgeMs, this.#ttlMs);
  }
}

/** What an answer is kept and shared under: the exact path and query, plus the decoder when the call has one (a decoded answer differs from the raw one). */
const entryPathOf = (call: Call, path: string): string => (call.decode ? `${path} ${call.decode.name}` : path);

const sameScopes = (a: string[], b: string[]): boolean => a.length === b.length && a.every((scope, index) => scope === b[index]);

/** A failure of the leading request's own, not of the read: its deadline or client, its call budget, the gateway stopping. */
const isLeadersOwn = (error: unknown): boolean =>
  error instanceof UpstreamError && (error.kind === 'timeout' || error.kind === 'unavailable' || error.kind === 'call-limit');

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
