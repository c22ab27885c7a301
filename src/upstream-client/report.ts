// The per-request cost report behind `x-upstream-report` (docs/architecture.md, "Upstream cost"): every upstream call of one
// GraphQL request with its status, duration and dependency wave. Filled by the transport,
// summarised by the report plugin and the request log.

/** The HTTP methods the upstream client uses. */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One finished upstream call as shown in `extensions.upstream.calls`. */
export interface ReportEntry {
  method: HttpMethod;
  route: string;
  status: number | null;
  ms: number;
  /** Dependency depth: 1 + the deepest wave that had finished when this call started. */
  wave: number;
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

  start(): { at: number; wave: number } {
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
    const entry: ReportEntry = { ...call, ms: round(end - started.at), wave: started.wave };
    this.calls.push(entry);
    this.#finishedDepth = Math.max(this.#finishedDepth, started.wave);
    this.#lastEnd = Math.max(this.#lastEnd, end);
    return entry;
  }

  /** `{ calls, totals: { calls, waves, ms } }`; `ms` is wall time from the first call's start to the last call's end. */
  summary(): { calls: ReportEntry[]; totals: { calls: number; waves: number; ms: number } } {
    const waves = this.calls.reduce((max, c) => Math.max(max, c.wave), 0);
    const ms = this.#firstStart === null ? 0 : round(this.#lastEnd - this.#firstStart);
    return { calls: this.calls, totals: { calls: this.calls.length, waves, ms } };
  }
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
