// Environment -> typed, frozen configuration. Read once by main.ts; tests pass options directly.
import { DEFAULT_UPSTREAM_CONNECTIONS, DEFAULT_UPSTREAM_TIMEOUT_MS } from './upstream-client/http.ts';
import { TRUSTED_DOCUMENTS_MODES, type TrustedDocumentsMode } from './trusted-documents/store.ts';

export interface Config {
  /** PORT: HTTP port of the gateway (default 4000; 0 picks a free port). */
  port: number;
  /** HOST: interface to listen on (default 0.0.0.0). */
  host: string;
  /** UPSTREAM_URL: base URL of the REST service; unset = embedded local upstream with demo data. */
  upstreamUrl: string | null;
  /** UPSTREAM_TIMEOUT_MS: headers/body timeout of each upstream call (default 10000). */
  upstreamTimeoutMs: number;
  /** UPSTREAM_CONNECTIONS: keep-alive connections to the upstream (default 16). */
  upstreamConnections: number;
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
  /** GRAPHQL_JIT: compiled execution with graphql-jit (default on; `0`/`false`/`off` runs graphql-js only). */
  compiledExecution: boolean;
  /** TRUSTED_DOCUMENTS: persisted-operation manifest file (@apollo/generate-persisted-query-manifest format). */
  trustedDocuments: string | undefined;
  /** TRUSTED_DOCUMENTS_MODE: off (default), log or enforce; log and enforce need TRUSTED_DOCUMENTS. */
  trustedDocumentsMode: TrustedDocumentsMode;
}

/** Reads and checks the environment once; throws `ConfigError` naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  return Object.freeze({
    port: port(env, 'PORT', 4000),
    host: env.HOST || '0.0.0.0',
    upstreamUrl: env.UPSTREAM_URL ? url(env.UPSTREAM_URL) : null,
    upstreamTimeoutMs: integer(env, 'UPSTREAM_TIMEOUT_MS', DEFAULT_UPSTREAM_TIMEOUT_MS),
    upstreamConnections: integer(env, 'UPSTREAM_CONNECTIONS', DEFAULT_UPSTREAM_CONNECTIONS),
    logLevel: env.LOG_LEVEL || 'info',
    nodeEnv: env.NODE_ENV || 'development',
    localApiKey: env.LOCAL_API_KEY || undefined,
    localDb: env.LOCAL_DB || undefined,
    localUpstreamPort: port(env, 'LOCAL_UPSTREAM_PORT', 0),
    compiledExecution: flag(env, 'GRAPHQL_JIT', true),
    trustedDocuments: env.TRUSTED_DOCUMENTS || undefined,
    trustedDocumentsMode: trustedDocumentsMode(env),
  });
}

function trustedDocumentsMode(env: NodeJS.ProcessEnv): TrustedDocumentsMode {
  const raw = env.TRUSTED_DOCUMENTS_MODE || 'off';
  const mode = TRUSTED_DOCUMENTS_MODES.find((m) => m === raw);
  if (!mode) throw new ConfigError(`TRUSTED_DOCUMENTS_MODE must be one of ${TRUSTED_DOCUMENTS_MODES.join(', ')}, got "${raw}"`);
  if (mode !== 'off' && !env.TRUSTED_DOCUMENTS) throw new ConfigError(`TRUSTED_DOCUMENTS_MODE=${mode} needs TRUSTED_DOCUMENTS (the manifest file)`);
  return mode;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a non-negative integer, got "${raw}"`);
  return Number(raw);
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
