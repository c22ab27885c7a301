// FeatureFlag.status end to end: the upstream's status name (ACTIVE, STALE, ARCHIVED, DELETED) reaches the
// FeatureFlagStatus enum on every path a flag is read by: lookup, list, node, mutations, role access.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoErrors, useStack } from './helpers.ts';
import { restClient } from '../fixtures/rest.ts';
import { EVERYONE, seedFlag, seedOrganization, seedProject, seedRole, rollout, seededProjectId, seedUser, type SeedFile } from '../fixtures/seed.ts';

const ORG = '0a100000-0000-4000-8000-00000000000a';
const ROLE = '0a100000-0000-4000-8000-0000000000a1';
const KEY = 'phx_ada_status_key';
const seed: SeedFile = {
  organizations: [seedOrganization(ORG, 'Acme')],
  users: [seedUser('ada@acme.test', KEY, ORG)],
  roles: [seedRole(ROLE, ORG, 'Engineers')],
  projects: [seedProject(ORG, 'Web')],
  feature_flags: [seedFlag('Web', 'fresh', { filters: EVERYONE })],
};
const FORTY_DAYS_AGO = new Date(Date.now() - 40 * 86_400_000).toISOString();

const stack = useStack({ seed });
let project: string;
const ok = async (query: string, variables: Record<string, unknown> = {}) => expectNoErrors<any>(await stack.graphql<any>(query, { p: project, ...variables }));

/** The gateway cannot backdate a flag (no createdAt input), so old flags are created on the upstream directly. */
async function createOldFlag(key: string, percentage: number): Promise<void> {
  const response = await restClient(stack.upstream, KEY).post(`/api/projects/${project}/feature_flags/`, {
    key,
    created_at: FORTY_DAYS_AGO,
    filters: rollout(percentage),
  });
  expect(response.status).toBe(201);
}

const BY_KEY = `query($p: ID!, $key: String!) { project(id: $p) { featureFlag(key: $key) { id key status } } }`;
const statusOf = async (key: string) => (await ok(BY_KEY, { key })).project.featureFlag.status;

beforeAll(async () => {
  project = String(seededProjectId(stack.upstream));
  await createOldFlag('old-full', 100);
  await createOldFlag('old-half', 50);
});

describe('FeatureFlag.status', () => {
  it('is ACTIVE for a young flag and for an old partial rollout, STALE for an old flag on for everyone', async () => {
    expect(await statusOf('fresh')).toBe('ACTIVE');
    expect(await statusOf('old-half')).toBe('ACTIVE');
    expect(await statusOf('old-full')).toBe('STALE');
  });

  it('comes with listed flags and with node lookups', async () => {
    const listed = (await ok(`query($p: ID!) { project(id: $p) { featureFlags(first: 10) { nodes { id key status } } } }`)).project.featureFlags.nodes;
    expect(Object.fromEntries(listed.map((flag: { key: string; status: string }) => [flag.key, flag.status]))).toEqual({
      fresh: 'ACTIVE',
      'old-half': 'ACTIVE',
      'old-full': 'STALE',
    });
    const stale = listed.find((flag: { key: string }) => flag.key === 'old-full');
    expect((await ok(`query($id: ID!) { node(id: $id) { ... on FeatureFlag { status } } }`, { id: stale.id })).node).toEqual({ status: 'STALE' });
  });

  it('follows mutations: a full rollout turns an old flag STALE, a soft delete DELETED, a restore back', async () => {
    const { id } = (await ok(BY_KEY, { key: 'old-half' })).project.featureFlag;
    const UPDATE = `mutation($id: ID!, $filters: JSON) { updateFeatureFlag(input: { id: $id, filters: $filters }) { featureFlag { status } userErrors { message } } }`;
    const full = { groups: [{ properties: [], rollout_percentage: 100 }] };
    expect((await ok(UPDATE, { id, filters: full })).updateFeatureFlag).toEqual({ featureFlag: { status: 'STALE' }, userErrors: [] });

    const deleted = (await ok(`mutation($id: ID!) { deleteFeatureFlag(input: { id: $id }) { featureFlag { status } userErrors { message } } }`, { id }))
      .deleteFeatureFlag;
    expect(deleted).toEqual({ featureFlag: { status: 'DELETED' }, userErrors: [] });
    const restored = (await ok(`mutation($id: ID!) { restoreFeatureFlag(input: { id: $id }) { featureFlag { status } userErrors { message } } }`, { id }))
      .restoreFeatureFlag;
    expect(restored).toEqual({ featureFlag: { status: 'STALE' }, userErrors: [] });
  });

  it('is ARCHIVED on a flag archived on the upstream (a flag action of current clients)', async () => {
    const rest = restClient(stack.upstream, KEY);
    const created = await rest.post(`/api/projects/${project}/feature_flags/`, { key: 'to-archive', filters: EVERYONE });
    expect(created.status).toBe(201);
    const flagId = (created.body as { id: number }).id;
    expect((await rest.post(`/api/projects/${project}/feature_flags/${flagId}/archive/`, {})).status).toBe(200);
    const BY_ID = `query($p: ID!, $id: ID!) { project(id: $p) { featureFlag(id: $id) { key status } } }`;
    expect((await ok(BY_ID, { id: String(flagId) })).project.featureFlag).toEqual({ key: 'to-archive', status: 'ARCHIVED' });
  });

  it('is ACTIVE on a flag just created through the gateway', async () => {
    const created = (
      await ok(`mutation($p: ID!) { createFeatureFlag(input: { projectId: $p, key: "brand-new", filters: { groups: [{ properties: [], rollout_percentage: 100 }] } }) {
      featureFlag { status } userErrors { message } } }`)
    ).createFeatureFlag;
    expect(created).toEqual({ featureFlag: { status: 'ACTIVE' }, userErrors: [] });
  });

  it('is part of the flag a role-access grant embeds', async () => {
    const { id } = (await ok(BY_KEY, { key: 'old-full' })).project.featureFlag;
    const grant = (
      await ok(
        `mutation($id: ID!, $role: UUID!) { grantFeatureFlagRoleAccess(input: { featureFlagId: $id, roleId: $role }) {
      roleAccess { featureFlag { key status } } userErrors { message } } }`,
        { id, role: ROLE },
      )
    ).grantFeatureFlagRoleAccess;
    expect(grant).toEqual({ roleAccess: { featureFlag: { key: 'old-full', status: 'STALE' } }, userErrors: [] });
  });
});
