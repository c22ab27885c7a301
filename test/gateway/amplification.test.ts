// No amplifier for anonymous or abusive callers: federation `_entities` is capped, counted in the
// cost limit and checks the caller's key with one call before resolving anything; operation names
// made up by callers cannot grow the metrics (series count and memory stay bounded).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OPERATION_LABELS } from '../../src/observability.ts';
import { toGlobalId } from '../../src/relay/global-id.ts';
import { startStack, type Stack } from './helpers.ts';
import { KEY_A, ORG_A, twoOrgSeed } from '../fixtures/seed.ts';

const FLAGS = 50;
let stack: Stack;
beforeAll(async () => {
  const seed = twoOrgSeed();
  for (let i = 0; i < FLAGS - 1; i++) seed.feature_flags!.push({ project: 'Acme Web', organization: ORG_A, key: `bulk-${i}` });
  stack = await startStack({ seed });
});
afterAll(async () => {
  await stack?.stop();
});

const ENTITIES = 'query($r: [_Any!]!) { _entities(representations: $r) { ... on FeatureFlag { key } } }';
const flagRefs = (count: number) => Array.from({ length: count }, (_, i) => ({ __typename: 'FeatureFlag', id: toGlobalId('FeatureFlag', 1, i + 1) }));

describe('_entities', () => {
  it('more than 100 representations: BAD_USER_INPUT before any upstream call', async () => {
    stack.upstream.resetRequests();
    const res = await stack.graphql<any>(ENTITIES, { r: flagRefs(101) });
    expect(res.errors?.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
    expect(stack.upstream.requests).toHaveLength(0);
  });

  it('each representation counts as an upstream call in the cost limit: 3,000 are refused', async () => {
    stack.upstream.resetRequests();
    const counted = await stack.graphql<any>(ENTITIES, { r: flagRefs(50) }, { report: true });
    expect(counted.extensions?.cost).toBe(50 * 10);
    stack.upstream.resetRequests();
    const res = await stack.graphql<any>(ENTITIES, { r: flagRefs(3000) });
    expect(res.status).toBe(400);
    expect(res.errors?.map((e) => e.extensions?.code)).toEqual(['COST_ESTIMATED_TOO_EXPENSIVE']);
    expect(stack.upstream.requests).toHaveLength(0);
  });

  it.each([
    ['no __typename', [{ __typename: 'FeatureFlag', id: 'garbage' }, { id: toGlobalId('Project', 1) }], 'Representation 1: it has no __typename'],
    [
      'an unknown type',
      [
        { __typename: 'FeatureFlag', id: toGlobalId('FeatureFlag', 1, 1) },
        { __typename: 'Nope', id: '1' },
      ],
      'Representation 1: "Nope" is not',
    ],
    ['a type that is no entity', [{ __typename: 'Query' }], 'Representation 0: "Query" is not'],
    ['not an object', ['FeatureFlag'], 'Representation 0: it has no __typename'],
  ])('a representation with %s: BAD_USER_INPUT before any upstream call, and the gateway keeps serving', async (_case, representations, message) => {
    // @apollo/subgraph would throw a plain Error after starting the earlier references, whose
    // failures then went unhandled (vitest fails the run on an unhandled rejection).
    stack.upstream.resetRequests();
    const res = await stack.graphql<any>(ENTITIES, { r: representations });
    expect(res.errors?.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
    expect(res.errors?.[0]?.message).toContain(message);
    expect(stack.upstream.requests).toHaveLength(0);
    await new Promise((resolve) => setImmediate(resolve));
    const after = await stack.graphql<any>('{ project(id: 1) { name } }');
    expect(after.data?.project.name).toBeTruthy();
  });

  it('a made-up key costs one upstream call, not one per representation', async () => {
    stack.upstream.resetRequests();
    const res = await stack.graphql<any>(ENTITIES, { r: flagRefs(FLAGS) }, { token: 'phx_made_up_key_0000000000' });
    expect(res.errors?.map((e) => e.extensions?.code)).toEqual(['UNAUTHENTICATED']);
    expect(stack.upstream.requests).toHaveLength(1);
  });

  it('a key the upstream accepted recently is not checked again', async () => {
    const listed = await stack.graphql<any>('{ project(id: 1) { featureFlags(first: 3) { nodes { id key } } } }', {}, { token: KEY_A });
    const flags = listed.data?.project.featureFlags.nodes as Array<{ id: string; key: string }>;
    stack.upstream.resetRequests();
    const res = await stack.graphql<any>(ENTITIES, { r: flags.map(({ id }) => ({ __typename: 'FeatureFlag', id })) }, { token: KEY_A });
    expect(res.data?._entities).toEqual(flags.map(({ key }) => ({ key })));
    expect(stack.upstream.requests.map((r) => r.path)).toHaveLength(3);
    expect(stack.upstream.requests.every((r) => /^\/api\/projects\/1\/feature_flags\/\d+\/$/.test(r.path))).toBe(true);
  });
});

describe('metrics label cardinality', () => {
  async function send(count: number, token: string | null, prefix: string): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const i = next++;
        const res = await fetch(stack.gatewayUrl, { method: 'POST', headers, body: JSON.stringify({ query: `query ${prefix}${i} { __typename }` }) });
        await res.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  }

  // RSS of a process that just served thousands of requests mostly measures the allocator (it grows
  // as much with one name as with thousands); the live heap after a full GC measures what is kept.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const liveHeap = () => {
    gc();
    return process.memoryUsage().heapUsed;
  };

  it('thousands of distinct operation names: bounded series, scrape size and memory', async () => {
    await stack.graphql<any>('{ projects { totalCount } }', {}, { token: KEY_A }); // the key is now known good
    const heapBefore = liveHeap();
    await send(800, KEY_A, 'Authenticated');
    await send(400, 'phx_made_up_key_0000000000', 'MadeUp');
    await send(400, null, 'NoKey');
    const text = await (await fetch(`${stack.gateway.baseUrl}/metrics`)).text();
    const operations = new Set([...text.matchAll(/^graphql_requests_total\{operation="([^"]+)"/gm)].map((m) => m[1]));
    expect(operations.size).toBeLessThanOrEqual(MAX_OPERATION_LABELS + 3);
    expect(operations.has('other')).toBe(true);
    expect([...operations].some((name) => name!.startsWith('MadeUp') || name!.startsWith('NoKey'))).toBe(false);
    const series = text.split('\n').filter((line) => line.startsWith('graphql_request'));
    // Unbounded, these 1,600 names make about 13,000 series and a scrape of several MB.
    expect(series.length).toBeLessThan((MAX_OPERATION_LABELS + 3) * 16);
    expect(text.length).toBeLessThan(512 * 1024);
    expect(liveHeap() - heapBefore).toBeLessThan(16 * 1024 * 1024);
  }, 120_000);
});
