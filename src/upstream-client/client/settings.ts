// The upstream settings, each with one name from the environment to the transport: the variable
// UPSTREAM_TIMEOUT_MS is `upstreamTimeoutMs` in `Config` (src/config.ts), in `GatewayOptions`
// (src/server.ts) and in `TransportOptions` (http.ts), and its default is here. A new setting is
// a field below, its default, and one line in `loadConfig`.
import { DEFAULT_PARSE_CACHE_BYTES } from '../transport/tuning/parsed-answers.ts';
import { DEFAULT_RETRY_POLICY } from '../transport/retry.ts';

export interface UpstreamSettings {
  /** UPSTREAM_TIMEOUT_MS: total deadline of one upstream call (connect, headers and the whole body), in ms. */
  upstreamTimeoutMs: number;
  /** OPERATION_TIMEOUT_MS: deadline of all the upstream work of one operation, in ms. */
  operationTimeoutMs: number;
  /** UPSTREAM_CALL_LIMIT: most upstream calls one operation may make, retries included. */
  upstreamCallLimit: number;
  /** UPSTREAM_MAX_RESPONSE_BYTES: largest upstream answer read; a larger one is abandoned as UPSTREAM_ERROR. */
  upstreamMaxResponseBytes: number;
  /** UPSTREAM_PARSE_CACHE_BYTES: bytes of GET answers whose parsed value is reused when the same URL answers the same bytes (parsed-answers.ts); 0 turns it off. */
  upstreamParseCacheBytes: number;
  /** UPSTREAM_RETRIES: retries of a failed read (retry.ts; writes are never retried); 0 turns them off. */
  upstreamRetries: number;
  /** UPSTREAM_RETRY_AFTER_MAX_MS: longest Retry-After of a 429 waited for before retrying, in ms. */
  upstreamRetryAfterMaxMs: number;
  /** UPSTREAM_CONNECTIONS: keep-alive connections to the upstream, the most calls on the wire at once. */
  upstreamConnections: number;
}

export const UPSTREAM_DEFAULTS: Readonly<UpstreamSettings> = Object.freeze({
  upstreamTimeoutMs: 10_000,
  operationTimeoutMs: 25_000,
  upstreamCallLimit: 300,
  upstreamMaxResponseBytes: 10 * 1024 * 1024,
  upstreamParseCacheBytes: DEFAULT_PARSE_CACHE_BYTES,
  upstreamRetries: DEFAULT_RETRY_POLICY.retries,
  upstreamRetryAfterMaxMs: DEFAULT_RETRY_POLICY.maxRetryAfterMs,
  // Two cores serve both gateway and (often) the local upstream: a modest pool keeps parallel
  // waves parallel without flooding the upstream.
  upstreamConnections: 16,
});

const NAMES = Object.keys(UPSTREAM_DEFAULTS) as (keyof UpstreamSettings)[];

/** The upstream settings of `options` (a Config, GatewayOptions...), each one left out taking its default. */
export function upstreamSettings(options: Partial<UpstreamSettings>): UpstreamSettings {
  const settings = { ...UPSTREAM_DEFAULTS };
  for (const name of NAMES) settings[name] = options[name] ?? UPSTREAM_DEFAULTS[name];
  return settings;
}
