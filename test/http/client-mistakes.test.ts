// Client mistakes at the HTTP edge are 4xx GraphQL-shaped JSON with a specific code, in every mode,
// each counted in /metrics (graphql_refused_requests_total) and in a log line; nothing of a malformed
// body reaches the log.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../gateway/helpers.ts';
import { QUERY_LIMITS } from '../../src/apollo-plugins/index.ts';

const logLines: string[] = [];
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

let dev: Stack;
let prod: Stack;
beforeAll(async () => {
  [dev, prod] = await Promise.all([startStack({ gateway: { logLevel: 'info', logDestination: logSink } }), startStack({ gateway: { nodeEnv: 'production' } })]);
});
afterAll(async () => {
  await Promise.all([dev?.stop(), prod?.stop()]);
});

async function post(stack: Stack, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(stack.gatewayUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${stack.keys[0]}`, ...headers },
    body,
  });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    text,
    json: JSON.parse(text) as { errors?: Array<{ message: string; extensions?: any }> },
  };
}

async function refusedCount(stack: Stack, code: string): Promise<number> {
  const text = await (await fetch(`${stack.gateway.baseUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`graphql_refused_requests_total{code="${code}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('a malformed JSON body', () => {
  it.each([
    ['development', () => dev],
    ['production', () => prod],
  ])('is a GraphQL-shaped 400 BAD_REQUEST in %s mode, without stack or paths', async (_mode, stack) => {
    const res = await post(stack(), '{"query": "{ projects { totalCount } }", oops');
    expect(res.status).toBe(400);
    expect(res.type).toMatch(/^application\/json/);
    expect(res.json).toEqual({ errors: [{ message: 'The request body is not valid JSON.', extensions: { code: 'BAD_REQUEST' } }] });
  });

  it('answers in the GraphQL-over-HTTP media type when the client accepts it', async () => {
    const res = await post(dev, '{', { accept: 'application/graphql-response+json' });
    expect(res.status).toBe(400);
    expect(res.type).toMatch(/^application\/graphql-response\+json/);
  });

  it('is counted and logged, and nothing of the body is logged', async () => {
    const before = await refusedCount(dev, 'BAD_REQUEST');
    const marker = 'secret_body_marker_91d2';
    await post(dev, `{"query": "${marker}`);
    expect(await refusedCount(dev, 'BAD_REQUEST')).toBe(before + 1);
    const logs = logLines.join('');
    expect(logs).toContain('"outcome":"refused"');
    expect(logs).toContain('"errors":["BAD_REQUEST"]');
    expect(logs).not.toContain(marker);
  });

  it('over 1 MB is a 413 BAD_REQUEST', async () => {
    const res = await post(dev, JSON.stringify({ query: `# ${'x'.repeat(1024 * 1024)}\n{ __typename }` }));
    expect(res.status).toBe(413);
    expect(res.json.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });
});

describe('documents the gateway refuses', () => {
  it('a syntax error is a 400 GRAPHQL_PARSE_FAILED, counted', async () => {
    const before = await refusedCount(dev, 'GRAPHQL_PARSE_FAILED');
    const res = await post(dev, JSON.stringify({ query: '{ projects { ' }));
    expect(res.status).toBe(400);
    expect(res.json.errors?.[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(await refusedCount(dev, 'GRAPHQL_PARSE_FAILED')).toBe(before + 1);
  });

  it('a document over the token limit is a 400 TOKEN_LIMIT_EXCEEDED that says so', async () => {
    const query = `{ ${'__typename '.repeat(QUERY_LIMITS.maxTokens)}}`;
    const res = await post(dev, JSON.stringify({ query }));
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual([
      {
        message: `Token limit of ${QUERY_LIMITS.maxTokens} exceeded: the document is too large.`,
        extensions: { code: 'TOKEN_LIMIT_EXCEEDED', maxTokens: QUERY_LIMITS.maxTokens, requestId: expect.any(String) },
      },
    ]);
    expect(await refusedCount(dev, 'TOKEN_LIMIT_EXCEEDED')).toBeGreaterThan(0);
  });

  it('a document with more fields than validation compares is a 400 that says why', async () => {
    const res = await post(dev, JSON.stringify({ query: `{ ${'__typename '.repeat(4000)}}` }));
    expect(res.status).toBe(400);
    expect(res.json.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(res.json.errors?.[0]?.message).toBe('Validation aborted: the document repeats too many fields (or fragments) to check that they can be merged.');
  });

  it('a document of exactly the token limit is parsed and runs', async () => {
    // 12 tokens of `{ nodes(ids: [...]) { id } }` plus one per id; nodes(ids:) then refuses 100+ ids itself.
    const ids = Array.from({ length: QUERY_LIMITS.maxTokens - 12 }, (_, i) => `"${i}"`).join(' ');
    const res = await post(dev, JSON.stringify({ query: `{ nodes(ids: [${ids}]) { id } }` }));
    expect(res.json.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it.each([
    [
      'directives',
      `{ projects ${'@include(if: true) '.repeat(QUERY_LIMITS.maxDirectives + 1)}{ totalCount } }`,
      /^Directives limit of 50 exceeded, found 51\.$/,
    ],
    [
      'aliases',
      `{ ${Array.from({ length: QUERY_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: projects { totalCount }`).join(' ')} }`,
      /^Aliases limit of 100 exceeded, found 101\.$/,
    ],
  ])('too many %s: one error that names the limit, not "Syntax Error"', async (_limit, query, message) => {
    const res = await post(dev, JSON.stringify({ query }));
    expect(res.status).toBe(400);
    expect(res.json.errors).toHaveLength(1);
    expect(res.json.errors?.[0]?.message).toMatch(message);
    expect(res.json.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('a request Apollo Server refuses before the operation starts (CSRF) is counted and logged', async () => {
    const before = await refusedCount(dev, 'BAD_REQUEST');
    const res = await fetch(`${dev.gatewayUrl}?query=${encodeURIComponent('{ __typename }')}`);
    expect(res.status).toBe(400);
    expect(await refusedCount(dev, 'BAD_REQUEST')).toBe(before + 1);
  });

  it('an unauthenticated operation is counted as refused', async () => {
    const before = await refusedCount(dev, 'UNAUTHENTICATED');
    await dev.graphql('{ projects { totalCount } }', {}, { token: null });
    expect(await refusedCount(dev, 'UNAUTHENTICATED')).toBe(before + 1);
  });
});
