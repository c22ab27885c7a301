// Tracing: the caller's W3C trace context is continued by one span per operation and one per
// upstream call, and forwarded to the upstream; without an SDK it still reaches the upstream.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { expectNoErrors, startStack, type Stack } from './helpers.ts';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN_ID = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE_ID}-${CALLER_SPAN_ID}-01`;
const TRACESTATE = 'browser=abc,router=def';

// Two waves: the project list, then each of the caller's two projects' flag lists in parallel.
const TWO_WAVES = 'query ProjectsWithFlagCounts { projects { nodes { name featureFlags { totalCount } } } }';

describe('with an SDK (in-memory exporter)', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ gateway: { tracerProvider: provider } });
  });
  afterAll(() => stack.stop());
  beforeEach(() => {
    exporter.reset();
    stack.upstream.resetRequests();
  });

  it("one operation with a two-wave fan-out: a span tree under the caller's trace id", async () => {
    expectNoErrors(await stack.graphql(TWO_WAVES, {}, { headers: { traceparent: TRACEPARENT, tracestate: TRACESTATE } }));
    const spans = exporter.getFinishedSpans();
    expect(spans).toHaveLength(4);
    expect(new Set(spans.map((s) => s.spanContext().traceId))).toEqual(new Set([TRACE_ID]));

    const operation = only(spans.filter((s) => s.kind === SpanKind.SERVER));
    expect(operation.name).toBe('query ProjectsWithFlagCounts');
    expect(operation.parentSpanContext?.spanId).toBe(CALLER_SPAN_ID);
    expect(operation.attributes).toMatchObject({
      'graphql.operation.type': 'query',
      'graphql.operation.name': 'ProjectsWithFlagCounts',
      'graphql.outcome': 'ok',
    });
    expect(operation.spanContext().traceState?.serialize()).toBe(TRACESTATE);

    const calls = spans.filter((s) => s.kind === SpanKind.CLIENT);
    expect(calls.map((s) => s.parentSpanContext?.spanId)).toEqual(calls.map(() => operation.spanContext().spanId));
    expect(calls.map((s) => s.name).sort()).toEqual([
      'GET /api/projects/',
      'GET /api/projects/{project_id}/feature_flags/',
      'GET /api/projects/{project_id}/feature_flags/',
    ]);
    for (const call of calls) {
      expect(call.attributes).toMatchObject({ 'http.request.method': 'GET', 'http.response.status_code': 200, 'upstream.attempt': 1 });
      expect(call.attributes['url.template']).toBe(call.name.slice('GET '.length));
    }
    // The second wave starts once the first has answered.
    const [list] = calls.filter((s) => s.name === 'GET /api/projects/');
    for (const flags of calls.filter((s) => s !== list)) expect(hrMs(flags.startTime)).toBeGreaterThanOrEqual(hrMs(list!.endTime));

    // Every upstream request carried its own span as parent, in the caller's trace, with the caller's tracestate.
    const sent = stack.upstream.requests.map((r) => ({ traceparent: r.traceparent, tracestate: r.tracestate }));
    expect(sent.sort(byParent)).toEqual(
      calls.map((s) => ({ traceparent: `00-${TRACE_ID}-${s.spanContext().spanId}-01`, tracestate: TRACESTATE })).sort(byParent),
    );
  });

  it('an operation without a traceparent starts its own trace', async () => {
    expectNoErrors(await stack.graphql('{ projects { totalCount } }'));
    const operation = only(exporter.getFinishedSpans().filter((s) => s.kind === SpanKind.SERVER));
    expect(operation.name).toBe('query');
    expect(operation.parentSpanContext).toBeUndefined();
    expect(stack.upstream.requests[0]?.traceparent).toMatch(new RegExp(`^00-${operation.spanContext().traceId}-[0-9a-f]{16}-01$`));
  });

  it('a failed upstream call: error status on the call, error codes and outcome on the operation', async () => {
    // A 500 (GETs are retried on 502/503/504 only: docs/limits-and-deadlines.md), so one attempt.
    stack.upstream.injectFault({ path: '/api/projects/', status: 500, body: 'server error' });
    const response = await stack.graphql('query Broken { projects { totalCount } }', {}, { headers: { traceparent: TRACEPARENT } });
    expect(response.errors?.[0]?.extensions?.code).toBe('UPSTREAM_ERROR');
    const spans = exporter.getFinishedSpans();
    const call = only(spans.filter((s) => s.kind === SpanKind.CLIENT));
    expect(call.attributes).toMatchObject({ 'http.response.status_code': 500, 'error.type': '500' });
    expect(call.status.code).toBe(SpanStatusCode.ERROR);
    const operation = only(spans.filter((s) => s.kind === SpanKind.SERVER));
    expect(operation.attributes).toMatchObject({ 'graphql.outcome': 'error', 'graphql.error.codes': ['UPSTREAM_ERROR'] });
    expect(operation.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('a call that gets no answer records why, on every retried attempt', async () => {
    stack.upstream.injectFault({ path: '/api/projects/', destroySocket: true, times: 20 });
    const response = await stack.graphql('{ projects { totalCount } }');
    expect(response.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    const attempts = exporter.getFinishedSpans().filter((s) => s.kind === SpanKind.CLIENT);
    expect(attempts.length).toBeGreaterThan(1);
    for (const call of attempts) {
      expect(call.attributes['http.response.status_code']).toBeUndefined();
      expect(call.attributes['error.type']).toBe('unavailable');
    }
  });
});

describe('without an SDK (tracing export off, the default)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.stop());

  it("forwards the caller's traceparent and tracestate unchanged on every upstream call", async () => {
    expectNoErrors(await stack.graphql(TWO_WAVES, {}, { headers: { traceparent: TRACEPARENT, tracestate: TRACESTATE } }));
    expect(stack.upstream.requests).toHaveLength(3);
    for (const request of stack.upstream.requests) expect(request).toMatchObject({ traceparent: TRACEPARENT, tracestate: TRACESTATE });
  });

  it('sends no trace context when the caller sent none, or sent a malformed one', async () => {
    stack.upstream.resetRequests();
    expectNoErrors(await stack.graphql('{ projects { totalCount } }'));
    expectNoErrors(await stack.graphql('{ projects { totalCount } }', {}, { headers: { traceparent: '00-not-a-trace-01' } }));
    expect(stack.upstream.requests.map((r) => r.traceparent)).toEqual([undefined, undefined]);
  });
});

function only<T>(items: T[]): T {
  expect(items).toHaveLength(1);
  return items[0]!;
}

function hrMs([seconds, nanos]: ReadableSpan['startTime']): number {
  return seconds * 1000 + nanos / 1e6;
}

function byParent(a: { traceparent?: string | undefined }, b: { traceparent?: string | undefined }): number {
  return (a.traceparent ?? '').localeCompare(b.traceparent ?? '');
}
