// Counters and histograms for what is recorded on every operation and every upstream call, served
// by prom-client's registry like any other metric. prom-client's own `inc`/`observe` rebuild and
// hash the label set on every call, even through a child bound with `labels()`: with two metrics
// per upstream call that was a tenth of the gateway's CPU on a 50-call `nodes(ids:)`
// (docs/performance.md, "Fixed costs"). Here a series is bound once to its label values and then
// records into plain numbers; the registry reads them (`get()`, the shape prom-client's own
// metrics give it) only when /metrics is asked for, so the text, the cluster sum and the reset
// behave as prom-client's do (test/gateway/metric-series.unit.test.ts compares the text).
import type { Metric, Registry } from 'prom-client';

type Labels = Record<string, string>;

interface Value {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

abstract class SeriesFamily<S extends { labels: Labels; touched: boolean }> {
  readonly aggregator = 'sum';
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly string[];
  /** Every series made, in order (what the registry reads). */
  readonly #series: S[] = [];
  // One level of maps per label (values in `labelNames` order): a lookup joins no key string.
  readonly #byValue = new Map<string, unknown>();
  abstract readonly type: 'counter' | 'histogram';

  constructor(name: string, help: string, labelNames: readonly string[], registry: Registry) {
    this.name = name;
    this.help = help;
    this.labelNames = labelNames;
    // Not one of prom-client's classes, but what its registry reads of one (name, help, type, aggregator, get, reset).
    registry.registerMetric(this as unknown as Metric);
  }

  /** The series of these label values (in `labelNames` order), made on first use. */
  series(...values: string[]): S {
    let level = this.#byValue;
    const last = this.labelNames.length - 1;
    for (let i = 0; i < last; i++) {
      const value = values[i] ?? '';
      let next = level.get(value) as Map<string, unknown> | undefined;
      if (!next) level.set(value, (next = new Map()));
      level = next;
    }
    const value = values[last] ?? '';
    let series = level.get(value) as S | undefined;
    if (!series) {
      series = this.create(Object.fromEntries(this.labelNames.map((name, i) => [name, values[i] ?? ''])));
      level.set(value, series);
      this.#series.push(series);
    }
    return series;
  }

  /** The registry's view, as prom-client's metrics give it: only series recorded into since the last reset. */
  async get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: Value[] }> {
    const values = this.#series.filter((series) => series.touched).flatMap((series) => this.valuesOf(series));
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    for (const series of this.#series) this.clear(series);
  }

  protected abstract create(labels: Labels): S;
  protected abstract valuesOf(series: S): Value[];
  protected abstract clear(series: S): void;
}

export class CounterSeries {
  value = 0;
  touched = false;
  readonly labels: Labels;

  constructor(labels: Labels) {
    this.labels = labels;
  }

  inc(by = 1): void {
    this.value += by;
    this.touched = true;
  }
}

export class FastCounter extends SeriesFamily<CounterSeries> {
  readonly type = 'counter';

  protected create(labels: Labels): CounterSeries {
    return new CounterSeries(labels);
  }

  protected valuesOf(series: CounterSeries): Value[] {
    return [{ labels: { ...series.labels }, value: series.value }];
  }

  protected clear(series: CounterSeries): void {
    series.value = 0;
    series.touched = false;
  }
}

export class HistogramSeries {
  /** Observations per bucket (not cumulative); the last slot counts those above every bound. */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;
  touched = false;
  readonly labels: Labels;
  readonly #bounds: readonly number[];

  constructor(labels: Labels, bounds: readonly number[]) {
    this.labels = labels;
    this.#bounds = bounds;
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(value: number): void {
    let i = 0;
    while (i < this.#bounds.length && value > this.#bounds[i]!) i++;
    this.counts[i]! += 1;
    this.sum += value;
    this.count += 1;
    this.touched = true;
  }
}

export class FastHistogram extends SeriesFamily<HistogramSeries> {
  readonly type = 'histogram';
  readonly #bounds: readonly number[];

  constructor(name: string, help: string, labelNames: readonly string[], buckets: readonly number[], registry: Registry) {
    super(name, help, labelNames, registry);
    this.#bounds = [...buckets].sort((a, b) => a - b);
  }

  protected create(labels: Labels): HistogramSeries {
    return new HistogramSeries(labels, this.#bounds);
  }

  protected valuesOf(series: HistogramSeries): Value[] {
    let cumulative = 0;
    const buckets = this.#bounds.map((bound, i) => {
      cumulative += series.counts[i]!;
      return { labels: { le: bound, ...series.labels }, value: cumulative, metricName: `${this.name}_bucket` };
    });
    return [
      ...buckets,
      { labels: { le: '+Inf', ...series.labels }, value: series.count, metricName: `${this.name}_bucket` },
      { labels: { ...series.labels }, value: series.sum, metricName: `${this.name}_sum` },
      { labels: { ...series.labels }, value: series.count, metricName: `${this.name}_count` },
    ];
  }

  protected clear(series: HistogramSeries): void {
    series.counts.fill(0);
    series.sum = 0;
    series.count = 0;
    series.touched = false;
  }
}
