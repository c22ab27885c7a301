// Flag actions end to end: activity logs as connections (page/limit upstream), static
// cohort, usage dashboards, and the evaluation helpers (reasons, local evaluation, my
// flags, blast radius).
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoErrors, useStack, type GraphQLResponse } from './helpers.ts';
import { EVERYONE, rollout, seededProjectId, seedFlag, seedOrganization, seedProject, seedUser, type SeedFile } from '../fixtures/seed.ts';

const ORG = '0d000000-0000-4000-8000-00000000000d';
const persons = [
  { distinct_id: 'u1', properties: { email: 'one@acme.test' } },
  { distinct_id: 'u2', properties: { email: 'two@acme.test' } },
  { distinct_id: 'u3', properties: { email: 'three@elsewhere.test' } },
];
const seed: SeedFile = {
  organizations: [seedOrganization(ORG, 'Acme')],
  users: [seedUser('ada@acme.test', 'phx_ada_actions_key', ORG)],
  projects: [seedProject(ORG, 'Web', { persons, group_types: [{ index: 0, name: 'company' }] })],
  feature_flags: [
    seedFlag('Web', 'everyone', { filters: EVERYONE }),
    seedFlag('Web', 'acme-only', { filters: rollout(100, [{ key: 'email', value: 'acme.test', operator: 'icontains', type: 'person' }]) }),
    seedFlag('Web', 'switched-off', { active: false, filters: EVERYONE }),
    seedFlag('Web', 'colours', { filters: { ...rollout(100), multivariate: { variants: [{ key: 'blue', rollout_percentage: 100 }] } } }),
  ],
};

const stack = useStack({ seed });
let project: string;
const ok = async (query: string, variables: Record<string, unknown> = {}) => expectNoErrors<any>(await stack.graphql<any>(query, { p: project, ...variables }));
const codes = (response: GraphQLResponse) => (response.errors ?? []).map((e) => e.extensions?.code);

async function flagId(key: string): Promise<string> {
  return (await ok(`query($p: ID!, $key: String!) { project(id: $p) { featureFlag(key: $key) { id } } }`, { key })).project.featureFlag.id;
}

beforeAll(async () => {
  project = String(seededProjectId(stack.upstream));
});

describe('activity logs', () => {
  const UPDATE = `mutation($id: ID!, $d: String!) { updateFeatureFlag(input: { id: $id, description: $d }) { userErrors { message } } }`;
  const ACTIVITY = `query($id: ID!, $first: Int, $after: String, $last: Int) { node(id: $id) { ... on FeatureFlag {
    activity(first: $first, after: $after, last: $last) { totalCount pageInfo { hasNextPage hasPreviousPage endCursor }
      nodes { activity scope itemId name createdAt user { email isSystem } changes { action field before after } } } } } }`;
  let id: string;
  let all: { activity: string; changes: { field: string; after: unknown }[] }[];

  beforeAll(async () => {
    const created = await ok(
      `mutation($p: ID!) { createFeatureFlag(input: { projectId: $p, key: "logged", filters: { groups: [{ properties: [], rollout_percentage: 100 }] } }) { featureFlag { id } } }`,
    );
    id = created.createFeatureFlag.featureFlag.id;
    for (const d of ['one', 'two', 'three', 'four', 'five']) await ok(UPDATE, { id, d });
    all = (await ok(ACTIVITY, { id, first: 100 })).node.activity.nodes;
  });

  it("lists a flag's own log, newest first, with who changed what", async () => {
    expect(all.map((e) => e.activity)).toEqual(['updated', 'updated', 'updated', 'updated', 'updated', 'created']);
    expect(all[0]).toMatchObject({ scope: 'FeatureFlag', name: 'logged', user: { email: 'ada@acme.test', isSystem: false } });
    expect(all[0]!.changes).toContainEqual(expect.objectContaining({ field: 'name', after: 'five' }));
  });

  it('pages the log with windows that do not line up with upstream pages', async () => {
    const first = (await ok(ACTIVITY, { id, first: 2 })).node.activity;
    expect(first).toMatchObject({ totalCount: 6, pageInfo: { hasNextPage: true, hasPreviousPage: false } });
    const second = (await ok(ACTIVITY, { id, first: 3, after: first.pageInfo.endCursor })).node.activity;
    expect(second.nodes).toEqual(all.slice(2, 5));
    const tail = (await ok(ACTIVITY, { id, last: 4 })).node.activity;
    expect(tail.nodes).toEqual(all.slice(2));
    expect(tail.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
  });

  it("the project's flag activity covers every flag", async () => {
    const data = await ok(`query($p: ID!) { project(id: $p) { featureFlagActivity(first: 100) { totalCount nodes { activity name } } } }`);
    expect(data.project.featureFlagActivity.totalCount).toBeGreaterThanOrEqual(6);
    expect(data.project.featureFlagActivity.nodes).toContainEqual({ activity: 'created', name: 'logged' });
  });
});

describe('static cohort and usage dashboards', () => {
  const COHORT = `mutation($id: ID!) { createFeatureFlagStaticCohort(input: { id: $id }) {
    cohort { databaseId name isStatic data } featureFlag { key } userErrors { message } } }`;
  const DASHBOARD = `mutation($id: ID!) { createFeatureFlagDashboard(input: { id: $id }) { featureFlag { usageDashboard hasEnrichedAnalytics } userErrors { field message } } }`;
  const ENRICH = `mutation($id: ID!) { enrichFeatureFlagUsageDashboard(input: { id: $id }) { featureFlag { usageDashboard hasEnrichedAnalytics } userErrors { field message code } } }`;

  it("creates a static cohort of the flag's current audience", async () => {
    const result = (await ok(COHORT, { id: await flagId('acme-only') })).createFeatureFlagStaticCohort;
    expect(result.userErrors).toEqual([]);
    expect(result.featureFlag).toEqual({ key: 'acme-only' });
    expect(result.cohort).toMatchObject({ isStatic: true, name: expect.stringMatching(/^Users with feature flag acme-only enabled at /) });
    expect(result.cohort.data).toMatchObject({ id: result.cohort.databaseId, count: 2 });
  });

  it("generates a usage dashboard and enriches it once the flag allows it; each refusal is a userError carrying the upstream's words", async () => {
    const id = await flagId('everyone');
    const refused = (message: string) => ({ featureFlag: null, userErrors: [{ field: null, message, code: 'OTHER' }] });
    expect((await ok(ENRICH, { id })).enrichFeatureFlagUsageDashboard).toEqual(refused('Usage dashboard not found'));

    const dashboard = (await ok(DASHBOARD, { id })).createFeatureFlagDashboard;
    expect(dashboard.userErrors).toEqual([]);
    expect(dashboard.featureFlag).toEqual({ usageDashboard: expect.any(Number), hasEnrichedAnalytics: false });
    expect((await ok(ENRICH, { id })).enrichFeatureFlagUsageDashboard).toEqual(refused('No enriched analytics available for this feature flag'));

    const UPDATE = `mutation($id: ID!) { updateFeatureFlag(input: { id: $id, hasEnrichedAnalytics: true }) { featureFlag { hasEnrichedAnalytics } userErrors { message } } }`;
    expect((await ok(UPDATE, { id })).updateFeatureFlag).toEqual({ featureFlag: { hasEnrichedAnalytics: true }, userErrors: [] });
    const enriched = (await ok(ENRICH, { id })).enrichFeatureFlagUsageDashboard;
    expect(enriched).toEqual({ featureFlag: { usageDashboard: dashboard.featureFlag.usageDashboard, hasEnrichedAnalytics: true }, userErrors: [] });

    expect((await ok(ENRICH, { id })).enrichFeatureFlagUsageDashboard).toEqual(refused('Usage dashboard already has enriched data'));
  });

  it('a numeric flag id without its project is BAD_USER_INPUT; an unknown flag is NOT_FOUND', async () => {
    const response = await stack.graphql(DASHBOARD, { id: '999999', p: project }, {});
    expect(codes(response)).toEqual(['BAD_USER_INPUT']);
    const missing = await stack.graphql(
      `mutation($id: ID!, $p: ID!) { createFeatureFlagDashboard(input: { id: $id, projectId: $p }) { userErrors { message } } }`,
      { id: '999999', p: project },
    );
    expect(codes(missing)).toEqual(['NOT_FOUND']);
  });
});

describe('evaluation helpers', () => {
  const REASONS = `query($p: ID!, $d: String!, $groups: JSON) { project(id: $p) { evaluationReasons(distinctId: $d, groups: $groups) { key value enabled variant reason conditionIndex } } }`;

  it('explains every flag for a person, with inactive flags reported as disabled', async () => {
    const reasons = (await ok(REASONS, { d: 'u1' })).project.evaluationReasons;
    const byKey = Object.fromEntries(reasons.map((r: { key: string }) => [r.key, r]));
    expect(byKey['everyone']).toEqual({ key: 'everyone', value: true, enabled: true, variant: null, reason: 'condition_match', conditionIndex: 0 });
    expect(byKey['acme-only']).toMatchObject({ enabled: true, reason: 'condition_match' });
    expect(byKey['switched-off']).toEqual({ key: 'switched-off', value: false, enabled: false, variant: null, reason: 'disabled', conditionIndex: null });
    expect(byKey['colours']).toMatchObject({ value: 'blue', enabled: true, variant: 'blue' });
    const stranger = (await ok(REASONS, { d: 'u3' })).project.evaluationReasons.find((r: { key: string }) => r.key === 'acme-only');
    expect(stranger).toMatchObject({ enabled: false, reason: 'no_condition_match' });
  });

  it('refuses groups that are not a JSON object before calling the upstream', async () => {
    stack.upstream.resetRequests();
    const response = await stack.graphql(REASONS, { p: project, d: 'u1', groups: ['company'] });
    expect(codes(response)).toEqual(['BAD_USER_INPUT']);
    expect(stack.upstream.requests.filter((r) => r.path.includes('evaluation_reasons'))).toEqual([]);
  });

  it('returns the local-evaluation definitions, inactive flags included, each linked to its full flag', async () => {
    const data = await ok(`query($p: ID!) { project(id: $p) { localEvaluation(sendCohorts: true) {
      groupTypeMapping cohorts flags { databaseId key active filters featureFlag { key databaseId } } } } }`);
    const evaluation = data.project.localEvaluation;
    expect(evaluation.groupTypeMapping).toEqual({ 0: 'company' });
    expect(evaluation.cohorts).toEqual(expect.any(Object));
    const keys = evaluation.flags.map((f: { key: string }) => f.key);
    expect(keys).toEqual(expect.arrayContaining(['everyone', 'acme-only', 'switched-off', 'colours']));
    for (const flag of evaluation.flags) expect(flag.featureFlag).toEqual({ key: flag.key, databaseId: flag.databaseId });
    expect(evaluation.flags.find((f: { key: string }) => f.key === 'switched-off').active).toBe(false);
  });

  it("evaluates the caller's own flags", async () => {
    const data = await ok(`query($p: ID!) { project(id: $p) { myFlags { value enabled flag { key } } } }`);
    const mine = Object.fromEntries(data.project.myFlags.map((f: { flag: { key: string } }) => [f.flag.key, f]));
    expect(mine['everyone']).toMatchObject({ value: true, enabled: true });
    expect(mine['switched-off']).toMatchObject({ value: false, enabled: false });
    expect(mine['colours']).toMatchObject({ value: 'blue', enabled: true });
  });

  it('measures the blast radius of a release condition', async () => {
    const query = `query($p: ID!, $c: JSON!) { project(id: $p) { userBlastRadius(condition: $c) { usersAffected totalUsers } } }`;
    const condition = { properties: [{ key: 'email', value: 'acme.test', operator: 'icontains', type: 'person' }], rollout_percentage: 100 };
    expect((await ok(query, { c: condition })).project.userBlastRadius).toEqual({ usersAffected: 2, totalUsers: 3 });
    const bad = await stack.graphql(query, { p: project, c: 'everyone' });
    expect(codes(bad)).toEqual(['BAD_USER_INPUT']);
  });
});
