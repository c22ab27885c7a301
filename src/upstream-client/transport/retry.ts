// When a failed upstream call is tried again. Only reads (GET) are retried: a write whose
// connection dropped may already have been applied, and sending it again could apply it twice.
// Retried: no answer at all (connection refused or reset), 502/503/504, and 429 when the upstream
// says how long to wait (Retry-After) and that wait fits under a cap. Waits grow exponentially
// with jitter, and a retry that could not finish before the operation's deadline is not tried.
import { UpstreamError } from './upstream-error.ts';

export interface RetryPolicy {
  /** Retries after the first attempt (0 turns retrying off). */
  retries: number;
  /** First backoff in ms; doubles with each retry. */
  baseDelayMs: number;
  /** Longest Retry-After that is waited for; a longer one is returned to the caller as RATE_LIMITED. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({ retries: 2, baseDelayMs: 50, maxRetryAfterMs: 2_000 });

const RETRIED_STATUSES = new Set([502, 503, 504]);

/**
 * Milliseconds to wait before attempt `attempt + 1`, or null when `error` must be returned as it is.
 * `random` is injectable so tests can pin the jitter.
 */
export function retryDelayMs(
  method: string,
  error: unknown,
  attempt: number,
  remainingMs: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number | null {
  if (method !== 'GET' || attempt > policy.retries || !(error instanceof UpstreamError)) return null;
  // Equal jitter: half the exponential step, plus a random part of the other half.
  const step = policy.baseDelayMs * 2 ** (attempt - 1);
  const backoff = step / 2 + random() * (step / 2);
  let delay: number | null = null;
  if (error.kind === 'unavailable') delay = backoff;
  else if (error.kind === 'http' && error.status !== null && RETRIED_STATUSES.has(error.status)) delay = backoff;
  else if (error.kind === 'http' && error.status === 429 && error.retryAfter !== undefined) {
    const wait = error.retryAfter * 1000;
    delay = wait <= policy.maxRetryAfterMs ? Math.max(wait, backoff) : null;
  }
  // The retry needs time to answer too: give up when the wait alone would use up the deadline.
  if (delay === null || delay >= remainingMs) return null;
  return Math.round(delay);
}
