// Work across requests end to end (docs/caching-and-quota.md): a gateway with its read cache on, in front of the
// local upstream with the service's throttles and latency. Two organizations, two keys in one of them.
import { describe, expect, it } from 'vitest';
import { restClient } from '../fixtures/rest.ts';
import { EVERYONE, LEVEL, seedFlag, seededProjectId, seedOrganization, seedProject, seedUser, type SeedFile } from '../fixtures/seed.ts';
import { postGraphQL, reportedCalls, useStack, type Stack } from './helpers.ts';

const ORG_A = '0190c270-0000-7000-8000-00000000000a';
const ORG_B = '0190c270-0000-7000-8000-00000000000b';
const ALICE = 'phx_cache_alice_000000000000000000000';
const ADA = 'phx_cache_ada_00000000000000000000000'; // Alice's colleague, same organization
const BOB = 'phx_cache_bob_00000000000000000000000'; // another organization

function seed(): SeedFile {
  return {
    organizations: [seedOrganization(ORG_A, 'Acme'), seedOrganization(ORG_B, 'Globex')],
    users: [
      seedUser('alice@acme.test', ALICE, ORG_A, LEVEL.owner),
      seedUser('ada@acme.test', ADA, ORG_A, LEVEL.admin),
      seedUser('bob@globex.test', BOB, ORG_B, LEVEL.owner),
    ],
    projects: [seedProject(ORG_A, 'Acme Web'), seedProject(ORG_B, 'Globex Site')],
    feature_flags: [
      seedFlag('Acme Web', 'checkout', { name: 'Checkout v1', filters: EVERYONE }),
      seedFlag('Globex Site', 'globex-flag', { filters: EVERYONE }),
    ],
  };
}

const FLAGS = `query Flags($first: Int) { projects(first: 5) { nodes { name featureFlags(first: $first) { totalCount nodes { id key name } } } } }`;

const flagNames = (res: { data?: any }) => (res.data?.projects.nodes as any[]).flatMap((p) => p.featureFlags.nodes.map((f: any) => f.name as string));
const upstreamGets = (stack: Stack) => stack.upstream.requests.filter((r) => r.method === 'GET').length;

describe('read cache across requests, per key', () => {
  const stack = useStack({ seed: seed(), gateway: { upstreamCacheTtlMs: 60_000 }, upstream: { latencyMs: 30 } });

  it('serves a key its own answers again with no upstream call, marked in the report, with Cache-Control: private', async () => {
    const first = await stack.graphql(FLAGS, { first: 10 }, { token: ALICE, report: true });
    expect(first.extensions?.upstream.totals.calls).toBeGreaterThan(0);
    const before = upstreamGets(stack);
    const response = await fetch(stack.gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ALICE}`, 'x-upstream-report': '1' },
      body: JSON.stringify({ query: FLAGS, variables: { first: 10 } }),
    });
    const second = (await response.json()) as { data: unknown; extensions: any };
    expect(second.data).toEqual(first.data);
    expect(second.extensions.upstream.totals).toMatchObject({ calls: 0, cache: first.extensions?.upstream.totals.calls });
    expect(second.extensions.upstream.calls.every((call: { source?: string }) => call.source === 'cache')).toBe(true);
    expect(upstreamGets(stack)).toBe(before);
    // Private, and not kept at all: it carries this request's own upstream report (test/gateway/http-caching.test.ts).
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('never serves one key another key’s entry, not even a colleague’s in the same organization', async () => {
    await stack.graphql(FLAGS, { first: 11 }, { token: ALICE });
    const before = upstreamGets(stack);
    const ada = await stack.graphql(FLAGS, { first: 11 }, { token: ADA, report: true });
    expect(ada.extensions?.upstream.totals).toMatchObject({ cache: 0, shared: 0 });
    expect(upstreamGets(stack)).toBeGreaterThan(before);
    const bob = await stack.graphql(FLAGS, { first: 11 }, { token: BOB });
    expect((bob.data?.projects.nodes as any[]).flatMap((p) => p.featureFlags.nodes.map((f: any) => f.key))).toEqual(['globex-flag']);
  });

  it('a write through the gateway is read back at once by every key (read your writes)', async () => {
    await stack.graphql(FLAGS, { first: 13 }, { token: ALICE });
    await stack.graphql(FLAGS, { first: 13 }, { token: ADA });
    const flagId = (await stack.graphql(FLAGS, { first: 13 }, { token: ALICE })).data!.projects.nodes[0].featureFlags.nodes[0].id as string;
    const update = await stack.graphql(
      `mutation Rename($id: ID!) { updateFeatureFlag(input: { id: $id, name: "Checkout v2" }) { featureFlag { name } userErrors { message } } }`,
      { id: flagId },
      { token: ALICE },
    );
    expect(update.data?.updateFeatureFlag.featureFlag.name).toBe('Checkout v2');
    expect(flagNames(await stack.graphql(FLAGS, { first: 13 }, { token: ALICE }))).toEqual(['Checkout v2']);
    expect(flagNames(await stack.graphql(FLAGS, { first: 13 }, { token: ADA }))).toEqual(['Checkout v2']);
  });
});

describe('shared in-flight reads', () => {
  // A slow upstream, so that the five operations below overlap.
  const stack = useStack({ seed: seed(), gateway: { upstreamCacheTtlMs: 60_000 }, upstream: { latencyMs: 300 } });

  it('concurrent identical reads of one key share upstream calls; another key reads for itself', async () => {
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => stack.graphql(FLAGS, { first: 12 }, { token: ALICE, report: true })),
      stack.graphql(FLAGS, { first: 12 }, { token: ADA, report: true }),
    ]);
    const alice = answers.slice(0, 5);
    const shared = alice.reduce((sum, answer) => sum + (answer.extensions?.upstream.totals.shared as number), 0);
    // Two reads per operation (projects, then their flags): Alice's five operations made two upstream calls, Ada's two.
    expect(alice.reduce((sum, answer) => sum + (answer.extensions?.upstream.totals.calls as number), 0)).toBe(2);
    expect(shared).toBe(8);
    expect(answers[5]!.extensions?.upstream.totals).toMatchObject({ calls: 2, shared: 0 });
    expect(stack.upstream.requests.filter((r) => r.method === 'GET')).toHaveLength(4);
    expect(new Set(alice.map((answer) => JSON.stringify(answer.data))).size).toBe(1);
  });

  it('counts hits, misses, shared reads and invalidations in /metrics', async () => {
    const flagId = (await stack.graphql(FLAGS, { first: 12 }, { token: ALICE })).data!.projects.nodes[0].featureFlags.nodes[0].id as string; // a hit
    await stack.graphql(
      `mutation($id: ID!) { updateFeatureFlag(input: { id: $id, name: "Checkout v1" }) { userErrors { message } } }`,
      { id: flagId },
      { token: ALICE },
    );
    const text = await (await fetch(`${stack.gateway.baseUrl}/metrics`)).text();
    for (const name of ['upstream_cache_hits_total', 'upstream_cache_misses_total', 'upstream_shared_reads_total', 'upstream_cache_invalidations_total']) {
      expect(text).toMatch(new RegExp(`^${name}\\{route="[^"]+"\\} [1-9]`, 'm'));
    }
  });
});

describe('changes made elsewhere, and losing access', () => {
  const TTL = 800;
  const stack = useStack({ seed: seed(), gateway: { upstreamCacheTtlMs: TTL } });

  it('a change made directly through REST reaches readers within the cache lifetime', async () => {
    expect(flagNames(await stack.graphql(FLAGS, { first: 20 }, { token: ALICE }))).toEqual(['Checkout v1']);
    const project = seededProjectId(stack.upstream, 'Acme Web');
    const rest = restClient(stack.upstream, ADA);
    const flag = (await rest.get(`/api/projects/${project}/feature_flags/`)).body.results[0];
    expect((await rest.patch(`/api/projects/${project}/feature_flags/${flag.id}/`, { name: 'Changed elsewhere' })).status).toBe(200);
    const changedAt = Date.now();
    let names = flagNames(await stack.graphql(FLAGS, { first: 20 }, { token: ALICE }));
    while (names[0] !== 'Changed elsewhere' && Date.now() - changedAt < 3 * TTL) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      names = flagNames(await stack.graphql(FLAGS, { first: 20 }, { token: ALICE }));
    }
    expect(names).toEqual(['Changed elsewhere']);
    expect(Date.now() - changedAt).toBeLessThan(TTL + 300);
  });

  it('a key that lost access gets at most its own entries, for at most the cache lifetime', async () => {
    await stack.graphql(FLAGS, { first: 21 }, { token: ADA });
    await stack.graphql(FLAGS, { first: 22 }, { token: ALICE });
    stack.upstream.revokeKey(ADA);
    // Its own entry, still fresh: allowed for the documented lifetime.
    expect((await stack.graphql(FLAGS, { first: 21 }, { token: ADA })).errors).toBeUndefined();
    // Never Alice's entry for the same query.
    expect((await stack.graphql(FLAGS, { first: 22 }, { token: ADA })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    await new Promise((resolve) => setTimeout(resolve, TTL + 50));
    expect((await stack.graphql(FLAGS, { first: 21 }, { token: ADA })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('quota: a throttled key beside an unthrottled one', () => {
  const stack = useStack({
    seed: seed(),
    gateway: { upstreamHoldThrottledKeys: true, upstreamCacheTtlMs: 0 },
    upstream: { rateLimit: '4/minute,100/hour' },
  });
  const PROJECTS = '{ projects(first: 5) { totalCount } }';

  it('answers RATE_LIMITED with retryAfter, then sends nothing for that key until it may retry; the other key is served', async () => {
    let refused: Awaited<ReturnType<Stack['graphql']>> | undefined;
    for (let i = 0; i < 6 && !refused; i++) {
      const res = await stack.graphql(PROJECTS, {}, { token: ALICE });
      if (res.errors) refused = res;
    }
    expect(refused?.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
    const before = stack.upstream.requests.length;
    const held = await stack.graphql(PROJECTS, {}, { token: ALICE, report: true });
    expect(held.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
    expect(reportedCalls(held)).toEqual(['GET /api/projects/']);
    expect(held.extensions?.upstream.totals).toMatchObject({ calls: 0, held: 1 });
    expect(stack.upstream.requests.length).toBe(before);

    const bob = await stack.graphql(
      `{ projects(first: 5) { totalCount } rateLimit { cost used limit remaining resetAt windows { name limit used } } }`,
      {},
      { token: BOB, report: true },
    );
    expect(bob.errors).toBeUndefined();
    expect(bob.data?.rateLimit).toMatchObject({ cost: 1, used: 1, limit: 480, remaining: 479 });
    expect(bob.data?.rateLimit.windows).toEqual([
      { name: 'minute', limit: 480, used: 1 },
      { name: 'hour', limit: 4800, used: 1 },
    ]);
    expect(bob.extensions?.rateLimit).toMatchObject({ cost: 1, used: 1, retryAfter: null });
  });

  it('shows the held key when it may call again', async () => {
    const res = await postGraphQL<any>(stack.gatewayUrl, '{ rateLimit { retryAfter used } }', {}, { token: ALICE });
    expect(res.data?.rateLimit.retryAfter).toBeGreaterThan(0);
    expect(res.data?.rateLimit.used).toBeGreaterThanOrEqual(4);
  });
});
