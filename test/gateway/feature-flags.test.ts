// Feature flags end to end: real gateway + real local upstream, both on port 0.
// Connection arithmetic, lookups by every kind of id, node round trips, upstream call
// counts (x-upstream-report) and access to another organization's data.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoErrors, useStack, type GraphQLResponse } from './helpers.ts';
import { restClient } from '../fixtures/rest.ts';
import { EVERYONE, seedFlag, seedOrganization, seedProject, seededProjectId, seedUser, type SeedFile } from '../fixtures/seed.ts';

const ORG = '0a000000-0000-4000-8000-00000000000a';
const OTHER_ORG = '0b000000-0000-4000-8000-00000000000b';
const KEYS = ['f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7'];

const seed: SeedFile = {
  organizations: [seedOrganization(ORG, 'Acme'), seedOrganization(OTHER_ORG, 'Globex')],
  users: [seedUser('ada@acme.test', 'phx_ada_flags_key', ORG), seedUser('bob@globex.test', 'phx_bob_flags_key', OTHER_ORG)],
  projects: [seedProject(ORG, 'Web'), seedProject(ORG, 'Big'), seedProject(OTHER_ORG, 'Other')],
  feature_flags: [
    ...KEYS.map((key) =>
      seedFlag('Web', key, { organization: ORG, name: key === 'f5' ? 'Checkout redesign' : `Flag ${key}`, active: key !== 'f3', filters: EVERYONE }),
    ),
    ...Array.from({ length: 50 }, (_, i) => seedFlag('Big', `big-${i}`, { organization: ORG })),
    seedFlag('Other', 'secret-flag', { organization: OTHER_ORG }),
  ],
};

const stack = useStack({ seed });
const ok = async (query: string, variables: Record<string, unknown>, token?: string) =>
  expectNoErrors<any>(await stack.graphql<any>(query, variables, { token }));
const codes = (response: GraphQLResponse) => (response.errors ?? []).map((e) => e.extensions?.code);
const projectId = (name: string) => seededProjectId(stack.upstream, name);
const callsTo = (response: GraphQLResponse, route: string) =>
  (response.extensions?.upstream?.calls ?? []).filter((c: { route: string }) => c.route === route).length;
let web: number;
let big: number;
let other: number;
/** Keys of Web's flags in the upstream's list order, read once through the gateway. */
let order: string[];

beforeAll(async () => {
  web = projectId('Web');
  big = projectId('Big');
  other = projectId('Other');
  const all = await ok(`query($p: ID!) { project(id: $p) { featureFlags(first: 100) { nodes { key } } } }`, { p: String(web) });
  order = all.project.featureFlags.nodes.map((n: { key: string }) => n.key);
});

const PAGE = `query($p: ID!, $first: Int, $after: String, $last: Int, $before: String) {
  project(id: $p) { featureFlags(first: $first, after: $after, last: $last, before: $before) {
    totalCount edges { cursor node { key } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }`;

async function page(args: Record<string, unknown>) {
  const data = await ok(PAGE, { p: String(web), ...args });
  const connection = data.project.featureFlags;
  return { ...connection, keys: connection.edges.map((e: { node: { key: string } }) => e.node.key) };
}

describe('Project.featureFlags connection', () => {
  it('lists every seeded flag, newest first, with the upstream count', async () => {
    expect([...order].sort()).toEqual(KEYS);
    const data = await ok(`query($p: ID!) { project(id: $p) { featureFlags { totalCount nodes { key databaseId createdAt } } } }`, { p: String(web) });
    const flags: { key: string; databaseId: number; createdAt: string }[] = data.project.featureFlags.nodes;
    // Newest first: creation time descending, the higher id first on a tie (the upstream's order).
    const newestFirst = [...flags].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.databaseId - a.databaseId);
    expect(flags.map((f) => f.key)).toEqual(newestFirst.map((f) => f.key));
    // totalCount is the upstream envelope's own count, read here straight from the REST list.
    const rest = await restClient(stack.upstream, 'phx_ada_flags_key').get<{ count: number }>(`/api/projects/${web}/feature_flags/?limit=1`);
    const envelope = rest.body;
    expect(envelope.count).toBe(KEYS.length);
    expect(data.project.featureFlags.totalCount).toBe(envelope.count);
  });

  it('pages forwards in pages of 3', async () => {
    const one = await page({ first: 3 });
    expect(one).toMatchObject({ totalCount: 7, keys: order.slice(0, 3), pageInfo: { hasNextPage: true, hasPreviousPage: false } });
    const two = await page({ first: 3, after: one.pageInfo.endCursor });
    expect(two).toMatchObject({ keys: order.slice(3, 6), pageInfo: { hasNextPage: true, hasPreviousPage: true } });
    const three = await page({ first: 3, after: two.pageInfo.endCursor });
    expect(three).toMatchObject({ keys: order.slice(6), pageInfo: { hasNextPage: false, hasPreviousPage: true } });
  });

  it('pages backwards with last/before, and `last` alone counts then fetches the tail', async () => {
    const tail = await stack.graphql(PAGE, { p: String(web), last: 3 }, { report: true });
    const connection = tail.data!.project.featureFlags;
    expect(connection.edges.map((e: { node: { key: string } }) => e.node.key)).toEqual(order.slice(4));
    expect(connection.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    // One call learns the count, one reads the tail.
    expect(callsTo(tail, '/api/projects/{project_id}/feature_flags/')).toBe(2);

    const middle = await page({ last: 3, before: connection.pageInfo.startCursor });
    expect(middle).toMatchObject({ keys: order.slice(1, 4), pageInfo: { hasPreviousPage: true } });
    const head = await page({ last: 3, before: middle.pageInfo.startCursor });
    expect(head).toMatchObject({ keys: order.slice(0, 1), pageInfo: { hasPreviousPage: false, hasNextPage: true } });
  });

  it('refuses bad arguments with BAD_USER_INPUT and no flag call', async () => {
    for (const args of [{ first: 101 }, { last: 101 }, { first: -1 }, { after: 'not-a-cursor' }, { before: 'b2Zmc2V0Oi0x' }]) {
      stack.upstream.resetRequests();
      const response = await stack.graphql(PAGE, { p: String(web), ...args });
      expect(codes(response), JSON.stringify(args)).toEqual(['BAD_USER_INPUT']);
      expect(stack.upstream.requests.filter((r) => r.path.includes('/feature_flags'))).toEqual([]);
    }
  });

  it('filters by search and active', async () => {
    const data = await ok(
      `query($p: ID!) { project(id: $p) {
      searched: featureFlags(search: "checkout") { totalCount nodes { key description name } }
      disabled: featureFlags(active: false) { totalCount nodes { key active } }
      enabled: featureFlags(active: true) { totalCount } } }`,
      { p: String(web) },
    );
    expect(data.project.searched).toEqual({ totalCount: 1, nodes: [{ key: 'f5', description: 'Checkout redesign', name: 'Checkout redesign' }] });
    expect(data.project.disabled).toEqual({ totalCount: 1, nodes: [{ key: 'f3', active: false }] });
    expect(data.project.enabled.totalCount).toBe(6);
  });
});

describe('flag lookups and global ids', () => {
  const LOOKUP = `query($p: ID!, $id: ID, $key: String) { project(id: $p) { featureFlag(id: $id, key: $key) { id databaseId key project { databaseId } } } }`;

  it('finds a flag by global id, numeric id and key, all the same flag', async () => {
    const byKey = (await ok(LOOKUP, { p: String(web), key: 'f2' })).project.featureFlag;
    const byNumber = (await ok(LOOKUP, { p: String(web), id: String(byKey.databaseId) })).project.featureFlag;
    const byGlobal = (await ok(LOOKUP, { p: String(web), id: byKey.id })).project.featureFlag;
    expect(byKey).toMatchObject({ key: 'f2', project: { databaseId: web } });
    expect(byNumber).toEqual(byKey);
    expect(byGlobal).toEqual(byKey);
  });

  it('round-trips ids through node and nodes', async () => {
    const listed = await ok(`query($p: ID!) { project(id: $p) { featureFlags(first: 3) { nodes { id key } } } }`, { p: String(web) });
    const flags = listed.project.featureFlags.nodes as { id: string; key: string }[];
    const data = await ok(
      `query($ids: [ID!]!, $one: ID!) {
      node(id: $one) { id ... on FeatureFlag { key } }
      nodes(ids: $ids) { id ... on FeatureFlag { key } } }`,
      { one: flags[0]!.id, ids: flags.map((f) => f.id) },
    );
    expect(data.node).toEqual(flags[0]);
    expect(data.nodes).toEqual(flags);
  });

  it('a missing flag is null with NOT_FOUND, by id and by key', async () => {
    const byId = await stack.graphql(LOOKUP, { p: String(web), id: '999999' });
    expect(byId.data!.project.featureFlag).toBeNull();
    expect(codes(byId)).toEqual(['NOT_FOUND']);
    const byKey = await stack.graphql(LOOKUP, { p: String(web), key: 'no-such-flag' });
    expect(byKey.data!.project.featureFlag).toBeNull();
    expect(codes(byKey)).toEqual(['NOT_FOUND']);
  });

  it('needs exactly one of id and key, and refuses a flag id of another project', async () => {
    const neither = await stack.graphql(LOOKUP, { p: String(web) });
    expect(codes(neither)).toEqual(['BAD_USER_INPUT']);
    const elsewhere = (await ok(LOOKUP, { p: String(big), key: 'big-1' })).project.featureFlag;
    const mismatch = await stack.graphql(LOOKUP, { p: String(web), id: elsewhere.id });
    expect(codes(mismatch)).toEqual(['BAD_USER_INPUT']);
  });
});

describe('upstream cost', () => {
  it('50 flags with their project cost exactly 2 upstream calls', async () => {
    const response = await stack.graphql(
      `query($p: ID!) { project(id: $p) { featureFlags(first: 50) {
      nodes { key createdBy { email } project { id name } } } } }`,
      { p: String(big) },
      { report: true },
    );
    const nodes = response.data!.project.featureFlags.nodes;
    expect(nodes).toHaveLength(50);
    expect(new Set(nodes.map((n: { project: { name: string } }) => n.project.name))).toEqual(new Set(['Big']));
    expect(response.extensions!.upstream.totals.calls).toBe(2);
  });

  it('a list and a lookup of a listed flag (by id or key) cost one flag call', async () => {
    const first = (await ok(`query($p: ID!) { project(id: $p) { featureFlags(first: 1) { nodes { id key } } } }`, { p: String(web) })).project.featureFlags
      .nodes[0];
    const response = await stack.graphql(
      `query($p: ID!, $id: ID!, $key: String!) { project(id: $p) {
      featureFlags(first: 7) { nodes { key } }
      byId: featureFlag(id: $id) { key }
      byKey: featureFlag(key: $key) { id } } }`,
      { p: String(web), id: first.id, key: first.key },
      { report: true },
    );
    expect(response.data!.project).toMatchObject({ byId: { key: first.key }, byKey: { id: first.id } });
    const flagCalls = response.extensions!.upstream.calls.filter((c: { route: string }) => c.route.includes('feature_flags'));
    expect(flagCalls).toEqual([expect.objectContaining({ method: 'GET', route: '/api/projects/{project_id}/feature_flags/' })]);
  });
});

describe('federation references', () => {
  it('resolves N FeatureFlag representations with one GET per distinct flag, in one wave; a missing flag is null', async () => {
    const listed: { id: string; key: string }[] = (
      await ok(`query($p: ID!) { project(id: $p) { featureFlags(first: 2) { nodes { id key } } } }`, { p: String(web) })
    ).project.featureFlags.nodes;
    const missing = Buffer.from(`FeatureFlag:${web}:999999`).toString('base64url');
    const representations = [listed[0], listed[1], listed[0], { id: missing }, listed[1]].map((flag) => ({ __typename: 'FeatureFlag', id: flag!.id }));
    const response = await stack.graphql<any>(
      `query($r: [_Any!]!) { _entities(representations: $r) { ... on FeatureFlag { id key } } }`,
      { r: representations },
      { report: true },
    );
    expect(response.errors).toBeUndefined();
    expect(response.data!._entities).toEqual([listed[0], listed[1], listed[0], null, listed[1]]);
    expect(response.extensions!.upstream.totals).toMatchObject({ calls: 3, waves: 1 });
  });
});

describe("another organization's data", () => {
  it("a flag of another organization's project is FORBIDDEN, its project NOT_FOUND", async () => {
    const foreign = (await ok(`query($p: ID!) { project(id: $p) { featureFlag(key: "secret-flag") { id } } }`, { p: String(other) }, 'phx_bob_flags_key'))
      .project.featureFlag;
    const asAda = await stack.graphql(`query($id: ID!) { node(id: $id) { id } }`, { id: foreign.id });
    expect(asAda.data!.node).toBeNull();
    expect(codes(asAda)).toEqual(['FORBIDDEN']);
    expect(asAda.errors![0]!.extensions!.upstream).toMatchObject({ status: 403 });
    const project = await stack.graphql(`query($p: ID!) { project(id: $p) { featureFlags { totalCount } } }`, { p: String(other) });
    expect(project.data!.project).toBeNull();
    expect(codes(project)).toEqual(['NOT_FOUND']);
  });
});
