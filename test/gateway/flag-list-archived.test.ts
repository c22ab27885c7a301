// `featureFlags(archived:)`: passed to the upstream list's `archived` parameter, which otherwise leaves archived
// flags out. Against the local upstream, with the gateway's read cache on (each filter has its own cached page).
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoErrors, reportedCalls, useStack } from './helpers.ts';
import { EVERYONE, seededProjectId, seedFlag, seedOrganization, seedProject, seedUser, type SeedFile } from '../fixtures/seed.ts';

const ORG = '0c000000-0000-4000-8000-0000000000f4';
const KEYS = ['live', 'shelved', 'shelved-then-deleted', 'deleted'];
const seed: SeedFile = {
  organizations: [seedOrganization(ORG, 'Acme')],
  users: [seedUser('ada@acme.test', 'phx_ada_flag_list_archived_0000000', ORG)],
  projects: [seedProject(ORG, 'Web')],
  feature_flags: KEYS.map((key) => seedFlag('Web', key, { organization: ORG, filters: EVERYONE })),
};

const stack = useStack({ seed, gateway: { upstreamCacheTtlMs: 60_000 } });
const LIST_ROUTE = 'GET /api/projects/{project_id}/feature_flags/';
const LIST = `query($p: ID!, $archived: Boolean, $includeDeleted: Boolean, $first: Int, $after: String) { project(id: $p) {
  featureFlags(archived: $archived, includeDeleted: $includeDeleted, first: $first, after: $after) {
    totalCount nodes { key archived deleted } pageInfo { endCursor hasNextPage } } } }`;
const ids = new Map<string, string>();
let project: number;

const mutate = async (name: 'archiveFeatureFlag' | 'deleteFeatureFlag', key: string) =>
  expectNoErrors<any>(
    await stack.graphql<any>(`mutation($i: FeatureFlagReferenceInput!) { ${name}(input: $i) { userErrors { message } } }`, { i: { id: ids.get(key) } }),
  );

async function list(variables: Record<string, unknown>) {
  const response = await stack.graphql<any>(LIST, { p: String(project), ...variables }, { report: true });
  const flagCalls = reportedCalls(response).filter((call) => call.includes('feature_flags'));
  return { ...expectNoErrors<any>(response).project.featureFlags, flagCalls };
}
const keys = (connection: { nodes: Array<{ key: string }> }) => connection.nodes.map((node) => node.key);

beforeAll(async () => {
  project = seededProjectId(stack.upstream);
  const data = expectNoErrors<any>(
    await stack.graphql<any>(`query($p: ID!) { project(id: $p) { featureFlags { nodes { id key } } } }`, { p: String(project) }),
  );
  for (const node of data.project.featureFlags.nodes) ids.set(node.key, node.id);
  for (const key of ['shelved', 'shelved-then-deleted']) expect((await mutate('archiveFeatureFlag', key)).archiveFeatureFlag.userErrors).toEqual([]);
  for (const key of ['shelved-then-deleted', 'deleted']) expect((await mutate('deleteFeatureFlag', key)).deleteFeatureFlag.userErrors).toEqual([]);
});

describe('featureFlags(archived:)', () => {
  it('archived: true lists only the archived flag, in one upstream call', async () => {
    const connection = await list({ archived: true });
    expect(connection.nodes).toEqual([{ key: 'shelved', archived: true, deleted: false }]);
    expect(connection.totalCount).toBe(1);
    expect(connection.flagCalls).toEqual([LIST_ROUTE]);
  });

  it('archived: false and the default leave the archived flag out', async () => {
    for (const archived of [false, undefined]) {
      const connection = await list({ archived });
      expect(keys(connection)).toEqual(['live']);
      expect(connection.totalCount).toBe(1);
      expect(connection.flagCalls).toEqual([LIST_ROUTE]);
    }
  });

  it('pages through archived flags one upstream call per page', async () => {
    await stack.graphql<any>(`mutation($i: FeatureFlagReferenceInput!) { archiveFeatureFlag(input: $i) { userErrors { message } } }`, {
      i: { id: ids.get('live') },
    });
    const first = await list({ archived: true, first: 1 });
    expect(first.totalCount).toBe(2);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await list({ archived: true, first: 1, after: first.pageInfo.endCursor });
    expect([...keys(first), ...keys(second)].sort()).toEqual(['live', 'shelved']);
    expect([first.flagCalls, second.flagCalls]).toEqual([[LIST_ROUTE], [LIST_ROUTE]]);
  });

  it('with includeDeleted, a given value filters the deleted flags too; omitted, every deleted flag follows', async () => {
    const deletedKeys = async (archived?: boolean) =>
      (await list({ archived, includeDeleted: true })).nodes.filter((node: { deleted: boolean }) => node.deleted).map((node: { key: string }) => node.key);
    expect(await deletedKeys(true)).toEqual(['shelved-then-deleted']);
    expect(await deletedKeys(false)).toEqual(['deleted']);
    expect((await deletedKeys()).sort()).toEqual(['deleted', 'shelved-then-deleted']);
  });
});
