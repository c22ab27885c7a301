// Client mistakes are 4xx with a specific code, never INTERNAL_SERVER_ERROR, and never reach the
// upstream: persisted-query mismatches, operations HTTP POST does not serve, input beyond the
// documented limits, global ids with anything the gateway does not exactly understand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchema, parse, validate } from 'graphql';
import { INPUT_LIMITS, supportedOperationTypeRule } from '../../src/apollo-plugins/input-limits.ts';
import { toGlobalId } from '../../src/relay/global-id.ts';
import { startStack, type Stack } from './helpers.ts';
import { KEY_A } from '../fixtures/seed.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function post(body: string): Promise<{ status: number; errors: Array<{ message: string; extensions: Record<string, unknown> }> }> {
  const res = await fetch(stack.gatewayUrl, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY_A}` }, body });
  return { status: res.status, ...((await res.json()) as { errors: Array<{ message: string; extensions: Record<string, unknown> }> }) };
}

async function expectRefused(body: string, status: number, code: string, message?: RegExp) {
  stack.upstream.resetRequests();
  const res = await post(body);
  expect(res.status).toBe(status);
  expect(res.errors.map((e) => e.extensions.code)).toEqual([code]);
  if (message) expect(res.errors[0]!.message).toMatch(message);
  expect(stack.upstream.requests).toHaveLength(0);
}

describe('persisted queries', () => {
  it('a hash that does not match the query: 400 BAD_REQUEST', async () => {
    const body = { query: '{ __typename }', extensions: { persistedQuery: { version: 1, sha256Hash: 'deadbeef' } } };
    await expectRefused(JSON.stringify(body), 400, 'BAD_REQUEST', /sha does not match/);
  });
  it('an unsupported version: 400 BAD_REQUEST', async () => {
    for (const version of [2, '1']) {
      const body = { query: '{ __typename }', extensions: { persistedQuery: { version, sha256Hash: 'deadbeef' } } };
      await expectRefused(JSON.stringify(body), 400, 'BAD_REQUEST', /Unsupported persisted query version/);
    }
  });
});

describe('operation types', () => {
  it('a subscription over HTTP POST: 400 BAD_REQUEST naming the transports that serve it', async () => {
    const query = 'subscription { featureFlagChanged(projectId: "UHJvamVjdDox") { __typename } }';
    await expectRefused(JSON.stringify({ query }), 400, 'BAD_REQUEST', /served over WebSocket \(graphql-ws\).*Server-Sent Events/);
  });

  it('a subscription to a field the Subscription root lacks is a validation error', async () => {
    await expectRefused(
      JSON.stringify({ query: 'subscription { projects { totalCount } }' }),
      400,
      'GRAPHQL_VALIDATION_FAILED',
      /Cannot query field "projects" on type "Subscription"/,
    );
  });

  it("an operation type the schema has no root for is a validation error (the gateway's rule; graphql-js 16 has none)", () => {
    const schema = buildSchema('type Query { a: Int }');
    const document = parse('subscription { a }');
    expect(validate(schema, document)).toEqual([]);
    expect(validate(schema, document, [supportedOperationTypeRule]).map((error) => error.message)).toEqual([
      'This server does not support subscription operations.',
    ]);
  });
});

describe('input limits', () => {
  const UPDATE = 'mutation($input: UpdateFeatureFlagInput!) { updateFeatureFlag(input: $input) { userErrors { message } } }';
  const flagId = toGlobalId('FeatureFlag', 1, 1);

  it('variables nested thousands of levels deep: 400 BAD_USER_INPUT (no stack overflow)', async () => {
    const deep = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);
    const body = `{"query":${JSON.stringify(UPDATE)},"variables":{"input":{"id":"${flagId}","filters":${deep}}}}`;
    await expectRefused(body, 400, 'BAD_USER_INPUT', new RegExp(`nested deeper than ${INPUT_LIMITS.maxDepth} levels`));
    const lists = '['.repeat(20_000) + '1' + ']'.repeat(20_000);
    await expectRefused(`{"query":"query($ids: [ID!]!) { nodes(ids: $ids) { id } }","variables":{"ids":${lists}}}`, 400, 'BAD_USER_INPUT');
  });

  it('filters nested as deep as real ones pass the depth limit', async () => {
    const filters = { groups: [{ properties: [{ key: 'email', type: 'person', operator: 'exact', value: ['a@b.c'] }], rollout_percentage: 50 }] };
    const res = await post(JSON.stringify({ query: UPDATE, variables: { input: { id: flagId, filters } } }));
    expect(res.errors).toBeUndefined();
  });

  it('a 900 KB search string: 400 BAD_USER_INPUT, in a variable or a literal', async () => {
    const search = 'x'.repeat(900_000);
    const query = 'query($s: String) { project(id: 1) { featureFlags(search: $s) { totalCount } } }';
    await expectRefused(JSON.stringify({ query, variables: { s: search } }), 400, 'BAD_USER_INPUT', /a string of 900000 characters/);
    const literal = `{ project(id: 1) { featureFlags(search: "${search}") { totalCount } } }`;
    await expectRefused(JSON.stringify({ query: literal }), 400, 'BAD_USER_INPUT', new RegExp(`at most ${INPUT_LIMITS.maxReadStringLength} in a query`));
  });

  it('an upstream that finds the request too large (431, 414, 413) blames the input, not itself', async () => {
    for (const status of [431, 414, 413]) {
      stack.upstream.injectFault({ path: /feature_flags\/$/, status, body: '' });
      const res = await stack.graphql<any>(`{ project(id: 1) { featureFlags(search: "${'y'.repeat(5000)}") { totalCount } } }`);
      expect(res.errors?.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
    }
  });
});

describe('strict global ids', () => {
  const raw = (text: string) => Buffer.from(text).toString('base64url');
  it.each([
    ['an extra part', raw('FeatureFlag:1:1:999')],
    ['a missing part', raw('FeatureFlag:1')],
    ['a leading zero', raw('Project:01')],
    ['a percent-encoded digit', raw('Project:%31')],
    ['a zero id', raw('Project:0')],
  ])('node(id:) refuses an id with %s (BAD_USER_INPUT, no upstream call)', async (_name, id) => {
    stack.upstream.resetRequests();
    const res = await stack.graphql<any>('query($id: ID!) { node(id: $id) { id } }', { id });
    expect(res.errors?.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
    expect(stack.upstream.requests).toHaveLength(0);
  });

  it('root lookups refuse the same ids', async () => {
    const res = await stack.graphql<any>(`{ project(id: "${raw('Project:1:2')}") { id } }`);
    expect(res.errors?.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
    const flag = await stack.graphql<any>(`{ project(id: 1) { featureFlag(id: "${raw('FeatureFlag:1:1:999')}") { id } } }`);
    expect(flag.errors?.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
  });

  it('the canonical id still resolves to the same id', async () => {
    const id = toGlobalId('FeatureFlag', 1, 1);
    const res = await stack.graphql<any>('query($id: ID!) { node(id: $id) { id } }', { id });
    expect(res.data?.node).toEqual({ id });
  });
});
