// Each key's upstream calls counted against the service's windows (UPSTREAM_RATE_LIMITS, default
// 480 a minute and 4,800 an hour, the real service's burst and sustained throttles), the way the
// service counts them: a sliding log of call times per key hash and window, in which a call made
// while the window is full is not counted (the service refuses it). What `Query.rateLimit` shows
// (docs/caching-and-quota.md, "Quota"). The count is the gateway's own: calls other clients make
// with the same key are invisible to it, so `remaining` is an upper bound.
import type { RedisLink } from './redis-link.ts';

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
  readonly #logs = new Map<string, WindowLog[]>();
  #recordsSinceSweep = 0;

  constructor(windows: readonly QuotaWindow[]) {
    this.windows = windows;
  }

  record(keyHash: string): void {
    const now = Date.now();
    let logs = this.#logs.get(keyHash);
    if (!logs) this.#logs.set(keyHash, (logs = this.windows.map((window) => new WindowLog(window))));
    for (const log of logs) log.record(now);
    if (++this.#recordsSinceSweep >= SWEEP_EVERY) this.#sweep(now);
  }

  async usage(keyHash: string): Promise<WindowUsage[]> {
    const now = Date.now();
    const logs = this.#logs.get(keyHash);
    return this.windows.map((window, i) => logs?.[i]!.usage(now) ?? usageOf(window, 0, undefined, now));
  }

  /** How many keys have calls counted (a key is forgotten once its windows are empty). */
  get keysCounted(): number {
    return this.#logs.size;
  }

  /** Forgets keys with no call left in any window, so keys that stopped calling hold no memory. */
  #sweep(now: number): void {
    this.#recordsSinceSweep = 0;
    for (const [keyHash, logs] of this.#logs) if (logs.every((log) => log.isEmpty(now))) this.#logs.delete(keyHash);
  }
}

const SWEEP_EVERY = 10_000;

/**
 * One window's counted calls, oldest first, kept as the service keeps them (DRF's throttle
 * history): a call made while the window is full is refused by the service and not counted, so
 * the log never holds more than the window's limit (at most 4,800 times a key by default).
 */
class WindowLog {
  readonly #window: QuotaWindow;
  readonly #times: number[] = [];
  /** Index of the oldest call still inside the window; the expired ones before it are cut in chunks. */
  #first = 0;

  constructor(window: QuotaWindow) {
    this.#window = window;
  }

  record(now: number): void {
    this.#expire(now);
    if (this.#times.length - this.#first < this.#window.limit) this.#times.push(now);
  }

  usage(now: number): WindowUsage {
    this.#expire(now);
    return usageOf(this.#window, this.#times.length - this.#first, this.#times[this.#first], now);
  }

  /** No call left inside the window. */
  isEmpty(now: number): boolean {
    this.#expire(now);
    return this.#first === this.#times.length;
  }

  #expire(now: number): void {
    const cutoff = now - this.#window.seconds * 1000;
    while (this.#first < this.#times.length && this.#times[this.#first]! <= cutoff) this.#first++;
    // Cut only once the expired calls are at least as many as the counted ones: the splice copies
    // the log, so under steady load it runs once per window's worth of calls, not on every call.
    if (this.#first > 64 && this.#first * 2 >= this.#times.length) {
      this.#times.splice(0, this.#first);
      this.#first = 0;
    }
  }
}

/** Counts in Redis; while Redis does not answer (its circuit is open), this process's calls are counted in its memory. */
export class RedisKeyQuota implements KeyQuota {
  readonly windows: readonly QuotaWindow[];
  readonly #redis: RedisLink;
  readonly #local: MemoryKeyQuota;

  constructor(redis: RedisLink, windows: readonly QuotaWindow[]) {
    this.windows = windows;
    this.#redis = redis;
    this.#local = new MemoryKeyQuota(windows);
  }

  record(keyHash: string): void {
    if (!this.#redis.available) return this.#local.record(keyHash);
    const now = Date.now();
    const member = `${now}-${Math.random().toString(36).slice(2, 10)}`;
    const limits = this.windows.flatMap((window) => [String(window.seconds * 1000), String(window.limit)]);
    void this.#redis
      .run((client) => client.eval(RECORD_SCRIPT, { keys: this.#keys(keyHash), arguments: [String(now), member, ...limits] }))
      .catch(() => this.#local.record(keyHash));
  }

  /** A Redis failure shows what this process counted while Redis did not answer, rather than failing the operation. */
  async usage(keyHash: string): Promise<WindowUsage[]> {
    if (!this.#redis.available) return this.#local.usage(keyHash);
    const now = Date.now();
    const keys = this.#keys(keyHash);
    try {
      const counts = await this.#redis.run(async (client) => {
        const multi = client.multi();
        this.windows.forEach((window, i) => {
          const after = `(${now - window.seconds * 1000}`;
          multi.zCount(keys[i]!, after, '+inf');
          multi.zRangeByScoreWithScores(keys[i]!, after, '+inf', { LIMIT: { offset: 0, count: 1 } });
        });
        return multi.exec();
      });
      return this.windows.map((window, i) => {
        const oldest = (counts[2 * i + 1] as unknown as Array<{ score: number }>)[0]?.score;
        return usageOf(window, Number(counts[2 * i]), oldest, now);
      });
    } catch {
      return this.#local.usage(keyHash);
    }
  }

  /** A sorted set of call times per window and key. */
  #keys(keyHash: string): string[] {
    return this.windows.map((window) => this.#redis.key(`calls:${window.seconds}:${window.limit}:${keyHash}`));
  }
}

// The memory log's rule, in one atomic step for every worker and replica: per window, drop the
// expired calls, count this one only while the window holds fewer than its limit, expire the set
// with the window. ARGV: now, a unique member, then each window's milliseconds and limit.
const RECORD_SCRIPT = `
local now = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  local ms = tonumber(ARGV[1 + 2 * i])
  local limit = tonumber(ARGV[2 + 2 * i])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - ms)
  if redis.call('ZCARD', key) < limit then redis.call('ZADD', key, now, ARGV[2]) end
  redis.call('PEXPIRE', key, ms)
end
return 0`;

function usageOf(window: QuotaWindow, used: number, oldest: number | undefined, now: number): WindowUsage {
  return {
    ...window,
    used,
    remaining: Math.max(0, window.limit - used),
    resetAt: new Date(oldest === undefined ? now : oldest + window.seconds * 1000),
  };
}

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
