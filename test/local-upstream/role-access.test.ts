import { describe, expect, it } from 'vitest';
import { client, envelope, KEYS, ORG_A, ROLE_A, ROLE_B, useUpstream, validation } from './helpers.ts';

const ctx = useUpstream();

async function newFlag(key: string): Promise<number> {
  return (await ctx.owner.post(`/api/projects/${ctx.projectA}/feature_flags/`, { key })).body.id;
}
const base = (flagId: number | string) => `/api/projects/${ctx.projectA}/feature_flags/${flagId}/role_access/`;

describe('feature flag role access', () => {
  it('grants a role (201), lists, retrieves and revokes it (204)', async () => {
    const flagId = await newFlag('ra-basic');
    const created = await ctx.owner.post(base(flagId), { role_id: ROLE_A });
    expect(created.status).toBe(201);
    // FeatureFlagRoleAccessSerializer: `role_id` is write-only; the role is the current RoleSerializer's record.
    expect(Object.keys(created.body).sort()).toEqual(['added_at', 'feature_flag', 'id', 'role', 'updated_at']);
    expect(Object.keys(created.body.role).sort()).toEqual(['created_at', 'created_by', 'id', 'is_default', 'members', 'name']);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      feature_flag: { id: flagId, key: 'ra-basic' },
      role: { id: ROLE_A, name: 'Engineers', created_by: { email: 'ada@acme.test' }, is_default: false },
    });
    expect(created.body.role).toEqual((await ctx.owner.get(`/api/organizations/${ORG_A}/roles/${ROLE_A}/`)).body);
    expect(created.body.added_at).toEqual(expect.any(String));

    const list = await ctx.owner.get(base(flagId));
    expect(list.body).toMatchObject({ count: 1, next: null, previous: null });
    expect(list.body.results[0].id).toBe(created.body.id);

    const retrieved = await ctx.owner.get(`${base(flagId)}${created.body.id}/`);
    expect(retrieved.body).toEqual(created.body);

    const deleted = await ctx.owner.delete(`${base(flagId)}${created.body.id}/`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await ctx.owner.get(`${base(flagId)}${created.body.id}/`)).status).toBe(404);
    expect((await ctx.owner.get(base(flagId))).body.count).toBe(0);
  });

  it('refuses a duplicate (role, flag) pair with a unique error on role_id', async () => {
    const flagId = await newFlag('ra-dupe');
    await ctx.owner.post(base(flagId), { role_id: ROLE_A });
    const again = await ctx.owner.post(base(flagId), { role_id: ROLE_A });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(validation('unique', 'This role already has access to this feature flag.', 'role_id'));
    expect((await ctx.owner.get(base(flagId))).body.count).toBe(1);
  });

  it.each([
    [{}, validation('required', 'This field is required.', 'role_id')],
    [{ role_id: ROLE_B }, validation('does_not_exist', `Invalid pk "${ROLE_B}" - object does not exist.`, 'role_id')],
    [{ role_id: 'not-a-uuid' }, validation('does_not_exist', 'Invalid pk "not-a-uuid" - object does not exist.', 'role_id')],
  ])('rejects %j', async (body, expected) => {
    const flagId = await newFlag(`ra-bad-${Math.random().toString(36).slice(2, 8)}`);
    const response = await ctx.owner.post(base(flagId), body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
    expect((await ctx.owner.get(base(flagId))).body.count).toBe(0);
  });

  it('answers 404 Feature flag not found. for a flag outside the project', async () => {
    for (const id of ['999999', 'abc']) {
      const response = await ctx.owner.get(base(id));
      expect(response.status).toBe(404);
      expect(response.body).toEqual(envelope('invalid_request', 'not_found', 'Feature flag not found.'));
    }
    expect((await ctx.owner.post(base(999999), { role_id: ROLE_A })).body.detail).toBe('Feature flag not found.');
  });

  it('has no update (PATCH is a 405) and needs feature_flag:write to grant', async () => {
    const flagId = await newFlag('ra-methods');
    const created = await ctx.owner.post(base(flagId), { role_id: ROLE_A });
    expect((await ctx.owner.patch(`${base(flagId)}${created.body.id}/`, { role_id: ROLE_A })).status).toBe(405);
    const reader = client(ctx.upstream, KEYS.reader);
    expect((await reader.get(base(flagId))).status).toBe(200);
    expect((await reader.delete(`${base(flagId)}${created.body.id}/`)).body.detail).toBe("API key missing required scope 'feature_flag:write'");
    expect((await client(ctx.upstream, KEYS.other).get(base(flagId))).status).toBe(403);
  });
});
