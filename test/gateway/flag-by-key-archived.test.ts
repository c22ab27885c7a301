// `featureFlag(key:)` finds archived flags: the upstream's list leaves them out unless `archived` is asked for, so the
// key lookup searches the archived flags when the default search finds no exact match. Against the local upstream,
// with the gateway's read cache on (an archive must not leave a cached "not found" or a stale flag behind).
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoErrors, reportedCalls, useStack, type GraphQLResponse } from './helpers.ts';
import { EVERYONE, seededProjectId, seedFlag, seedOrganization, seedProject, seedUser, type SeedFile } from '../fixtures/seed.ts';

const ORG = '0c000000-0000-4000-8000-0000000000f3';
const seed: SeedFile = {
  organizations: [seedOrganization(ORG, 'Acme')],
  users: [seedUser('ada@acme.test', 'phx_ada_flag_by_key_archived_000000', ORG)],
  projects: [seedProject(ORG, 'Web')],
  feature_flags: ['live', 'shelved', 'listed-then-shelved'].map((key) => seedFlag('Web', key, { organization: ORG, filters: EVERYONE })),
};

const stack = useStack({ seed, gateway: { upstreamCacheTtlMs: 60_000 } });
const LIST_ROUTE = 'GET /api/projects/{project_id}/feature_flags/';
const BY_KEY = `query($p: ID!, $key: String!) { project(id: $p) { featureFlag(key: $key) { id key archived status active } } }`;
const ARCHIVE = `mutation($input: FeatureFlagReferenceInput!) { archiveFeatureFlag(input: $input) { featureFlag { id } userErrors { code message } } }`;
const codes = (response: GraphQLResponse) => (response.errors ?? []).map((e) => e.extensions?.code);
/** The flag calls of a response (the project's own read is not counted). */
const flagCalls = (response: GraphQLResponse) => reportedCalls(response).filter((call) => call.includes('feature_flags'));
let project: number;

beforeAll(() => {
  project = seededProjectId(stack.upstream);
});

const byKey = (key: string) => stack.graphql<any>(BY_KEY, { p: String(project), key }, { report: true });

async function archive(key: string): Promise<string> {
  const flag = expectNoErrors<any>(await byKey(key)).project.featureFlag;
  const result = expectNoErrors<any>(await stack.graphql<any>(ARCHIVE, { input: { id: flag.id } })).archiveFeatureFlag;
  expect(result.userErrors).toEqual([]);
  return flag.id as string;
}

describe('featureFlag(key:) and archived flags', () => {
  it('finds an archived flag by its key, archived and ARCHIVED, though the default list hides it', async () => {
    const id = await archive('shelved');
    const response = await byKey('shelved');
    expect(expectNoErrors<any>(response).project.featureFlag).toEqual({ id, key: 'shelved', archived: true, status: 'ARCHIVED', active: false });
    // The default search finds nothing, the search among archived flags finds it.
    expect(flagCalls(response)).toEqual([LIST_ROUTE, LIST_ROUTE]);
  });

  it('finds an archived flag by key after reading the whole unfiltered list, which no longer proves a key absent', async () => {
    const id = await archive('listed-then-shelved');
    const response = await stack.graphql<any>(
      `query($p: ID!) { project(id: $p) { featureFlags(first: 100) { totalCount nodes { key } }
        featureFlag(key: "listed-then-shelved") { id archived status } } }`,
      { p: String(project) },
      { report: true },
    );
    const data = expectNoErrors<any>(response).project;
    expect(data.featureFlags.nodes.map((n: { key: string }) => n.key)).not.toContain('listed-then-shelved');
    expect(data.featureFlag).toEqual({ id, archived: true, status: 'ARCHIVED' });
    // The whole list settles the default search; only the search among archived flags is made.
    expect(flagCalls(response)).toEqual([LIST_ROUTE, LIST_ROUTE]);
  });

  it('a missing key is still null with NOT_FOUND, once the archived flags were searched too', async () => {
    const response = await byKey('no-such-flag');
    expect(flagCalls(response)).toEqual([LIST_ROUTE, LIST_ROUTE]);
    expect(response.data!.project.featureFlag).toBeNull();
    expect(codes(response)).toEqual(['NOT_FOUND']);
    expect(response.errors![0]!.message).toBe(`No feature flag with key "no-such-flag" in project ${project} (soft-deleted flags cannot be found by key).`);
  });

  it('a present flag that is not archived costs one list call, as before', async () => {
    const response = await byKey('live');
    expect(expectNoErrors<any>(response).project.featureFlag).toMatchObject({ key: 'live', archived: false, status: 'ACTIVE', active: true });
    expect(flagCalls(response)).toEqual([LIST_ROUTE]);
  });
});
