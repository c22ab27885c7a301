/**
 * PostHog's ee/api/test/test_feature_flag_role_access.py, ported as black-box HTTP tests against the local
 * upstream (each test named `file::test_name`).
 *
 * Skipped, and why: every other test restricts feature flags organization-wide first
 * (OrganizationResourceAccess CAN_ONLY_VIEW) and adds role memberships
 * (/api/organizations/@current/roles/.../role_memberships); neither is part of the interface or the seed
 * format, and without the restriction the service lets any member grant role access, as here.
 */
import { describe, expect, it } from 'vitest';
import { client, KEYS, ROLE_A, useUpstream } from '../helpers.ts';

const ctx = useUpstream();
const FILE = 'test_feature_flag_role_access.py';

describe('TestFeatureFlagRoleAccessAPI', () => {
  it(`${FILE}::test_can_always_add_role_access_if_creator_of_feature_flag`, async () => {
    const flag = (await ctx.owner.post(`/api/projects/${ctx.projectA}/feature_flags/`, { key: 'flag_role_access', name: 'Flag role access' })).body;
    const response = await ctx.owner.post(`/api/projects/${ctx.projectA}/feature_flags/${flag.id}/role_access`, { role_id: ROLE_A });
    expect(response.status).toBe(201);
    const stored = await ctx.owner.get(`/api/projects/${ctx.projectA}/feature_flags/${flag.id}/role_access/${response.body.id}/`);
    expect(stored.body.role.name).toBe('Engineers');
    expect(stored.body.feature_flag.id).toBe(flag.id);
  });

  it(`${FILE}::test_can_always_edit_if_admin_or_higher`, async () => {
    // Created by the owner; granted by an admin (Will, level 8) who did not create it.
    const flag = (await ctx.owner.post(`/api/projects/${ctx.projectA}/feature_flags/`, { key: 'flag_a', name: 'Flag A' })).body;
    const admin = client(ctx.upstream, KEYS.flagWriter);
    const response = await admin.post(`/api/projects/${ctx.projectA}/feature_flags/${flag.id}/role_access`, { role_id: ROLE_A });
    expect(response.status).toBe(201);
  });
});
