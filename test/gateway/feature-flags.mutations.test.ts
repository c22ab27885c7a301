// Flag mutations end to end: create/update with userErrors mapped to input paths (and the
// data unchanged afterwards), soft delete + restore with no HTTP DELETE ever sent.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoErrors, useStack, type GraphQLResponse } from './helpers.ts';
import { EVERYONE, seededProjectId, seedFlag, seedOrganization, seedProject, seedUser, type SeedFile } from '../fixtures/seed.ts';

const ORG = '0c000000-0000-4000-8000-00000000000c';
const seed: SeedFile = {
  organizations: [seedOrganization(ORG, 'Acme')],
  users: [seedUser('ada@acme.test', 'phx_ada_mutations_key', ORG)],
  projects: [seedProject(ORG, 'Web')],
  feature_flags: [seedFlag('Web', 'existing', { name: 'Already here', filters: EVERYONE })],
};

const stack = useStack({ seed });
let project: string;
const ok = async (query: string, variables: Record<string, unknown>) => expectNoErrors<any>(await stack.graphql<any>(query, variables));

beforeAll(async () => {
  project = String(seededProjectId(stack.upstream));
});

const FLAG_FIELDS = 'id databaseId key name description active deleted filters ensureExperienceContinuity tags createdBy { email } project { databaseId }';
const CREATE = `mutation($input: CreateFeatureFlagInput!) { createFeatureFlag(input: $input) { featureFlag { ${FLAG_FIELDS} } userErrors { field message code } } }`;
const UPDATE = `mutation($input: UpdateFeatureFlagInput!) { updateFeatureFlag(input: $input) { featureFlag { ${FLAG_FIELDS} } userErrors { field message code } } }`;
const KEYS = `query($p: ID!) { project(id: $p) { featureFlags { totalCount nodes { key name } } } }`;

async function flagKeys(): Promise<{ totalCount: number; nodes: { key: string; name: string }[] }> {
  return (await ok(KEYS, { p: project })).project.featureFlags;
}

const everyone = { groups: [{ properties: [], rollout_percentage: 100 }] };

describe('createFeatureFlag', () => {
  it('creates a flag and returns it with its project and creator', async () => {
    const data = await ok(CREATE, { input: { projectId: project, key: 'new-checkout', description: 'The new checkout', filters: everyone, active: false } });
    expect(data.createFeatureFlag.userErrors).toEqual([]);
    expect(data.createFeatureFlag.featureFlag).toMatchObject({
      key: 'new-checkout',
      name: 'The new checkout',
      description: 'The new checkout',
      active: false,
      deleted: false,
      filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
      createdBy: { email: 'ada@acme.test' },
      project: { databaseId: Number(project) },
    });
    expect((await flagKeys()).nodes.map((n) => n.key)).toContain('new-checkout');
  });

  it.each([
    [
      'a bad key',
      { key: 'bad key!' },
      { field: ['input', 'key'], code: 'INVALID_KEY', message: 'Only letters, numbers, hyphens (-) & underscores (_) are allowed.' },
    ],
    ['a duplicate key', { key: 'existing' }, { field: ['input', 'key'], code: 'UNIQUE', message: 'There is already a feature flag with this key.' }],
    ['filters without groups', { key: 'no-groups', filters: { groups: [] } }, { field: ['input', 'filters'] }],
    ['filters that are not an object', { key: 'bad-filters', filters: 'everyone' }, { field: ['input', 'filters'] }],
  ])('turns %s into a userError on the input path and changes nothing', async (_case, input, expected) => {
    const before = await flagKeys();
    const data = await ok(CREATE, { input: { projectId: project, ...input } });
    expect(data.createFeatureFlag.featureFlag).toBeNull();
    expect(data.createFeatureFlag.userErrors).toEqual([expect.objectContaining(expected)]);
    expect(await flagKeys()).toEqual(before);
  });

  it('maps snake_case upstream fields to the camelCase input path', async () => {
    const data = await ok(CREATE, { input: { projectId: project, key: 'with-dashboard', analyticsDashboards: [424242] } });
    expect(data.createFeatureFlag.featureFlag).toBeNull();
    expect(data.createFeatureFlag.userErrors).toHaveLength(1);
    expect(data.createFeatureFlag.userErrors[0].field.slice(0, 2)).toEqual(['input', 'analyticsDashboards']);
  });

  it('refuses name and description that disagree, without calling the upstream', async () => {
    stack.upstream.resetRequests();
    const data = await ok(CREATE, { input: { projectId: project, key: 'ambiguous', name: 'one', description: 'two' } });
    expect(data.createFeatureFlag).toEqual({
      featureFlag: null,
      userErrors: [{ field: ['input', 'description'], message: expect.any(String), code: 'CONFLICT' }],
    });
    expect(stack.upstream.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('refuses a malformed project id with BAD_USER_INPUT', async () => {
    const response = await stack.graphql(CREATE, { input: { projectId: 'nope', key: 'x' } });
    expect(response.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('updateFeatureFlag', () => {
  it('changes only the given fields, addressed by global id or numeric id + project', async () => {
    const created = (await ok(CREATE, { input: { projectId: project, key: 'to-update', name: 'Before', filters: everyone } })).createFeatureFlag.featureFlag;
    const byGlobal = (await ok(UPDATE, { input: { id: created.id, active: false } })).updateFeatureFlag;
    expect(byGlobal).toEqual({ featureFlag: { ...created, active: false }, userErrors: [] });
    const byNumber = (await ok(UPDATE, { input: { id: String(created.databaseId), projectId: project, description: 'After' } })).updateFeatureFlag;
    expect(byNumber.featureFlag).toEqual({ ...created, active: false, name: 'After', description: 'After' });
  });

  it('maps a duplicate key to ["input","key"] and leaves the flag as it was', async () => {
    const created = (await ok(CREATE, { input: { projectId: project, key: 'keeps-key', filters: everyone } })).createFeatureFlag.featureFlag;
    const data = await ok(UPDATE, { input: { id: created.id, key: 'existing' } });
    expect(data.updateFeatureFlag).toEqual({ featureFlag: null, userErrors: [expect.objectContaining({ field: ['input', 'key'], code: 'UNIQUE' })] });
    const again = await ok(`query($id: ID!) { node(id: $id) { ... on FeatureFlag { key } } }`, { id: created.id });
    expect(again.node.key).toBe('keeps-key');
  });

  it('sends an explicit null to the upstream (the same input rule as projects): a refused null is a userError and changes nothing', async () => {
    const created = (await ok(CREATE, { input: { projectId: project, key: 'null-key', filters: everyone } })).createFeatureFlag.featureFlag;
    const data = await ok(UPDATE, { input: { id: created.id, key: null, active: false } });
    expect(data.updateFeatureFlag).toEqual({ featureFlag: null, userErrors: [expect.objectContaining({ field: ['input', 'key'] })] });
    const again = await ok(`query($id: ID!) { node(id: $id) { ... on FeatureFlag { key active } } }`, { id: created.id });
    expect(again.node).toEqual({ key: 'null-key', active: true });
  });

  it('needs the project when the flag id is numeric', async () => {
    const response: GraphQLResponse = await stack.graphql(UPDATE, { input: { id: '1', active: true } });
    expect(response.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('deleteFeatureFlag / restoreFeatureFlag', () => {
  const DELETE = `mutation($input: FeatureFlagReferenceInput!) { deleteFeatureFlag(input: $input) { deletedFeatureFlagId featureFlag { id deleted } userErrors { field message } } }`;
  const RESTORE = `mutation($input: FeatureFlagReferenceInput!) { restoreFeatureFlag(input: $input) { featureFlag { id key deleted } userErrors { field message } } }`;

  it('soft-deletes with PATCH (never DELETE); the flag leaves the list but stays readable, and restore brings it back', async () => {
    const created = (await ok(CREATE, { input: { projectId: project, key: 'short-lived', filters: everyone } })).createFeatureFlag.featureFlag;
    stack.upstream.resetRequests();

    const deleted = (await ok(DELETE, { input: { id: created.id } })).deleteFeatureFlag;
    expect(deleted).toEqual({ deletedFeatureFlagId: created.id, featureFlag: { id: created.id, deleted: true }, userErrors: [] });
    expect((await flagKeys()).nodes.map((n) => n.key)).not.toContain('short-lived');
    const read = await ok(`query($p: ID!, $id: ID!) { project(id: $p) { featureFlag(id: $id) { key deleted } } }`, { p: project, id: created.id });
    expect(read.project.featureFlag).toEqual({ key: 'short-lived', deleted: true });

    const restored = (await ok(RESTORE, { input: { id: String(created.databaseId), projectId: project } })).restoreFeatureFlag;
    expect(restored).toEqual({ featureFlag: { id: created.id, key: 'short-lived', deleted: false }, userErrors: [] });
    expect((await flagKeys()).nodes.map((n) => n.key)).toContain('short-lived');

    const methods = stack.upstream.requests.filter((r) => r.path.includes('/feature_flags/')).map((r) => r.method);
    expect(methods).toContain('PATCH');
    expect(methods).not.toContain('DELETE');
  });

  it('a deleted key can be reused by a new flag', async () => {
    const created = (await ok(CREATE, { input: { projectId: project, key: 'reusable', filters: everyone } })).createFeatureFlag.featureFlag;
    await ok(DELETE, { input: { id: created.id } });
    const again = (await ok(CREATE, { input: { projectId: project, key: 'reusable', filters: everyone } })).createFeatureFlag;
    expect(again.userErrors).toEqual([]);
    expect(again.featureFlag.id).not.toEqual(created.id);
  });

  it('deleting a flag that does not exist is NOT_FOUND', async () => {
    const response = await stack.graphql(DELETE, { input: { id: '987654', projectId: project } });
    expect(response.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
