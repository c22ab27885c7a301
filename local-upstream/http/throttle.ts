import { createHash } from 'node:crypto';
import { ApiError } from './errors.ts';

/**
 * The real service's per-key throttles (DRF's `SimpleRateThrottle` as the service configures it): every request
 * made with a personal API key is counted against a burst window (480 a minute) and a sustained window (4,800 an
 * hour), keyed by the hashed key, as a sliding log of request times. Flag definitions for local evaluation have
 * their own 600-a-minute budget instead, and copying flags to other projects its own, tighter pair. The SDK's
 * public routes (`/decide`, `/flags`, capture) are not throttled. A refusal is DRF's 429 (the `Retry-After`
 * header is DRF's default handler's; the real service's own handler may not send it, see docs/rest-interface.md).
 */

export interface Rate {
  requests: number;
  /** Window length in seconds. */
  seconds: number;
}

/** Rates per throttle scope; `default` applies to every authenticated route without a scope of its own. */
export interface ThrottleRates {
  default: Rate[];
  localEvaluation: Rate[];
  copyFlags: Rate[];
}

export type RateLimitSetting = 'posthog' | 'off' | ThrottleRates;

const PERIOD_SECONDS: Record<string, number> = { s: 1, sec: 1, second: 1, m: 60, min: 60, minute: 60, h: 3600, hour: 3600, d: 86400, day: 86400 };

/** DRF's rate syntax: `480/minute`, `4800/hour` (only the period's first letter counts in DRF; whole words here). */
export function parseRate(text: string): Rate {
  const match = /^\s*(\d+)\s*\/\s*([a-z]+)\s*$/.exec(text);
  const seconds = match ? PERIOD_SECONDS[match[2]!] : undefined;
  if (!match || seconds === undefined || Number(match[1]) < 1) throw new Error(`"${text}" is not a rate like 480/minute`);
  return { requests: Number(match[1]), seconds };
}

export const POSTHOG_RATES: ThrottleRates = {
  default: [parseRate('480/minute'), parseRate('4800/hour')],
  localEvaluation: [parseRate('600/minute')],
  copyFlags: [parseRate('120/minute'), parseRate('300/hour')],
};

/**
 * `posthog`, `off`, or a comma-separated list of rates for the default scope (e.g. `60/minute,600/hour`, for
 * rehearsing a tighter budget); the other scopes keep the service's rates.
 */
export function parseRateLimitSetting(text: string): RateLimitSetting {
  const value = text.trim().toLowerCase();
  if (value === 'posthog' || value === '') return 'posthog';
  if (value === 'off') return 'off';
  try {
    return { ...POSTHOG_RATES, default: value.split(',').map(parseRate) };
  } catch (error) {
    throw new Error(`rate limit must be posthog, off or rates like 480/minute,4800/hour: ${(error as Error).message}`, { cause: error });
  }
}

function scopeOf(pathname: string): keyof ThrottleRates {
  if (/\/local_evaluation\/?$|^\/flags\/definitions\/?$/.test(pathname)) return 'localEvaluation';
  if (/\/copy_flags\/?$/.test(pathname)) return 'copyFlags';
  return 'default';
}

/** A sliding log of request times (ms), newest last, for one key in one window. */
class History {
  readonly times: number[] = [];
  private head = 0;

  prune(cutoff: number): void {
    while (this.head < this.times.length && this.times[this.head]! <= cutoff) this.head++;
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times.splice(0, this.head);
      this.head = 0;
    }
  }

  get size(): number {
    return this.times.length - this.head;
  }

  get oldest(): number | undefined {
    return this.times[this.head];
  }
}

export class KeyThrottle {
  private readonly rates: ThrottleRates | null;
  private readonly histories = new Map<string, History>();
  private readonly now: () => number;

  constructor(setting: RateLimitSetting, now: () => number = Date.now) {
    this.rates = setting === 'off' ? null : setting === 'posthog' ? POSTHOG_RATES : setting;
    this.now = now;
  }

  /**
   * Counts one request with this personal API key, or throws the 429. Like DRF's `check_throttles`, every
   * window is consulted: a window that allows the request records it even when another refuses, and the
   * wait is the longest of the refusing windows'.
   */
  check(apiKey: string, pathname: string): void {
    if (!this.rates) return;
    const scope = scopeOf(pathname);
    const ident = createHash('sha256').update(apiKey).digest('hex');
    const now = this.now();
    let wait: number | undefined;
    for (const rate of this.rates[scope]) {
      const history = this.history(`${scope}:${rate.requests}/${rate.seconds}:${ident}`);
      history.prune(now - rate.seconds * 1000);
      if (history.size < rate.requests) {
        history.times.push(now);
        continue;
      }
      // DRF's `wait()`: the time until the oldest request leaves the window, shared by the requests still allowed.
      const remaining = rate.seconds - (now - history.oldest!) / 1000;
      const seconds = remaining / (rate.requests - history.size + 1);
      wait = Math.max(wait ?? 0, seconds);
    }
    if (wait !== undefined) throw throttled(wait);
  }

  private history(key: string): History {
    let history = this.histories.get(key);
    if (!history) {
      history = new History();
      this.histories.set(key, history);
    }
    return history;
  }
}

/** DRF's `Throttled` in the service's envelope; DRF rounds the wait up and words it in the singular for 1. */
export function throttled(waitSeconds: number): ApiError {
  const wait = Math.max(0, Math.ceil(waitSeconds));
  const detail = `Request was throttled. Expected available in ${wait} ${wait === 1 ? 'second' : 'seconds'}.`;
  return new ApiError(429, { type: 'throttled_error', code: 'throttled', detail, attr: null }, { 'retry-after': String(wait) });
}
