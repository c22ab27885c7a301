// Tunables of live updates. Defaults suit production; tests pass short intervals.

export interface SubscriptionOptions {
  /** Shortest poll interval of a project's activity log, used right after a change (ms). */
  pollMinMs: number;
  /** Longest poll interval, reached after quiet polls (ms). */
  pollMaxMs: number;
  /** Entries per activity page read by the poller. */
  pageSize: number;
  /** Most pages one catch-up walks before it gives up on older entries. */
  maxCatchUpPages: number;
  /** How often each subscriber's key is checked again against its project (ms). */
  recheckMs: number;
  /** How long the upstream may stay unreachable before subscribers get an error event (ms). */
  unreachableLimitMs: number;
  /** Open subscriptions per WebSocket connection or SSE stream. */
  maxPerConnection: number;
  /** Open subscriptions per gateway process. */
  maxPerProcess: number;
  /** WebSocket ping interval and SSE keep-alive comment interval (ms). */
  heartbeatMs: number;
  /** Events a slow subscriber may have waiting before it is ended (it can resubscribe). */
  maxQueuedEvents: number;
}

export const DEFAULT_SUBSCRIPTION_OPTIONS: Readonly<SubscriptionOptions> = Object.freeze({
  pollMinMs: 1_000,
  pollMaxMs: 5_000,
  pageSize: 20,
  maxCatchUpPages: 50,
  recheckMs: 30_000,
  unreachableLimitMs: 60_000,
  maxPerConnection: 50,
  maxPerProcess: 5_000,
  heartbeatMs: 12_000,
  maxQueuedEvents: 1_000,
});

export function subscriptionOptions(overrides: Partial<SubscriptionOptions> = {}): Readonly<SubscriptionOptions> {
  const merged = { ...DEFAULT_SUBSCRIPTION_OPTIONS, ...overrides };
  if (merged.pollMinMs <= 0 || merged.pollMaxMs < merged.pollMinMs) throw new Error('Poll intervals need 0 < pollMinMs <= pollMaxMs');
  return Object.freeze(merged);
}
