// Upstream calls of typical operations, read from `extensions.upstream` as a client would:
// one call per distinct resource, in as many waves as the query's dependency depth.
import { describe, expect, it } from 'vitest';
import { expectNoErrors, reportedCalls, useStack, type GraphQLResponse } from './helpers.ts';
import { ORG_A, ORG_B, twoOrgSeed } from '../fixtures/seed.ts';

const FLAG_COUNT = 50;
const stack = useStack(() => {
  const seed = twoOrgSeed();
  for (let i = 0; i < FLAG_COUNT - 1; i++) seed.feature_flags!.push({ project: 'Acme Web', organization: ORG_A, key: `bulk-${i}` });
  seed.plugins = [
    { organization: ORG_A, plugin_type: 'source', name: 'Hello' },
    { organization: ORG_A, plugin_type: 'source', name: 'World' },
    { organization: ORG_B, plugin_type: 'source', name: 'Globex plugin' },
  ];
  return { seed };
});

function totals(response: GraphQLResponse): { calls: number; waves: number } {
  const { calls, waves } = response.extensions?.upstream?.totals ?? {};
  return { calls, waves };
}

async function flagIds(count: number): Promise<string[]> {
  const data = expectNoErrors(await stack.graphql<any>(`{ project(id: 1) { featureFlags(first: ${count}) { nodes { id } } } }`));
  return data.project.featureFlags.nodes.map((n: { id: string }) => n.id);
}

describe('upstream calls per operation', () => {
  it("a project, its 50 flags, each flag's project and creator: 2 calls in 1 wave (the flag page goes out with the project)", async () => {
    const read = () =>
      stack.graphql<any>(
        `{ project(id: 1) { name featureFlags(first: 100) { totalCount nodes { key createdBy { email } project { id name timezone } } } } }`,
        {},
        { report: true },
      );
    // A key's first request: nothing goes ahead before the upstream has accepted the key.
    expect(totals(await read())).toEqual({ calls: 2, waves: 2 });
    const response = await read();
    const data = expectNoErrors(response);
    expect(data.project.featureFlags.totalCount).toBe(FLAG_COUNT);
    expect(data.project.featureFlags.nodes.every((f: any) => f.project.name === 'Acme Web' && f.createdBy.email === 'alice@acme.test')).toBe(true);
    expect(totals(response)).toEqual({ calls: 2, waves: 1 });
  });

  it('flags of listed projects reuse the listed project: no project GET unless a full-record field is asked', async () => {
    const listed = await stack.graphql<any>(
      `{ projects { nodes { featureFlags(first: 3) { nodes { key project { name apiToken } } } } } }`,
      {},
      { report: true },
    );
    const data = expectNoErrors(listed);
    expect(data.projects.nodes[0].featureFlags.nodes[0].project.name).toBe('Acme Web');
    expect(reportedCalls(listed).filter((c) => c === 'GET /api/projects/{id}/')).toEqual([]);
    expect(totals(listed)).toEqual({ calls: 3, waves: 2 });

    const full = await stack.graphql<any>(`{ projects { nodes { featureFlags(first: 3) { nodes { project { createdAt } } } } } }`, {}, { report: true });
    expectNoErrors(full);
    // Only Acme Web has flags: one GET for its full record, after the flag lists.
    expect(reportedCalls(full).filter((c) => c === 'GET /api/projects/{id}/')).toHaveLength(1);
    expect(totals(full).waves).toBe(3);
  });

  it('N node(id:) lookups of flags of one project (50 aliases): N GETs in one wave', async () => {
    const ids = await flagIds(FLAG_COUNT);
    const query = `{ ${ids.map((id, i) => `f${i}: node(id: "${id}") { id ... on FeatureFlag { key } }`).join(' ')} }`;
    const response = await stack.graphql<any>(query, {}, { report: true });
    const data = expectNoErrors(response);
    expect(Object.values(data).map((n: any) => n.id)).toEqual(ids);
    expect(reportedCalls(response)).toEqual(Array(FLAG_COUNT).fill('GET /api/projects/{project_id}/feature_flags/{id}/'));
    expect(totals(response)).toEqual({ calls: FLAG_COUNT, waves: 1 });
  });

  it('the same flag asked twice (node and nodes): one call', async () => {
    const [id] = await flagIds(1);
    const response = await stack.graphql<any>(
      `query($id: ID!) { a: node(id: $id) { id } b: nodes(ids: [$id, $id]) { ... on FeatureFlag { key } } }`,
      { id },
      { report: true },
    );
    expectNoErrors(response);
    expect(totals(response)).toEqual({ calls: 1, waves: 1 });
  });

  it('projects with their flag counts: 1 + one call per project, in 2 waves', async () => {
    const response = await stack.graphql<any>(`{ projects { totalCount nodes { featureFlags { totalCount } } } }`, {}, { report: true });
    const data = expectNoErrors(response);
    expect(data.projects.nodes.map((p: any) => p.featureFlags.totalCount)).toEqual([FLAG_COUNT, 0]);
    expect(totals(response)).toEqual({ calls: 1 + data.projects.totalCount, waves: 2 });
  });

  it('a key lookup next to the whole flag list costs nothing more; a missing key only the search among archived flags', async () => {
    const response = await stack.graphql<any>(
      `{ project(id: 1) { featureFlags { totalCount } hit: featureFlag(key: "bulk-3") { key } miss: featureFlag(key: "no-such-flag") { key } } }`,
      {},
      { report: true },
    );
    expect(response.data?.project.hit).toEqual({ key: 'bulk-3' });
    expect(response.data?.project.miss).toBeNull();
    expect(response.errors?.map((e) => [e.path, e.extensions?.code])).toEqual([[['project', 'miss'], 'NOT_FOUND']]);
    // The whole list (sent with the project) leaves archived flags out, so it settles the default search but not the archived one.
    expect(totals(response)).toEqual({ calls: 3, waves: 2 });
  });

  it('a key lookup next to a partial page still searches', async () => {
    const response = await stack.graphql<any>(
      `{ project(id: 1) { featureFlags(first: 2) { totalCount } featureFlag(key: "bulk-40") { key } } }`,
      {},
      { report: true },
    );
    expect(expectNoErrors(response).project.featureFlag).toEqual({ key: 'bulk-40' });
    expect(reportedCalls(response).filter((c) => c === 'GET /api/projects/{project_id}/feature_flags/')).toHaveLength(2);
  });

  it('plugins with their organization (id and name): one call, the name is embedded', async () => {
    const response = await stack.graphql<any>(`{ organization(id: "${ORG_A}") { plugins { nodes { name organization { id name } } } } }`, {}, { report: true });
    const data = expectNoErrors(response);
    expect(data.organization.plugins.nodes.map((p: any) => p.organization.name)).toEqual(['Acme', 'Acme']);
    expect(totals(response)).toEqual({ calls: 1, waves: 1 });
  });
});

describe('Organization.name', () => {
  it("alone: one call, the organization's record", async () => {
    const response = await stack.graphql<any>(`{ organization(id: "${ORG_A}") { name } }`, {}, { report: true });
    expect(expectNoErrors(response).organization.name).toBe('Acme');
    expect(reportedCalls(response)).toEqual(['GET /api/organizations/{id}/']);
  });

  it('next to a plugins connection: the record and the list, side by side', async () => {
    const response = await stack.graphql<any>(`{ organization(id: "${ORG_A}") { name plugins { totalCount } } }`, {}, { report: true });
    expect(expectNoErrors(response).organization.name).toBe('Acme');
    expect(totals(response)).toEqual({ calls: 2, waves: 1 });
  });

  it("of each listed project's organization: one call per distinct organization", async () => {
    const response = await stack.graphql<any>(`{ projects { nodes { organization { name } } } }`, {}, { report: true });
    expect(expectNoErrors(response).projects.nodes.map((p: any) => p.organization.name)).toEqual(['Acme', 'Acme']);
    expect(totals(response)).toEqual({ calls: 2, waves: 2 });
  });

  it("of an organization the caller does not belong to: null, with the upstream's NOT_FOUND", async () => {
    const response = await stack.graphql<any>(`{ organization(id: "${ORG_B}") { id name } }`, {}, { report: true });
    expect(response.data?.organization.name).toBeNull();
    expect(response.errors?.map((e) => e.extensions?.code)).toEqual(['NOT_FOUND']);
  });

  it('is never asked for when not selected', async () => {
    const response = await stack.graphql<any>(`{ organization(id: "${ORG_A}") { id databaseId } }`, {}, { report: true });
    expectNoErrors(response);
    expect(totals(response).calls).toBe(0);
  });
});

describe('FeatureFlag fields the upstream returns beyond the interface', () => {
  it('updatedAt, version, lastModifiedBy and status follow an update', async () => {
    const [id] = await flagIds(1);
    const before = expectNoErrors(await stack.graphql<any>(`query($id: ID!) { node(id: $id) { ... on FeatureFlag { version updatedAt } } }`, { id }));
    const updated = expectNoErrors(
      await stack.graphql<any>(
        `mutation($input: UpdateFeatureFlagInput!) { updateFeatureFlag(input: $input) { featureFlag { version updatedAt lastModifiedBy { email } status } userErrors { message } } }`,
        { input: { id, name: 'renamed for the version test' } },
      ),
    );
    const flag = updated.updateFeatureFlag.featureFlag;
    expect(flag.version).toBe(before.node.version + 1);
    expect(Date.parse(flag.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.node.updatedAt));
    expect(flag.lastModifiedBy.email).toBe('alice@acme.test');
    expect(flag.status).toBe('ACTIVE');
  });
});
