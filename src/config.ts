// Environment -> typed, frozen configuration. Read once by main.ts; tests pass options directly.
import { availableParallelism } from 'node:os';
import { UPSTREAM_DEFAULTS, type UpstreamSettings } from './upstream-client/client/settings.ts';
import { parseRateLimits, type QuotaWindow } from './upstream-client/across-requests/across-requests.ts';
import { ACROSS_REQUESTS_DEFAULTS, type AcrossRequestsSettings } from './upstream-client/across-requests/settings.ts';
import { TRUSTED_DOCUMENTS_MODES, type TrustedDocumentsMode } from './trusted-documents/store.ts';
import { MCP_MUTATIONS_MODES, type McpMutations } from './mcp/settings.ts';
import { NO_EVICTION } from './upstream-client/across-requests/maxmemory-policy.ts';

/** SHUTDOWN_GRACE_MS default: in-flight operations get this long on stop before their upstream calls are aborted. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/**
 * The one configuration object: main.ts hands it on to `startGateway` (GatewayOptions uses the same
 * names) and the gateway hands the upstream settings on to the transport (src/upstream-client/client/settings.ts).
 */
export interface Config extends UpstreamSettings, AcrossRequestsSettings {
  /** PORT: HTTP port of the gateway (default 4000; 0 picks a free port). */
  port: number;
  /** HOST: interface to listen on (default 0.0.0.0). */
  host: string;
  /** UPSTREAM_URL: base URL of the REST service; unset = embedded local upstream with demo data. */
  upstreamUrl: string | null;
  /** SHUTDOWN_GRACE_MS: on SIGTERM, time in-flight operations get before their upstream calls are aborted (default 10000). */
  shutdownGraceMs: number;
  /** LOG_LEVEL: pino level (default info; `silent` turns logging off). */
  logLevel: string;
  /** NODE_ENV: `production` switches the landing page to the production one. */
  nodeEnv: string;
  /** LOCAL_API_KEY: personal API key of the embedded demo user. */
  localApiKey: string | undefined;
  /** LOCAL_DB: SQLite file of the embedded upstream (default: in memory). */
  localDb: string | undefined;
  /** LOCAL_UPSTREAM_PORT: port of the embedded upstream (default 0, a free port). */
  localUpstreamPort: number;
  /** LOCAL_RATE_LIMIT: the embedded upstream's per-key throttles, `posthog` (default), `off` or rates like `60/minute,600/hour`. */
  localRateLimit: string;
  /** LOCAL_LATENCY_MS: latency the embedded upstream adds per call, `150` or `100-400` (default 0). */
  localLatencyMs: string;
  /** LOCAL_DELETION_DELAY_MS: how long the embedded upstream keeps a deleted project pending before removing it (default 5000). */
  localDeletionDelayMs: number;
  /** WORKERS or `--workers N`: gateway processes behind one port (`auto` = one per core; default 1). */
  workers: number;
  /** REDIS_URL: Redis shared by replicas for persisted queries; unset = in memory. */
  redisUrl: string | null;
  /** CACHE_NAMESPACE: what every Redis key is under; unset = a digest of the upstream's origin (docs/caching-and-quota.md, "Redis"). */
  cacheNamespace: string | null;
  /** CACHE_KEY_SECRET: what API keys' identities are HMACs with; replicas sharing a Redis need the same one (docs/production.md). */
  cacheKeySecret: string | null;
  /** REDIS_MAXMEMORY_POLICY: `noeviction` when the operator vouches for it where Redis refuses CONFIG (docs/mcp.md, "Writes"); unset = unknown there. */
  redisMaxmemoryPolicy: string | null;
  /** SHUTDOWN_DELAY_MS: after SIGTERM, how long /readyz says 503 while operations are still served (default 0). */
  shutdownDelayMs: number;
  /** READINESS_CACHE_MS: how long /readyz reuses its upstream check (default 2000). */
  readinessCacheMs: number;
  /** GRAPHQL_JIT: compiled execution with graphql-jit (default on; `0`/`false`/`off` runs graphql-js only). */
  compiledExecution: boolean;
  /** TRUSTED_DOCUMENTS: persisted-operation manifest file (@apollo/generate-persisted-query-manifest format). */
  trustedDocuments: string | undefined;
  /** TRUSTED_DOCUMENTS_MODE: off (default), log or enforce; log and enforce need TRUSTED_DOCUMENTS. */
  trustedDocumentsMode: TrustedDocumentsMode;
  /** MCP_MUTATIONS: `off` (default) serves queries only as MCP tools; `explicit` adds mutations, each confirmed by a second call (docs/mcp.md). */
  mcpMutations: McpMutations;
  /** MCP_ALLOWED_HOSTS: host names (comma-separated, no port) /mcp accepts in Host and Origin besides loopback (docs/mcp.md). */
  mcpAllowedHosts: readonly string[];
  /** MCP_CONFIRMATION_SECRET: signs the confirmation tokens of MCP writes; set the same on every replica (default: random per start). */
  mcpConfirmationSecret: string | undefined;
}

/** Reads and checks the environment once; throws `ConfigError` naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = process.argv.slice(2)): Readonly<Config> {
  return Object.freeze({
    port: port(env, 'PORT', 4000),
    host: env.HOST || '0.0.0.0',
    upstreamUrl: env.UPSTREAM_URL ? url(env.UPSTREAM_URL) : null,
    upstreamTimeoutMs: positive(env, 'UPSTREAM_TIMEOUT_MS', UPSTREAM_DEFAULTS.upstreamTimeoutMs),
    operationTimeoutMs: positive(env, 'OPERATION_TIMEOUT_MS', UPSTREAM_DEFAULTS.operationTimeoutMs),
    upstreamCallLimit: positive(env, 'UPSTREAM_CALL_LIMIT', UPSTREAM_DEFAULTS.upstreamCallLimit),
    upstreamMaxResponseBytes: positive(env, 'UPSTREAM_MAX_RESPONSE_BYTES', UPSTREAM_DEFAULTS.upstreamMaxResponseBytes),
    upstreamParseCacheBytes: integer(env, 'UPSTREAM_PARSE_CACHE_BYTES', UPSTREAM_DEFAULTS.upstreamParseCacheBytes),
    upstreamRetries: integer(env, 'UPSTREAM_RETRIES', UPSTREAM_DEFAULTS.upstreamRetries),
    upstreamRetryAfterMaxMs: integer(env, 'UPSTREAM_RETRY_AFTER_MAX_MS', UPSTREAM_DEFAULTS.upstreamRetryAfterMaxMs),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', DEFAULT_SHUTDOWN_GRACE_MS),
    upstreamConnections: positive(env, 'UPSTREAM_CONNECTIONS', UPSTREAM_DEFAULTS.upstreamConnections),
    upstreamCacheTtlMs: integer(env, 'UPSTREAM_CACHE_TTL_MS', ACROSS_REQUESTS_DEFAULTS.upstreamCacheTtlMs),
    upstreamCacheMaxBytes: positive(env, 'UPSTREAM_CACHE_MAX_BYTES', ACROSS_REQUESTS_DEFAULTS.upstreamCacheMaxBytes),
    upstreamSharedReads: flag(env, 'UPSTREAM_SHARED_READS', ACROSS_REQUESTS_DEFAULTS.upstreamSharedReads),
    upstreamRateLimits: rateLimits(env.UPSTREAM_RATE_LIMITS),
    upstreamHoldThrottledKeys: ACROSS_REQUESTS_DEFAULTS.upstreamHoldThrottledKeys,
    logLevel: env.LOG_LEVEL || 'info',
    nodeEnv: env.NODE_ENV || 'development',
    localApiKey: env.LOCAL_API_KEY || undefined,
    localDb: env.LOCAL_DB || undefined,
    localUpstreamPort: port(env, 'LOCAL_UPSTREAM_PORT', 0),
    localRateLimit: localRateLimit(env.LOCAL_RATE_LIMIT),
    localLatencyMs: localLatency(env.LOCAL_LATENCY_MS),
    localDeletionDelayMs: deletionDelay(env),
    workers: workers(workersFlag(argv) ?? env.WORKERS),
    redisUrl: env.REDIS_URL ? redisUrl(env.REDIS_URL) : null,
    cacheNamespace: cacheNamespace(env.CACHE_NAMESPACE),
    cacheKeySecret: cacheKeySecret(env.CACHE_KEY_SECRET),
    redisMaxmemoryPolicy: redisMaxmemoryPolicy(env.REDIS_MAXMEMORY_POLICY),
    shutdownDelayMs: integer(env, 'SHUTDOWN_DELAY_MS', 0),
    readinessCacheMs: integer(env, 'READINESS_CACHE_MS', 2000),
    compiledExecution: flag(env, 'GRAPHQL_JIT', true),
    trustedDocuments: env.TRUSTED_DOCUMENTS || undefined,
    trustedDocumentsMode: trustedDocumentsMode(env),
    mcpMutations: mcpMutations(env.MCP_MUTATIONS),
    mcpAllowedHosts: mcpAllowedHosts(env.MCP_ALLOWED_HOSTS),
    mcpConfirmationSecret: mcpConfirmationSecret(env.MCP_CONFIRMATION_SECRET),
  });
}

/** `--workers N` or `--workers=N` on the command line (wins over WORKERS). */
function workersFlag(argv: readonly string[]): string | undefined {
  for (const [i, arg] of argv.entries()) {
    if (arg === '--workers') return argv[i + 1] ?? '';
    if (arg.startsWith('--workers=')) return arg.slice('--workers='.length);
  }
  return undefined;
}

function workers(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 1;
  if (raw === 'auto') return availableParallelism();
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new ConfigError(`WORKERS (or --workers) must be a positive integer or "auto", got "${raw}"`);
  return Number(raw);
}

function rateLimits(raw: string | undefined): readonly QuotaWindow[] {
  if (!raw) return ACROSS_REQUESTS_DEFAULTS.upstreamRateLimits;
  try {
    return parseRateLimits(raw);
  } catch (error) {
    throw new ConfigError(`UPSTREAM_RATE_LIMITS must be limits like 480/minute,4800/hour: ${(error as Error).message}`);
  }
}

function localRateLimit(raw: string | undefined): string {
  if (!raw) return 'posthog';
  if (/^(posthog|off|\d+\/[a-z]+(,\d+\/[a-z]+)*)$/.test(raw)) return raw;
  throw new ConfigError(`LOCAL_RATE_LIMIT must be posthog, off or rates like 480/minute,4800/hour, got "${raw}"`);
}

function localLatency(raw: string | undefined): string {
  if (!raw) return '0';
  if (/^\d+(-\d+)?$/.test(raw)) return raw;
  throw new ConfigError(`LOCAL_LATENCY_MS must be milliseconds (150) or a range (100-400), got "${raw}"`);
}

/** A timer's longest delay is 2^31-1 ms; a longer one would fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

function deletionDelay(env: NodeJS.ProcessEnv): number {
  const value = integer(env, 'LOCAL_DELETION_DELAY_MS', 5000);
  if (value > MAX_TIMER_MS) throw new ConfigError(`LOCAL_DELETION_DELAY_MS must be at most ${MAX_TIMER_MS}, got "${value}"`);
  return value;
}

function redisUrl(raw: string): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    // Not echoed: it may carry a password.
    throw new ConfigError('REDIS_URL must be a URL such as redis://localhost:6379');
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')
    throw new ConfigError(`REDIS_URL must start with redis:// or rediss://, got "${parsed.protocol}//..."`);
  return raw;
}

function cacheNamespace(raw: string | undefined): string | null {
  if (!raw) return null;
  if (/^[A-Za-z0-9._-]{1,64}$/.test(raw)) return raw;
  throw new ConfigError(`CACHE_NAMESPACE must be 1-64 letters, digits, dots, dashes or underscores, got "${raw}"`);
}

/** At least 32 characters: the HMAC's strength is the secret's (e.g. `openssl rand -base64 32`). Never echoed. */
function cacheKeySecret(raw: string | undefined): string | null {
  if (!raw) return null;
  if (raw.length < 32) throw new ConfigError(`CACHE_KEY_SECRET must be at least 32 characters (e.g. openssl rand -base64 32), got ${raw.length}`);
  return raw;
}

/** Only `noeviction` can be stated: the one policy under which a Redis that refuses CONFIG is trusted with spent tokens. */
function redisMaxmemoryPolicy(raw: string | undefined): string | null {
  if (!raw) return null;
  if (raw === NO_EVICTION) return raw;
  throw new ConfigError(`REDIS_MAXMEMORY_POLICY can only be ${NO_EVICTION} (set it when Redis refuses CONFIG and its policy is ${NO_EVICTION}), got "${raw}"`);
}

function trustedDocumentsMode(env: NodeJS.ProcessEnv): TrustedDocumentsMode {
  const raw = env.TRUSTED_DOCUMENTS_MODE || 'off';
  const mode = TRUSTED_DOCUMENTS_MODES.find((m) => m === raw);
  if (!mode) throw new ConfigError(`TRUSTED_DOCUMENTS_MODE must be one of ${TRUSTED_DOCUMENTS_MODES.join(', ')}, got "${raw}"`);
  if (mode !== 'off' && !env.TRUSTED_DOCUMENTS) throw new ConfigError(`TRUSTED_DOCUMENTS_MODE=${mode} needs TRUSTED_DOCUMENTS (the manifest file)`);
  return mode;
}

function mcpMutations(raw: string | undefined): McpMutations {
  const mode = MCP_MUTATIONS_MODES.find((m) => m === (raw || 'off'));
  if (!mode) throw new ConfigError(`MCP_MUTATIONS must be one of ${MCP_MUTATIONS_MODES.join(', ')}, got "${raw}"`);
  return mode;
}

function mcpAllowedHosts(raw: string | undefined): readonly string[] {
  const hosts = (raw ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  const bad = hosts.find((host) => !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/.test(host));
  if (bad !== undefined) throw new ConfigError(`MCP_ALLOWED_HOSTS must be host names without scheme or port (comma-separated), got "${bad}"`);
  return Object.freeze(hosts);
}

function mcpConfirmationSecret(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  // Not echoed: it is a secret.
  if (raw.length < 32) throw new ConfigError('MCP_CONFIRMATION_SECRET must be at least 32 characters');
  return raw;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a non-negative integer, got "${raw}"`);
  return Number(raw);
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = integer(env, name, fallback);
  if (value < 1) throw new ConfigError(`${name} must be at least 1, got "${env[name]}"`);
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'on'].includes(raw)) return true;
  if (['0', 'false', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be 1/true/on or 0/false/off, got "${env[name]}"`);
}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = integer(env, name, fallback);
  if (value > 65535) throw new ConfigError(`${name} must be a TCP port (0-65535), got "${env[name]}"`);
  return value;
}

function url(raw: string): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`UPSTREAM_URL must be an absolute http(s) URL such as https://us.posthog.com, got "${raw}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ConfigError(`UPSTREAM_URL must be http(s), got "${raw}"`);
  if (parsed.username || parsed.password) throw new ConfigError('UPSTREAM_URL must not carry credentials: callers send their own key');
  return raw;
}

/** A bad environment variable; main.ts prints its message alone and exits with status 1. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
