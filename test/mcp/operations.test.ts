// A tool call is a GraphQL operation of the gateway: the same quota hold as /graphql, and one log
// line, one metric series and one span per call, with the tool's name and its upstream calls and
// without its arguments' values.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpanKind } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { useStack } from '../gateway/helpers.ts';
import { KEY_A, KEY_B } from '../fixtures/seed.ts';
import { connectMcp, textOf } from './helpers.ts';

const call = (client: Client, name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

describe('a quota-held key', () => {
  const stack = useStack({ gateway: { upstreamHoldThrottledKeys: true, upstreamCacheTtlMs: 0 }, upstream: { rateLimit: '3/minute,100/hour' } });

  it('is refused RATE_LIMITED with when to retry, sending nothing upstream; another key is served', async () => {
    const alice = await connectMcp(stack.gateway.baseUrl, KEY_A);
    let refused: CallToolResult | undefined;
    for (let i = 0; i < 6 && !refused; i++) {
      const result = await call(alice, 'projects');
      if (result.isError) refused = result;
    }
    expect(textOf(refused!)).toMatch(/^RATE_LIMITED: .* Retry after \d+ seconds\./);
    const before = stack.upstream.requests.length;
    const held = await call(alice, 'projects');
    expect(textOf(held)).toMatch(/^RATE_LIMITED: .* Retry after \d+ seconds\./);
    expect(stack.upstream.requests.length).toBe(before);
    const bob = await connectMcp(stack.gateway.baseUrl, KEY_B);
    expect((await call(bob, 'projects')).isError).toBeFalsy();
    await alice.close();
    await bob.close();
  });
});

describe('operating it', () => {
  const lines: Array<Record<string, unknown>> = [];
  const logDestination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(
        ...chunk
          .toString()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>),
      );
      done();
    },
  });
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const stack = useStack({ gateway: { logLevel: 'info', logDestination, tracerProvider } });
  let alice: Client;
  beforeAll(async () => {
    alice = await connectMcp(stack.gateway.baseUrl, KEY_A);
  });
  afterAll(() => alice?.close());

  it('one log line per call with the tool, outcome and upstream calls, and no argument values', async () => {
    lines.length = 0;
    await call(alice, 'projects', { search: 'secret-search-text' });
    const toolLines = lines.filter((line) => line.msg === 'mcp tool call');
    expect(toolLines).toHaveLength(1);
    expect(toolLines[0]).toMatchObject({ tool: 'projects', outcome: 'ok', upstreamCalls: 1, arguments: ['search'], requestId: expect.any(String) });
    expect(JSON.stringify(lines)).not.toContain('secret-search-text');
  });

  it('counts calls by tool and outcome, and their duration', async () => {
    await call(alice, 'feature_flag', { projectId: '999999', key: 'x' });
    const metrics = await (await fetch(`${stack.gateway.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/^mcp_tool_calls_total\{tool="projects",outcome="ok"\} [1-9]/m);
    expect(metrics).toMatch(/^mcp_tool_calls_total\{tool="feature_flag",outcome="NOT_FOUND"\} 1/m);
    expect(metrics).toMatch(/^mcp_tool_call_duration_seconds_count\{tool="projects"\} [1-9]/m);
  });

  it("one span per call, parent of the call's operation span and its upstream calls", async () => {
    exporter.reset();
    await call(alice, 'projects');
    const spans = exporter.getFinishedSpans();
    const tool = spans.find((s) => s.name === 'tools/call projects')!;
    expect(tool.attributes).toMatchObject({ 'gen_ai.tool.name': 'projects', 'mcp.tool.outcome': 'ok', 'gateway.upstream.calls': 1 });
    const operation = spans.find((s) => s.name === 'query Projects')!;
    expect(operation.parentSpanContext?.spanId).toBe(tool.spanContext().spanId);
    const upstream = spans.filter((s) => s.kind === SpanKind.CLIENT);
    expect(upstream.map((s) => s.parentSpanContext?.spanId)).toEqual([operation.spanContext().spanId]);
  });
});
