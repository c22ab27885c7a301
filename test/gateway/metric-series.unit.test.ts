// The bound series of src/metric-series.ts must read exactly like prom-client's own counters and
// histograms: same text on /metrics, same JSON for the cluster's sum, same reset.
import { AggregatorRegistry, Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { FastCounter, FastHistogram } from '../../src/metric-series.ts';

const BUCKETS = [0.005, 0.01, 0.1, 1];
const OBSERVED: [string, string, number][] = [
  ['GET', '/api/projects/{id}/', 0.004],
  ['GET', '/api/projects/{id}/', 0.01],
  ['GET', '/api/projects/{project_id}/feature_flags/', 0.3],
  ['GET', '/api/projects/{id}/', 7],
  ['POST', '/api/projects/{project_id}/feature_flags/', 0.05],
];

function both() {
  const reference = new Registry();
  const fast = new Registry();
  const counters = {
    reference: new Counter({ name: 'calls_total', help: 'Calls.', labelNames: ['method', 'route'], registers: [reference] }),
    fast: new FastCounter('calls_total', 'Calls.', ['method', 'route'], fast),
  };
  const histograms = {
    reference: new Histogram({ name: 'call_seconds', help: 'Latency.', labelNames: ['method', 'route'], buckets: BUCKETS, registers: [reference] }),
    fast: new FastHistogram('call_seconds', 'Latency.', ['method', 'route'], BUCKETS, fast),
  };
  for (const [method, route, seconds] of OBSERVED) {
    counters.reference.labels(method, route).inc();
    counters.fast.series(method, route).inc();
    histograms.reference.labels(method, route).observe(seconds);
    histograms.fast.series(method, route).observe(seconds);
  }
  return { reference, fast, counters, histograms };
}

describe('bound metric series', () => {
  it('read on /metrics exactly as prom-client metrics with the same observations', async () => {
    const { reference, fast } = both();
    const text = await fast.metrics();
    expect(text).toContain('call_seconds_bucket{le="0.01",method="GET",route="/api/projects/{id}/"} 2');
    expect(text).toBe(await reference.metrics());
  });

  it('sum across registries (cluster workers) as prom-client metrics do', async () => {
    const one = both();
    const two = both();
    const summed = async (registries: Registry[]) =>
      await AggregatorRegistry.aggregate(await Promise.all(registries.map((r) => r.getMetricsAsJSON()))).metrics();
    expect(await summed([one.fast, two.fast])).toBe(await summed([one.reference, two.reference]));
  });

  it('show a series only once recorded into, and drop the figures on reset', async () => {
    const { fast, counters } = both();
    counters.fast.series('DELETE', '/never/');
    expect(await fast.metrics()).not.toContain('DELETE');
    fast.resetMetrics();
    expect(await fast.metrics()).not.toContain('route=');
    counters.fast.series('GET', '/api/projects/{id}/').inc(2);
    expect(await fast.metrics()).toContain('calls_total{method="GET",route="/api/projects/{id}/"} 2');
  });
});
