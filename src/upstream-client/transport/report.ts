// The per-request cost report behind `x-upstream-report` (docs/architecture.md, "Upstream cost"): every upstream call of one
// GraphQL request with its status, duration and dependency wave. Filled by the transport,
// summarised by the report plugin and the request log.

/** The HTTP methods the upstream client uses. */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Where a call's answer came from when the call did not go upstream for this request
 * (docs/caching-and-quota.md): `cache`, an answer kept across requests for the same key; `shared`, the
 * answer of the identical read another request had in flight with the same key; `held`, not sent
 * because the upstream throttled the key and it may not call again yet.
 */
export type CallSource = 'cache' | 'shared' | 'held';

/** One finished upstream call as shown in `extensions.upstream.calls`. */
export interface ReportEntry {
  method: HttpMethod;
  route: string;
  status: number | null;
  ms: number;
  /** Dependency depth: 1 + the deepest wave that had finished when this call started. */
  wave: number;
  /** Absent for a call made upstream. */
  source?: CallSource;
}

/**
 * Per-request record of upstream calls. A call's wave is one more than the deepest call
 * already finished when it started, so calls issued together share a wave and a call that
 * needed an earlier answer lands one wave later.
 */
export class UpstreamReport {
  readonly calls: ReportEntry[] = [];
  #finishedDepth = 0;
  #firstStart: number | null = null;
  #lastEnd = 0;
  #pinnedWave: number | null = null;
  /** Calls started and not yet finished, and who waits for none to be left (`idle`). */
  #open = 0;
  #idleWaiters: (() => void)[] = [];
  /** When the first part of this request's answer expires (epoch ms; `partExpires`), or null. */
  #firstExpiry: number | null = null;
  #notToKeep = false;

  start(): { at: number; wave: number } {
    this.#open++;
    const at = performance.now();
    this.#firstStart ??= at;
    return { at, wave: this.#pinnedWave ?? this.nextWave() };
  }

  /** The wave of a call starting now. */
  nextWave(): number {
    return this.#finishedDepth + 1;
  }

  /**
   * Runs `run`, counting the calls it starts (synchronously) in `wave`: a batch that starts its
   * calls in turns (loaders' `settleEach`) reports them in the wave the batch began in, since none
   * of them needed another's answer.
   */
  inWave<T>(wave: number, run: () => T): T {
    const outer = this.#pinnedWave;
    this.#pinnedWave = wave;
    try {
      return run();
    } finally {
      this.#pinnedWave = outer;
    }
  }

  finish(started: { at: number; wave: number }, call: { method: HttpMethod; route: string; status: number | null }): ReportEntry {
    const end = performance.now();
    if (--this.#open === 0) for (const wake of this.#idleWaiters.splice(0)) wake();
    const entry: ReportEntry = { ...call, ms: round(end - started.at), wave: started.wave };
    this.calls.push(entry);
    this.#finishedDepth = Math.max(this.#finishedDepth, started.wave);
    this.#lastEnd = Math.max(this.#lastEnd, end);
    return entry;
  }

  /**
   * Resolves once no call of this request is open and none starts within a turn of the event loop:
   * when an operation's cost is known (`Query.rateLimit`). Each turn waits for calls that started, so
   * it ends within the operation's deadline and call budget.
   */
  async idle(): Promise<void> {
    for (;;) {
      if (this.#open > 0) await new Promise<void>((resolve) => this.#idleWaiters.push(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      if (this.#open === 0) return;
    }
  }

  /** Records a call answered without going upstream (from the cache, shared, or held back). */
  served(started: { at: number; wave: number }, call: { method: HttpMethod; route: string; status: number | null }, source: CallSource): void {
    this.finish(started, call).source = source;
  }

  /** A part of this request's answer may be kept only until `expiresAt` (epoch ms): a cached answer's entry expires then, or its endpoint's lifetime is short. */
  partExpires(expiresAt: number): void {
    if (this.#firstExpiry === null || expiresAt < this.#firstExpiry) this.#firstExpiry = expiresAt;
  }

  /**
   * When the first part of this request's answer expires (epoch ms), or null when no part expires
   * before the cache lifetime: an answer built on it may be kept downstream no longer
   * (apollo-plugins/cache-control.ts).
   */
  get firstExpiry(): number | null {
    return this.#firstExpiry;
  }

  /** Something this request read must not be kept by any cache (an activity log, a POST that reads, the key's quota). */
  markNotKeepable(): void {
    this.#notToKeep = true;
  }

  /** True once this request read something no cache may keep (`markNotKeepable`). */
  get notKeepable(): boolean {
    return this.#notToKeep;
  }

  /** The calls that went upstream (retries included): an operation's cost against its key's quota. */
  get upstreamCalls(): number {
    let count = 0;
    for (const call of this.calls) if (call.source === undefined) count++;
    return count;
  }

  /**
   * `{ calls, totals: { calls, waves, ms, cache, shared, held } }`: `calls` counts the calls that went
   * upstream, the others those answered without; `ms` is wall time from the first call's start to the last call's end.
   */
  summary(): { calls: ReportEntry[]; totals: { calls: number; waves: number; ms: number; cache: number; shared: number; held: number } } {
    const waves = this.calls.reduce((max, c) => Math.max(max, c.wave), 0);
    const ms = this.#firstStart === null ? 0 : round(this.#lastEnd - this.#firstStart);
    const bySource = { cache: 0, shared: 0, held: 0 };
    for (const call of this.calls) if (call.source) bySource[call.source]++;
    return { calls: this.calls, totals: { calls: this.upstreamCalls, waves, ms, ...bySource } };
  }
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
