// The upstream cost report (x-upstream-report: 1), /healthz and /metrics.
import { describe, expect, it } from 'vitest';
import { expectNoErrors, useStack } from './helpers.ts';

const stack = useStack();

describe('upstream report', () => {
  it('is absent unless asked for', async () => {
    const res = await stack.graphql<any>('{ projects { totalCount } }');
    expect(res.extensions?.upstream).toBeUndefined();
  });

  it('is also given for x-upstream-report: true', async () => {
    const res = await stack.graphql<any>('{ projects { totalCount } }', {}, { headers: { 'x-upstream-report': 'true' } });
    expect(res.extensions?.upstream?.totals.calls).toBe(1);
  });

  it('federated tracing (ftv1) only when a router asks for it', async () => {
    expect((await stack.graphql<any>('{ projects { totalCount } }')).extensions?.ftv1).toBeUndefined();
    const traced = await stack.graphql<any>('{ projects { totalCount } }', {}, { headers: { 'apollo-federation-include-trace': 'ftv1' } });
    expect(typeof traced.extensions?.ftv1).toBe('string');
  });

  it('lists each call with its route template, status, time and wave, and the totals', async () => {
    const res = await stack.graphql<any>('{ projects { nodes { createdAt } } }', {}, { report: true });
    expectNoErrors(res);
    const { calls, totals } = res.extensions!.upstream;
    expect(calls).toHaveLength(3);
    for (const call of calls) {
      expect(call).toEqual({
        method: 'GET',
        route: expect.stringMatching(/^\/api\/projects\/(\{id\}\/)?$/),
        status: 200,
        ms: expect.any(Number),
        wave: expect.any(Number),
      });
    }
    expect(calls[0]).toMatchObject({ route: '/api/projects/', wave: 1 });
    expect(totals).toEqual({ calls: 3, waves: 2, ms: expect.any(Number), cache: 0, shared: 0, held: 0 });
    expect(totals.ms).toBeGreaterThanOrEqual(0);
  });

  it('matches what the upstream actually served', async () => {
    stack.upstream.resetRequests();
    const res = await stack.graphql<any>(
      '{ a: projects { totalCount } b: projects { totalCount } c: project(id: "1") { name createdAt } d: project(id: "1") { updatedAt } }',
      {},
      { report: true },
    );
    expectNoErrors(res);
    // Identical GETs within one operation happen once.
    expect(res.extensions?.upstream.totals.calls).toBe(2);
    expect(stack.upstream.requests).toHaveLength(2);
  });

  it('records failed calls with their status', async () => {
    stack.upstream.injectFault({ path: '/api/projects/', status: 500, body: '{}' });
    const res = await stack.graphql<any>('{ projects { totalCount } }', {}, { report: true });
    expect(res.extensions?.upstream.calls).toEqual([expect.objectContaining({ route: '/api/projects/', status: 500 })]);
  });
});

describe('operational endpoints', () => {
  it('/healthz answers ok', async () => {
    const res = await fetch(`${stack.gateway.baseUrl}/healthz`);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('/metrics counts operations and upstream calls by route template, without tokens', async () => {
    await stack.graphql<any>('query MetricsProbe { projects { totalCount } }');
    const text = await (await fetch(`${stack.gateway.baseUrl}/metrics`)).text();
    expect(text).toMatch(/graphql_requests_total\{operation="MetricsProbe",outcome="ok"\} [1-9]/);
    expect(text).toMatch(/upstream_calls_total\{method="GET",route="\/api\/projects\/",status="200"\} [1-9]/);
    expect(text).toContain('graphql_request_duration_seconds_bucket');
    expect(text).not.toContain('phx_');
  });

  it('/metrics counts each operation once per outcome and each upstream call once per status (label children bound once)', async () => {
    const metrics = async () => (await fetch(`${stack.gateway.baseUrl}/metrics`)).text();
    const value = (text: string, series: string) => Number(new RegExp(`^${series.replace(/[{}()[\]/.+*?^$|\\]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
    const projects404 = 'upstream_calls_total{method="GET",route="/api/projects/",status="404"}';
    const before = await metrics();
    for (let i = 0; i < 3; i++) expectNoErrors(await stack.graphql('query CountProbe { projects { totalCount } }'));
    stack.upstream.injectFault({ path: '/api/projects/', status: 404, body: '{"detail":"Not found."}' });
    const failed = await stack.graphql('query CountProbe { projects { totalCount } }');
    expect(failed.errors).toHaveLength(1);
    const refused = await stack.graphql('query CountProbe($first: Int!) { projects(first: $first) { totalCount } }');
    expect(refused.data).toBeUndefined();
    const after = await metrics();
    expect(value(after, 'graphql_requests_total{operation="CountProbe",outcome="ok"}')).toBe(3);
    expect(value(after, 'graphql_requests_total{operation="CountProbe",outcome="error"}')).toBe(1);
    expect(value(after, 'graphql_requests_total{operation="CountProbe",outcome="refused"}')).toBe(1);
    expect(value(after, 'graphql_request_duration_seconds_count{operation="CountProbe"}')).toBe(5);
    expect(value(after, projects404) - value(before, projects404)).toBe(1);
    const okCalls = 'upstream_calls_total{method="GET",route="/api/projects/",status="200"}';
    expect(value(after, okCalls) - value(before, okCalls)).toBe(3);
    const durations = 'upstream_call_duration_seconds_count{method="GET",route="/api/projects/"}';
    expect(value(after, durations) - value(before, durations)).toBe(4);
  });
});
