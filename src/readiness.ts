// Readiness (`/readyz`): can this gateway serve operations now? It can when the upstream
// answers a cheap call and no shutdown has begun. Liveness (`/healthz`) is separate: a gateway
// whose upstream is down is alive and must not be restarted for it.
import { Pool } from './upstream-client/transport/tuning/undici-pool.ts';

export interface ReadinessOptions {
  /** Base URL of the upstream; only its origin is contacted. */
  upstreamUrl: string;
  /** How long an answer is reused, so probes from many load balancers cost one call (default 2000 ms). */
  cacheMs?: number;
  /** Give up on the probe call after this long (default 2000 ms). */
  timeoutMs?: number;
}

export interface ReadinessReport {
  ready: boolean;
  /** `ok`, `draining`, or why the upstream check failed (`upstream status 503`, `upstream ECONNREFUSED`...). */
  reason: string;
}

// Unauthenticated and cheap on the real service and the local upstream alike: the interface's
// project list answers 401 before touching any data. Any answer below 500 means "up".
const PROBE_PATH = '/api/projects/?limit=1';

/** The readiness state of one gateway process. */
export class Readiness {
  readonly #origin: string;
  readonly #cacheMs: number;
  readonly #timeoutMs: number;
  #draining = false;
  #cached: { report: ReadinessReport; at: number } | null = null;
  #inFlight: Promise<ReadinessReport> | null = null;

  constructor(options: ReadinessOptions) {
    this.#origin = new URL(options.upstreamUrl).origin;
    this.#cacheMs = options.cacheMs ?? 2000;
    this.#timeoutMs = options.timeoutMs ?? 2000;
  }

  /** From now on the gateway reports unready (SIGTERM: load balancers stop sending before the drain). */
  startDraining(): void {
    this.#draining = true;
  }

  /** The current state; at most one upstream probe per `cacheMs`, shared by concurrent callers. */
  async check(): Promise<ReadinessReport> {
    if (this.#draining) return { ready: false, reason: 'draining' };
    if (this.#cached && performance.now() - this.#cached.at < this.#cacheMs) return this.#cached.report;
    this.#inFlight ??= this.#probe().finally(() => {
      this.#inFlight = null;
    });
    const report = await this.#inFlight;
    return this.#draining ? { ready: false, reason: 'draining' } : report;
  }

  async #probe(): Promise<ReadinessReport> {
    const report = await probeUpstream(this.#origin, this.#timeoutMs);
    this.#cached = { report, at: performance.now() };
    return report;
  }
}

async function probeUpstream(origin: string, timeoutMs: number): Promise<ReadinessReport> {
  // A connection of its own per probe (at most one per `cacheMs`): nothing to close on shutdown.
  const pool = new Pool(origin, { connections: 1 });
  try {
    // No caller's token: readiness is about the upstream being there, not about anyone's key.
    const response = await pool.request({
      path: PROBE_PATH,
      method: 'GET',
      headers: { accept: 'application/json' },
      // Bounds the whole call, connecting included (a silent host must not hold the probe).
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body.dump();
    if (response.statusCode >= 500) return { ready: false, reason: `upstream status ${response.statusCode}` };
    return { ready: true, reason: 'ok' };
  } catch (error) {
    return { ready: false, reason: `upstream ${errorCode(error)}` };
  } finally {
    void pool.destroy();
  }
}

function errorCode(error: unknown): string {
  const { code, cause, name } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown }; name?: unknown };
  if (name === 'TimeoutError' || name === 'AbortError') return 'timeout';
  if (typeof cause?.code === 'string') return cause.code;
  return typeof code === 'string' ? code : 'unreachable';
}
