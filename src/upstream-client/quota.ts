// Each key's upstream calls counted against the service's windows (UPSTREAM_RATE_LIMITS, default
// 480 a minute and 4,800 an hour, the real service's burst and sustained throttles), the way the
// service counts them: a sliding log of call times per key hash. What `Query.rateLimit` shows
// (docs/caching-and-quota.md, "Quota"). The count is the gateway's own: calls other clients make
// with the same key are invisible to it, so `remaining` is an upper bound.
import { REDIS_PREFIX, type RedisLink } from './redis-link.ts';

export interface QuotaWindow {
  /** e.g. `minute`, `hour`. */
  name: string;
  seconds: number;
  limit: number;
}

export interface WindowUsage extends QuotaWindow {
  used: number;
  remaining: number;
  /** When `used` next drops (the oldest counted call leaves the window); now when nothing is counted. */
  resetAt: Date;
}

export const DEFAULT_RATE_LIMITS = '480/minute,4800/hour';

const SECONDS: Record<string, number> = { second: 1, minute: 60, hour: 3600, day: 86400 };

/** `480/minute,4800/hour` -> windows; throws a message naming the bad part. */
export function parseRateLimits(text: string): QuotaWindow[] {
  return text.split(',').map((part) => {
    const match = /^\s*(\d+)\s*\/\s*(second|minute|hour|day)\s*$/.exec(part);
    if (!match || Number(match[1]) < 1) throw new Error(`"${part.trim()}" is not a limit like 480/minute (second, minute, hour or day)`);
    return { name: match[2]!, seconds: SECONDS[match[2]!]!, limit: Number(match[1]) };
  });
}

export interface KeyQuota {
  readonly windows: readonly QuotaWindow[];
  /** Counts one upstream call made with the key. */
  record(keyHash: string): void;
  usage(keyHash: string): Promise<WindowUsage[]>;
}

export class MemoryKeyQuota implements KeyQuota {
  readonly windows: readonly QuotaWindow[];
  readonly #logs = new Map<string, number[]>();
  readonly #longestMs: number;

  constructor(windows: readonly QuotaWindow[]) {
    this.windows = windows;
    this.#longestMs = Math.max(0, ...windows.map((w) => w.seconds * 1000));
  }

  record(keyHash: string): void {
    const now = Date.now();
    let log = this.#logs.get(keyHash);
    if (!log) this.#logs.set(keyHash, (log = []));
    log.push(now);
    // Pruned on write, in chunks: only once the expired calls are at least as many as the counted
    // ones, so that under steady load the splice (a copy of the whole log) runs once per window's
    // worth of calls, not on every call; the log holds at most twice the longest window's calls.
    if (log.length > 64 && log[0]! <= now - this.#longestMs) {
      const expired = firstAfter(log, now - this.#longestMs);
      if (expired * 2 >= log.length) log.splice(0, expired);
    }
  }

  async usage(keyHash: string): Promise<WindowUsage[]> {
    const now = Date.now();
    const log = this.#logs.get(keyHash) ?? [];
    return this.windows.map((window) => {
      const from = firstAfter(log, now - window.seconds * 1000);
      return usageOf(window, log.length - from, log[from], now);
    });
  }
}

export class RedisKeyQuota implements KeyQuota {
  readonly windows: readonly QuotaWindow[];
  readonly #redis: RedisLink;
  readonly #longestMs: number;

  constructor(redis: RedisLink, windows: readonly QuotaWindow[]) {
    this.windows = windows;
    this.#redis = redis;
    this.#longestMs = Math.max(0, ...windows.map((w) => w.seconds * 1000));
  }

  record(keyHash: string): void {
    const now = Date.now();
    const key = logKey(keyHash);
    void this.#redis
      .run((client) =>
        client
          .multi()
          .zAdd(key, { score: now, value: `${now}-${Math.random().toString(36).slice(2, 10)}` })
          .zRemRangeByScore(key, '-inf', now - this.#longestMs)
          .pExpire(key, this.#longestMs)
          .exec(),
      )
      .catch(() => {});
  }

  /** A Redis failure shows nothing counted rather than failing the operation. */
  async usage(keyHash: string): Promise<WindowUsage[]> {
    const now = Date.now();
    const key = logKey(keyHash);
    try {
      const counts = await this.#redis.run(async (client) => {
        const multi = client.multi();
        for (const window of this.windows) {
          multi.zCount(key, `(${now - window.seconds * 1000}`, '+inf');
          multi.zRangeByScoreWithScores(key, `(${now - window.seconds * 1000}`, '+inf', { LIMIT: { offset: 0, count: 1 } });
        }
        return multi.exec();
      });
      return this.windows.map((window, i) => {
        const oldest = (counts[2 * i + 1] as unknown as Array<{ score: number }>)[0]?.score;
        return usageOf(window, Number(counts[2 * i]), oldest, now);
      });
    } catch {
      return this.windows.map((window) => usageOf(window, 0, undefined, now));
    }
  }
}

function usageOf(window: QuotaWindow, used: number, oldest: number | undefined, now: number): WindowUsage {
  return {
    ...window,
    used,
    remaining: Math.max(0, window.limit - used),
    resetAt: new Date(oldest === undefined ? now : oldest + window.seconds * 1000),
  };
}

/** Index of the first time in the sorted `log` after `cutoff` (binary search). */
function firstAfter(log: number[], cutoff: number): number {
  let low = 0;
  let high = log.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (log[mid]! <= cutoff) low = mid + 1;
    else high = mid;
  }
  return low;
}

const logKey = (keyHash: string): string => `${REDIS_PREFIX}calls:${keyHash}`;

/** GitHub's `rateLimit` shape: the tightest window's figures on top, every window, and this operation's cost. */
export interface RateLimitSummary {
  cost: number;
  limit: number;
  used: number;
  remaining: number;
  resetAt: string;
  /** Seconds until the key may call the upstream again after a 429; null when it may call now. */
  retryAfter: number | null;
  windows: Array<{ name: string; seconds: number; limit: number; used: number; remaining: number; resetAt: string }>;
}

export function rateLimitSummary(windows: WindowUsage[], cost: number, heldForSeconds: number): RateLimitSummary {
  const shown = windows.map((w) => ({
    name: w.name,
    seconds: w.seconds,
    limit: w.limit,
    used: w.used,
    remaining: w.remaining,
    resetAt: w.resetAt.toISOString(),
  }));
  // The window with the fewest calls left; on a tie, the shorter one (it resets first).
  const tightest = shown.reduce((best, w) => (w.remaining < best.remaining ? w : best), shown[0]!);
  return {
    cost,
    limit: tightest.limit,
    used: tightest.used,
    remaining: tightest.remaining,
    resetAt: tightest.resetAt,
    retryAfter: heldForSeconds > 0 ? heldForSeconds : null,
    windows: shown,
  };
}
