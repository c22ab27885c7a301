import { demoSeed } from './demo-seed.ts';
import { UpstreamHttpServer, type ServiceBehaviour, type UpstreamRequestRecord } from './server.ts';
import type { FaultSpec } from './http/faults.ts';
import { applySeed, type SeedFile, type SeedSummary } from './seed.ts';
import { deleteApiKey } from './storage/accounts.ts';
import { Store } from './storage/db.ts';
import { isEmptyStore } from './storage/seed-origins.ts';
import { parseRateLimitSetting, type ThrottleRates } from './http/throttle.ts';
import { parseLatency, type Latency } from './http/latency.ts';
import { parseDeletionDelay } from './project-deletion.ts';

// The local upstream: the REST interface on SQLite. `startLocalUpstream()` serves it on a port (0 picks a free
// one); tests read `requests` to count upstream calls and use `injectFault` for error paths.
export type { SeedFile } from './seed.ts';
export type { FaultSpec } from './http/faults.ts';
export type { UpstreamRequestRecord } from './server.ts';
export type { RateLimitSetting, ThrottleRates } from './http/throttle.ts';
export { parseRate, parseRateLimitSetting, POSTHOG_RATES } from './http/throttle.ts';
export { parseLatency } from './http/latency.ts';
export { demoSeed, DEMO_API_KEY, DEMO_ORGANIZATION_ID, DEMO_PROJECT_TOKEN } from './demo-seed.ts';
export { DEFAULT_DELETION_DELAY_MS, parseDeletionDelay } from './project-deletion.ts';

export interface LocalUpstreamOptions {
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default: the demo seed. `null`: no seeding (a database file that already holds data). */
  seed?: SeedFile | null;
  /** Apply the seed only to a database that holds nothing yet (the CLI's demo seed over an existing file). */
  seedOnlyIfEmpty?: boolean;
  /** SQLite file; in memory when absent. */
  dbPath?: string;
  /** No logging of unexpected errors. */
  quiet?: boolean;
  /** How many request records `requests` keeps at least (default 10,000); older ones are dropped. */
  requestLogLimit?: number;
  /**
   * The service's per personal API key throttles: `posthog` (the default: 480 a minute and 4,800 an hour),
   * `off`, custom rates, or the text the CLI takes (`posthog`, `off`, `60/minute,600/hour`). Tests and
   * benchmarks that need volume pass `off`.
   */
  rateLimit?: ThrottleRates | string;
  /** Added latency per call in ms: a number, `{min, max}`, or the CLI's text (`150`, `100-400`). Default 0. */
  latencyMs?: number | Latency | string;
  /** How long a deleted project stays readable with `is_pending_deletion` before it is removed: whole ms up to 2^31-1 (default 5000). */
  deletionDelayMs?: number;
}

export interface LocalUpstream {
  /** e.g. `http://127.0.0.1:40123` (no trailing slash). */
  url: string;
  /** The requests served, in order (at least the newest `requestLogLimit`; older ones are dropped). */
  requests: UpstreamRequestRecord[];
  resetRequests(): void;
  /** The next matching request(s) get this fault instead (delay, raw status/body, or a reset socket). */
  injectFault(fault: FaultSpec): void;
  /** The keys and projects the seed produced. */
  seeded: SeedSummary;
  /** Revokes a personal API key: every later request with it is a 401 (tests of key revocation). */
  revokeKey(key: string): boolean;
  stop(): Promise<void>;
}

/** Opens the store, applies the seed and serves the REST interface; `stop()` closes both. */
export async function startLocalUpstream(options: LocalUpstreamOptions = {}): Promise<LocalUpstream> {
  const behaviour = serviceBehaviour(options);
  const store = new Store(options.dbPath ?? ':memory:');
  let seeded: SeedSummary;
  try {
    const seed = options.seed === undefined ? demoSeed() : options.seed;
    const skip = seed === null || (options.seedOnlyIfEmpty === true && !isEmptyStore(store));
    seeded = skip ? { keys: [], projects: [] } : applySeed(store, seed);
  } catch (error) {
    store.close();
    throw error;
  }
  const log = options.quiet ? () => {} : (message: string, error: unknown) => console.error(`[local-upstream] ${message}`, error);
  let server: UpstreamHttpServer;
  try {
    server = new UpstreamHttpServer(store, log, behaviour);
  } catch (error) {
    store.close();
    throw error;
  }
  let url: string;
  try {
    url = await server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  } catch (error) {
    store.close();
    throw error;
  }
  let stopped = false;
  return {
    url,
    requests: server.requests,
    resetRequests: () => {
      server.requests.length = 0;
    },
    injectFault: (fault) => server.faults.add(fault),
    seeded,
    revokeKey: (key) => deleteApiKey(store, key),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.close();
      store.close();
    },
  };
}

/** The options that shape how the service behaves, checked before the store is opened: a bad one is refused and changes nothing. */
function serviceBehaviour(options: LocalUpstreamOptions): ServiceBehaviour {
  return {
    ...(options.requestLogLimit === undefined ? {} : { requestLogLimit: options.requestLogLimit }),
    rateLimit: typeof options.rateLimit === 'string' ? parseRateLimitSetting(options.rateLimit) : (options.rateLimit ?? 'posthog'),
    latency: latencyOf(options.latencyMs),
    ...(options.deletionDelayMs === undefined ? {} : { deletionDelayMs: parseDeletionDelay(String(options.deletionDelayMs)) }),
  };
}

function latencyOf(value: LocalUpstreamOptions['latencyMs']): Latency {
  if (value === undefined) return { min: 0, max: 0 };
  if (typeof value === 'string') return parseLatency(value);
  if (typeof value === 'number') return parseLatency(String(value));
  return value;
}
