// Role access end to end: grant, list (connection), refetch by node id, revoke; userErrors
// for unknown and duplicate roles; other organizations' flags.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoErrors, useStack, type GraphQLResponse } from './helpers.ts';
import { seededProjectId, seedFlag, seedOrganization, seedProject, seedRole, seedUser, type SeedFile } from '../fixtures/seed.ts';

const ORG = '0e000000-0000-4000-8000-00000000000e';
const OTHER_ORG = '0f000000-0000-4000-8000-00000000000f';
const ENGINEERS = '0e000000-0000-4000-8000-0000000000a1';
const DESIGNERS = '0e000000-0000-4000-8000-0000000000a2';
const FOREIGN_ROLE = '0f000000-0000-4000-8000-0000000000b1';

const seed: SeedFile = {
  organizations: [seedOrganization(ORG, 'Acme'), seedOrganization(OTHER_ORG, 'Globex')],
  users: [seedUser('ada@acme.test', 'phx_ada_roles_key', ORG), seedUser('bob@globex.test', 'phx_bob_roles_key', OTHER_ORG)],
  roles: [
    seedRole(ENGINEERS, ORG, 'Engineers', { feature_flags_access_level: 37 }),
    seedRole(DESIGNERS, ORG, 'Designers', { feature_flags_access_level: 21 }),
    seedRole(FOREIGN_ROLE, OTHER_ORG, 'Globex staff'),
  ],
  projects: [seedProject(ORG, 'Web')],
  feature_flags: [seedFlag('Web', 'guarded')],
};

const stack = useStack({ seed });
let project: string;
let flag: { id: string; databaseId: number };
const ok = async (query: string, variables: Record<string, unknown> = {}, token?: string) =>
  expectNoErrors<any>(await stack.graphql<any>(query, variables, { token }));
const codes = (response: GraphQLResponse) => (response.errors ?? []).map((e) => e.extensions?.code);

const GRANT = `mutation($input: GrantFeatureFlagRoleAccessInput!) { grantFeatureFlagRoleAccess(input: $input) {
  roleAccess { id databaseId addedAt updatedAt featureFlag { id key } role { id name featureFlagsAccessLevel createdAt members } }
  userErrors { field message code } } }`;
const REVOKE = `mutation($input: RevokeFeatureFlagRoleAccessInput!) { revokeFeatureFlagRoleAccess(input: $input) {
  revokedRoleAccessId featureFlag { key } userErrors { field message } } }`;
const LIST = `query($id: ID!, $first: Int, $after: String) { node(id: $id) { ... on FeatureFlag {
  roleAccess(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { id role { name } } } } } }`;

beforeAll(async () => {
  project = String(seededProjectId(stack.upstream));
  flag = (await ok(`query($p: ID!) { project(id: $p) { featureFlag(key: "guarded") { id databaseId } } }`, { p: project })).project.featureFlag;
});

describe('granting and revoking role access', () => {
  it('grants roles, lists them as a connection, refetches a grant by node id, and revokes it', async () => {
    const engineers = (await ok(GRANT, { input: { featureFlagId: flag.id, roleId: ENGINEERS } })).grantFeatureFlagRoleAccess;
    expect(engineers.userErrors).toEqual([]);
    expect(engineers.roleAccess).toMatchObject({
      featureFlag: { id: flag.id, key: 'guarded' },
      // The current RoleSerializer has no access level: the deprecated field reads null.
      role: { id: ENGINEERS, name: 'Engineers', featureFlagsAccessLevel: null, createdAt: expect.any(String) },
      addedAt: expect.any(String),
    });
    const designers = (await ok(GRANT, { input: { featureFlagId: String(flag.databaseId), projectId: project, roleId: DESIGNERS } }))
      .grantFeatureFlagRoleAccess;
    expect(designers.roleAccess.role).toMatchObject({ name: 'Designers' });

    const first = (await ok(LIST, { id: flag.id, first: 1 })).node.roleAccess;
    expect(first).toMatchObject({ totalCount: 2, pageInfo: { hasNextPage: true } });
    const second = (await ok(LIST, { id: flag.id, first: 1, after: first.pageInfo.endCursor })).node.roleAccess;
    expect([...first.nodes, ...second.nodes].map((n: { role: { name: string } }) => n.role.name).sort()).toEqual(['Designers', 'Engineers']);

    const refetched = (
      await ok(`query($id: ID!) { node(id: $id) { id ... on FeatureFlagRoleAccess { databaseId role { name } } } }`, { id: engineers.roleAccess.id })
    ).node;
    expect(refetched).toEqual({ id: engineers.roleAccess.id, databaseId: engineers.roleAccess.databaseId, role: { name: 'Engineers' } });

    const revoked = (await ok(REVOKE, { input: { id: engineers.roleAccess.id } })).revokeFeatureFlagRoleAccess;
    expect(revoked).toEqual({ revokedRoleAccessId: engineers.roleAccess.id, featureFlag: { key: 'guarded' }, userErrors: [] });
    const gone = await stack.graphql(`query($id: ID!) { node(id: $id) { id } }`, { id: engineers.roleAccess.id });
    expect(gone.data?.node).toBeNull();
    expect(codes(gone)).toEqual(['NOT_FOUND']);

    // Numeric grant id + flag id form.
    const byNumber = (await ok(REVOKE, { input: { id: String(designers.roleAccess.databaseId), featureFlagId: flag.id } })).revokeFeatureFlagRoleAccess;
    expect(byNumber.userErrors).toEqual([]);
    expect((await ok(LIST, { id: flag.id })).node.roleAccess.totalCount).toBe(0);
  });

  it('a duplicate grant is a userError on roleId and adds nothing', async () => {
    await ok(GRANT, { input: { featureFlagId: flag.id, roleId: DESIGNERS } });
    const again = (await ok(GRANT, { input: { featureFlagId: flag.id, roleId: DESIGNERS } })).grantFeatureFlagRoleAccess;
    expect(again).toEqual({
      roleAccess: null,
      userErrors: [{ field: ['input', 'roleId'], message: 'This role already has access to this feature flag.', code: 'UNIQUE' }],
    });
    expect((await ok(LIST, { id: flag.id })).node.roleAccess.totalCount).toBe(1);
  });

  it("a role of another organization is a userError (it does not exist for this flag's organization)", async () => {
    const result = (await ok(GRANT, { input: { featureFlagId: flag.id, roleId: FOREIGN_ROLE } })).grantFeatureFlagRoleAccess;
    expect(result.roleAccess).toBeNull();
    expect(result.userErrors).toEqual([expect.objectContaining({ field: ['input', 'roleId'], code: 'DOES_NOT_EXIST' })]);
  });

  it('revoking a grant that does not exist is NOT_FOUND', async () => {
    const response = await stack.graphql(REVOKE, { input: { id: '777777', featureFlagId: flag.id } });
    expect(codes(response)).toEqual(['NOT_FOUND']);
  });

  it('a numeric grant id without its flag is BAD_USER_INPUT', async () => {
    const response = await stack.graphql(REVOKE, { input: { id: '1' } });
    expect(codes(response)).toEqual(['BAD_USER_INPUT']);
  });

  it("another organization's caller cannot list or grant on this flag (FORBIDDEN)", async () => {
    const list = await stack.graphql(LIST, { id: flag.id }, { token: 'phx_bob_roles_key' });
    expect(list.data?.node).toBeNull();
    expect(codes(list)).toEqual(['FORBIDDEN']);
    const grant = await stack.graphql(GRANT, { input: { featureFlagId: flag.id, roleId: FOREIGN_ROLE } }, { token: 'phx_bob_roles_key' });
    expect(codes(grant)).toEqual(['FORBIDDEN']);
  });
});
