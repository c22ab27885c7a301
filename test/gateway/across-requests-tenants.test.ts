// The work across requests attacked as a tenant would (docs/caching-and-quota.md, "Which write
// invalidates what", "Keys"): a garbage token's writes, another organization's writes, a revoked
// key, a throttled key, one tenant's large lists, and writes left without an answer. Each counts
// the upstream calls a read costs (`x-upstream-report: 1`) or reads what a key is answered.
import { describe, expect, it } from 'vitest';
import { EVERYONE, LEVEL, seedFlag, seededProjectId, seedOrganization, seedPlugin, seedProject, seedUser, type SeedFile } from '../fixtures/seed.ts';
import type { GatewayOptions } from '../../src/server.ts';
import { startStack, useStack, type GraphQLResponse, type Stack } from './helpers.ts';

const ORG_A = '0190c270-0000-7000-8000-0000000000a1';
const ORG_B = '0190c270-0000-7000-8000-0000000000b1';
const ALICE = 'phx_tenant_alice_00000000000000000000';
const ADA = 'phx_tenant_ada_0000000000000000000000'; // Alice's colleague, same organization
const BOB = 'phx_tenant_bob_0000000000000000000000'; // another organization
const GARBAGE = 'phx_garbage_not_a_key_000000000000000';

function seed(): SeedFile {
  return {
    organizations: [seedOrganization(ORG_A, 'Acme'), seedOrganization(ORG_B, 'Globex')],
    users: [
      seedUser('alice@acme.test', ALICE, ORG_A, LEVEL.owner),
      seedUser('ada@acme.test', ADA, ORG_A, LEVEL.admin),
      seedUser('bob@globex.test', BOB, ORG_B, LEVEL.owner),
    ],
    projects: [seedProject(ORG_A, 'Acme Web'), seedProject(ORG_A, 'Acme App'), seedProject(ORG_B, 'Globex Site')],
    feature_flags: [
      seedFlag('Acme Web', 'checkout', { name: 'Checkout v1', filters: EVERYONE }),
      ...Array.from({ length: 30 }, (_, i) => seedFlag('Globex Site', `globex-${i}`, { name: `Globex flag ${i} ${'x'.repeat(200)}`, filters: EVERYONE })),
    ],
    plugins: [seedPlugin(ORG_A, 'custom', 'Acme everywhere', { url: 'https://github.com/acme/everywhere', tag: 'v1.0.0', is_global: true })],
  };
}

const FLAGS = `query Flags($first: Int) { projects(first: 5) { nodes { name featureFlags(first: $first) { totalCount nodes { id key name } } } } }`;
const ORGANIZATION = `query Org($id: ID!) { organization(id: $id) { name } }`;
const PLUGINS = `query Plugins($org: ID!) { organization(id: $org) { plugins(first: 20) { nodes { id name } } } }`;
const UPDATE_PROJECT = `mutation($id: ID!, $name: String) { updateProject(input: { id: $id, name: $name }) { project { name } userErrors { message } } }`;
const UPDATE_FLAG = `mutation($id: ID!, $name: String) { updateFeatureFlag(input: { id: $id, name: $name }) { featureFlag { name } userErrors { message } } }`;

/** The upstream calls an answer cost, and those served from the cache. */
const costOf = (response: GraphQLResponse) => ({ calls: response.extensions?.upstream.totals.calls, cache: response.extensions?.upstream.totals.cache });
const read = (stack: Stack, query: string, variables: Record<string, unknown>, token: string) => stack.graphql<any>(query, variables, { token, report: true });
const projectNames = (response: GraphQLResponse<any>) => (response.data?.projects.nodes as { name: string }[]).map((p) => p.name).sort();

describe('a write invalidates only what it may have changed', () => {
  const stack = useStack({ seed: seed(), gateway: { upstreamCacheTtlMs: 60_000 } });

  it('a garbage token’s writes (refused 401) flush no tenant’s cached reads', async () => {
    await read(stack, FLAGS, { first: 10 }, ALICE);
    const project = seededProjectId(stack.upstream, 'Acme Web');
    const before = stack.upstream.requests.length;
    await stack.graphql(UPDATE_PROJECT, { id: String(project), name: 'pwned' }, { token: GARBAGE });
    await stack.graphql(
      `mutation($org: ID!, $from: ID!) { copyFeatureFlags(input: { organizationId: $org, featureFlagKey: "checkout", fromProjectId: $from, targetProjectIds: [$from] }) { userErrors { message } } }`,
      { org: ORG_A, from: String(project) },
      { token: GARBAGE },
    );
    // Both writes reached the service, which refused them.
    const writes = stack.upstream.requests.slice(before).filter((r) => r.method !== 'GET');
    expect(writes.map((r) => r.status)).toEqual([401, 401]);
    expect(costOf(await read(stack, FLAGS, { first: 10 }, ALICE))).toMatchObject({ calls: 0 });
  });

  it('another organization’s writes leave a tenant’s reads cached', async () => {
    await read(stack, FLAGS, { first: 11 }, ALICE);
    await read(stack, ORGANIZATION, { id: ORG_A }, ALICE);
    const bobs = await read(stack, `{ projects(first: 5) { nodes { id featureFlags(first: 1) { nodes { id } } } } }`, {}, BOB);
    const bobProject = bobs.data!.projects.nodes[0];
    expect((await stack.graphql<any>(UPDATE_PROJECT, { id: bobProject.id, name: 'Globex Renamed' }, { token: BOB })).data?.updateProject.userErrors).toEqual(
      [],
    );
    const flagId = bobProject.featureFlags.nodes[0].id as string;
    expect((await stack.graphql<any>(UPDATE_FLAG, { id: flagId, name: 'Renamed by Bob' }, { token: BOB })).data?.updateFeatureFlag.userErrors).toEqual([]);
    expect(costOf(await read(stack, FLAGS, { first: 11 }, ALICE))).toMatchObject({ calls: 0 });
    expect(costOf(await read(stack, ORGANIZATION, { id: ORG_A }, ALICE))).toMatchObject({ calls: 0 });
  });

  it('a project renamed by one key is read back at once by its colleague’s projects list', async () => {
    const listed = await read(stack, `{ projects(first: 5) { nodes { id name } } }`, {}, ALICE);
    const app = (listed.data!.projects.nodes as { id: string; name: string }[]).find((p) => p.name === 'Acme App')!;
    expect(costOf(await read(stack, `{ projects(first: 5) { nodes { id name } } }`, {}, ALICE))).toMatchObject({ calls: 0 });
    await stack.graphql(UPDATE_PROJECT, { id: app.id, name: 'Acme App 2' }, { token: ADA });
    expect(projectNames(await read(stack, `{ projects(first: 5) { nodes { id name } } }`, {}, ALICE))).toContain('Acme App 2');
  });

  it('a read sent as a POST (userBlastRadius) invalidates nothing', async () => {
    await read(stack, FLAGS, { first: 12 }, ALICE);
    const project = seededProjectId(stack.upstream, 'Acme Web');
    const blast = await stack.graphql<any>(
      `query($id: ID!) { project(id: $id) { userBlastRadius(condition: { properties: [], rollout_percentage: 50 }) { usersAffected } } }`,
      { id: String(project) },
      { token: ALICE },
    );
    expect(blast.errors).toBeUndefined();
    expect(stack.upstream.requests.at(-1)).toMatchObject({ method: 'POST', status: 200 });
    expect(costOf(await read(stack, FLAGS, { first: 12 }, ALICE))).toMatchObject({ calls: 0 });
  });

  it('never keeps live state: evaluation reasons and my flags are read from the service every time', async () => {
    const project = seededProjectId(stack.upstream, 'Acme Web');
    const query = `query($id: ID!) { project(id: $id) { evaluationReasons(distinctId: "u1") { key } myFlags { value } } }`;
    const before = stack.upstream.requests.length;
    for (let i = 0; i < 2; i++) expect((await stack.graphql(query, { id: String(project) }, { token: ALICE })).errors).toBeUndefined();
    const live = stack.upstream.requests.slice(before).filter((r) => /evaluation_reasons|my_flags/.test(r.path));
    expect(live).toHaveLength(4);
  });

  it('a GET that writes (checkPluginForUpdates) is never answered from the cache', async () => {
    const plugin = (await stack.graphql<any>(PLUGINS, { org: ORG_A }, { token: ALICE })).data!.organization.plugins.nodes[0];
    const CHECK = `mutation($id: ID!) { checkPluginForUpdates(input: { id: $id }) { plugin { latestTag } userErrors { message } } }`;
    const before = stack.upstream.requests.length;
    for (let i = 0; i < 2; i++)
      expect((await stack.graphql<any>(CHECK, { id: plugin.id }, { token: ALICE })).data?.checkPluginForUpdates.userErrors).toEqual([]);
    expect(stack.upstream.requests.slice(before).filter((r) => r.path.endsWith('/check_for_updates/'))).toHaveLength(2);
  });

  it('a global plugin written through its owner is read anew through every other organization', async () => {
    const named = (response: GraphQLResponse<any>) => (response.data!.organization.plugins.nodes as { id: string; name: string }[]).map((p) => p.name);
    expect(named(await read(stack, PLUGINS, { org: ORG_B }, BOB))).toContain('Acme everywhere');
    const owned = (await read(stack, PLUGINS, { org: ORG_A }, ALICE)).data!.organization.plugins.nodes.find(
      (p: { name: string }) => p.name === 'Acme everywhere',
    );
    const update = await stack.graphql<any>(
      `mutation($id: ID!) { updatePlugin(input: { id: $id, name: "Acme renamed" }) { plugin { name } userErrors { message } } }`,
      { id: owned.id },
      { token: ALICE },
    );
    expect(update.data?.updatePlugin.userErrors).toEqual([]);
    expect(named(await read(stack, PLUGINS, { org: ORG_B }, BOB))).toContain('Acme renamed');
  });
});

describe('a write left without an answer', () => {
  const TIMEOUT = 500;
  const stack = useStack({ seed: seed(), gateway: { upstreamCacheTtlMs: 60_000, upstreamTimeoutMs: TIMEOUT } });
  const flagOf = async (token: string) => (await stack.graphql<any>(FLAGS, { first: 30 }, { token })).data!.projects.nodes[0].featureFlags.nodes[0];

  it('is invalidated again once the service may have applied it: reads in between do not keep the old answer', async () => {
    const flag = await flagOf(ALICE);
    // The service applies the write 800 ms after it arrives; the gateway gives up after 500 ms, and invalidates again 500 ms later.
    stack.upstream.injectFault({ method: 'PATCH', path: /\/feature_flags\/\d+\/$/, delayMs: 800 });
    const write = await stack.graphql<any>(UPDATE_FLAG, { id: flag.id, name: 'Applied late' }, { token: ALICE });
    expect(write.errors?.[0]?.extensions?.code).toBe('UPSTREAM_TIMEOUT');
    // Read before the service applied it: the old name, kept again.
    expect((await flagOf(ADA)).name).toBe('Checkout v1');
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT + 200));
    expect((await flagOf(ADA)).name).toBe('Applied late');
  });

  it('from a token the service never accepted, invalidates nothing', async () => {
    await read(stack, FLAGS, { first: 29 }, ALICE);
    const project = seededProjectId(stack.upstream, 'Acme Web');
    stack.upstream.injectFault({ method: 'PATCH', path: /\/api\/projects\/\d+\/$/, delayMs: TIMEOUT + 200 });
    const write = await stack.graphql(UPDATE_PROJECT, { id: String(project), name: 'pwned' }, { token: GARBAGE });
    expect(write.errors?.[0]?.extensions?.code).toBe('UPSTREAM_TIMEOUT');
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT + 100));
    expect(costOf(await read(stack, FLAGS, { first: 29 }, ALICE))).toMatchObject({ calls: 0 });
  });
});

describe('keys: revoked, throttled, and their share of the cache', () => {
  it('a key the service refuses (401) loses every entry kept for it at once', async () => {
    const stack = await startedStack({ upstreamCacheTtlMs: 60_000 });
    try {
      expect((await read(stack, FLAGS, { first: 5 }, ADA)).errors).toBeUndefined();
      stack.upstream.revokeKey(ADA);
      // A read not kept goes to the service, which refuses the key...
      expect((await read(stack, FLAGS, { first: 6 }, ADA)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      // ...and what was kept for it is gone too, long before its lifetime.
      expect((await read(stack, FLAGS, { first: 5 }, ADA)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    } finally {
      await stack.stop();
    }
  });

  it('a throttled key is still answered from its own cache; only calls that would reach the service are refused', async () => {
    const stack = await startedStack({ upstreamCacheTtlMs: 60_000, upstreamHoldThrottledKeys: true }, '4/minute,100/hour');
    try {
      const kept = await read(stack, `{ projects(first: 5) { totalCount } }`, {}, ALICE);
      expect(kept.errors).toBeUndefined();
      let refused: GraphQLResponse | undefined;
      for (let first = 1; first <= 8 && !refused; first++) {
        const response = await read(stack, FLAGS, { first }, ALICE);
        if (response.errors) refused = response;
      }
      expect(refused?.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      const again = await read(stack, `{ projects(first: 5) { totalCount } }`, {}, ALICE);
      expect(again.errors).toBeUndefined();
      expect(costOf(again)).toMatchObject({ calls: 0, cache: 1 });
      expect((await read(stack, FLAGS, { first: 20 }, ALICE)).errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    } finally {
      await stack.stop();
    }
  });

  it('one tenant’s large lists do not evict another tenant’s entries', async () => {
    const stack = await startedStack({ upstreamCacheTtlMs: 60_000, upstreamCacheMaxBytes: 160_000 });
    try {
      await read(stack, FLAGS, { first: 10 }, ALICE);
      for (let first = 1; first <= 30; first++) expect((await read(stack, FLAGS, { first }, BOB)).errors).toBeUndefined();
      expect(costOf(await read(stack, FLAGS, { first: 10 }, ALICE))).toMatchObject({ calls: 0 });
    } finally {
      await stack.stop();
    }
  });
});

describe('shared in-flight reads without the cache', () => {
  const concurrently = (stack: Stack, count: number) =>
    Promise.all(Array.from({ length: count }, () => stack.graphql<any>(FLAGS, { first: 7 }, { token: ALICE, report: true })));

  it('share one upstream call per read with UPSTREAM_CACHE_TTL_MS=0, and keep nothing afterwards', async () => {
    const stack = await startedStack({ upstreamCacheTtlMs: 0, upstreamSharedReads: true }, 'off', 300);
    try {
      const answers = await concurrently(stack, 5);
      expect(new Set(answers.map((answer) => JSON.stringify(answer.data))).size).toBe(1);
      // Three reads per operation (the projects, then the flags of each of Acme's two), each made once for all five.
      expect(stack.upstream.requests.filter((r) => r.method === 'GET')).toHaveLength(3);
      expect(costOf(await read(stack, FLAGS, { first: 7 }, ALICE))).toMatchObject({ calls: 3, cache: 0 });
    } finally {
      await stack.stop();
    }
  });

  it('are off with UPSTREAM_SHARED_READS=0', async () => {
    const stack = await startedStack({ upstreamCacheTtlMs: 0, upstreamSharedReads: false }, 'off', 300);
    try {
      await concurrently(stack, 3);
      expect(stack.upstream.requests.filter((r) => r.method === 'GET')).toHaveLength(9);
    } finally {
      await stack.stop();
    }
  });

  it('a follower is answered although the leading request’s client went away mid-read', async () => {
    const stack = await startedStack({ upstreamCacheTtlMs: 0, upstreamSharedReads: true }, 'off', 300);
    try {
      const gone = new AbortController();
      const leader = fetch(stack.gatewayUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ALICE}` },
        body: JSON.stringify({ query: FLAGS, variables: { first: 8 } }),
        signal: gone.signal,
      }).catch(() => null);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const follower = stack.graphql<any>(FLAGS, { first: 8 }, { token: ALICE, report: true });
      await new Promise((resolve) => setTimeout(resolve, 50));
      gone.abort();
      await leader;
      const answer = await follower;
      expect(answer.errors).toBeUndefined();
      expect(answer.data?.projects.nodes.length).toBeGreaterThan(0);
      // It did join the leader's read, then read for itself when the leader's was cut short.
      expect(answer.extensions?.upstream.totals.shared).toBeGreaterThan(0);
    } finally {
      await stack.stop();
    }
  });
});

/** A stack of its own (settings differ per test); `rateLimit` and `latencyMs` are the local upstream's. */
function startedStack(gateway: Partial<GatewayOptions>, rateLimit = 'off', latencyMs = 0): Promise<Stack> {
  return startStack({ seed: seed(), gateway, upstream: { rateLimit, latencyMs } });
}
