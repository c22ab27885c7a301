import { describe, expect, it } from 'vitest';
import { client, envelope, KEYS, ORG_A, ORG_B, ROLE_A, testSeed, useUpstream } from './helpers.ts';

/**
 * The endpoints PostHog's own clients call first: the agent toolkit reads its key's scopes from
 * `/api/personal_api_keys/@current`, and role records come from `/api/organizations/{org}/roles/`
 * (docs/rest-interface.md, "Bootstrap endpoints").
 */

function seed() {
  const base = testSeed();
  const users = base.users!.map((user) =>
    user.email === 'ada@acme.test'
      ? {
          ...user,
          api_key_label: 'Agent toolkit',
          role_at_organization: 'engineering',
          hedgehog_config: { version: 2, use_as_profile: true, actor_options: { color: 'blue', skin: 'robo', accessories: ['beret'] } },
        }
      : user,
  );
  const roles = base.roles!.map((role) => (role.id === ROLE_A ? { ...role, members: ['bob@acme.test'] } : role));
  return { ...base, users, roles };
}

const ctx = useUpstream({ seed: seed() });

const KEY_FIELDS = [
  'id',
  'label',
  'value',
  'mask_value',
  'created_at',
  'last_used_at',
  'user_id',
  'scopes',
  'scoped_teams',
  'scoped_organizations',
  'last_rolled_at',
];

describe('GET /api/personal_api_keys/@current', () => {
  it("answers the calling key's record as PersonalAPIKeySerializer, never its value", async () => {
    const me = await ctx.owner.get('/api/personal_api_keys/@current/');
    expect(me.status).toBe(200);
    expect(Object.keys(me.body).sort()).toEqual([...KEY_FIELDS].sort());
    expect(me.body).toMatchObject({
      label: 'Agent toolkit',
      value: null,
      mask_value: 'phx_...aaaa',
      scopes: ['*'],
      scoped_teams: [],
      scoped_organizations: [],
    });
    expect(typeof me.body.id).toBe('string');
    // The request itself is a use of the key.
    expect(Date.now() - Date.parse(me.body.last_used_at)).toBeLessThan(60_000);
    const user = await ctx.owner.get('/api/users/@me/');
    expect(me.body.user_id).toBe(user.body.id);
  });

  it('shows a scoped key its own scopes, even a key without any personal_api_key scope', async () => {
    const reader = await client(ctx.upstream, KEYS.reader).get('/api/personal_api_keys/@current');
    expect(reader.status).toBe(200);
    expect(reader.body.scopes).toEqual(['feature_flag:read', 'project:read', 'plugin:read']);
    const writer = await client(ctx.upstream, KEYS.flagWriter).get('/api/personal_api_keys/@current/');
    expect(writer.body.scopes).toEqual(['feature_flag:write']);
  });

  it('reads the same record by its id; other keys and the list are session-only', async () => {
    const me = await ctx.owner.get('/api/personal_api_keys/@current/');
    expect((await ctx.owner.get(`/api/personal_api_keys/${me.body.id}/`)).body).toEqual(me.body);
    const other = await client(ctx.upstream, KEYS.member).get('/api/personal_api_keys/@current/');
    const denied = await ctx.owner.get(`/api/personal_api_keys/${other.body.id}/`);
    expect(denied.status).toBe(404);
    const list = await ctx.owner.get('/api/personal_api_keys/');
    expect(list.status).toBe(403);
    expect(list.body).toEqual(envelope('authentication_error', 'permission_denied', 'This action does not support Personal API Key access'));
  });

  it('needs a valid key', async () => {
    expect((await client(ctx.upstream, undefined).get('/api/personal_api_keys/@current/')).status).toBe(401);
    expect((await client(ctx.upstream, 'phx_not_a_key').get('/api/personal_api_keys/@current/')).status).toBe(401);
  });
});

const ROLE_FIELDS = ['id', 'name', 'created_at', 'created_by', 'members', 'is_default'];
const USER_FIELDS = ['id', 'uuid', 'distinct_id', 'first_name', 'last_name', 'email', 'is_email_verified', 'hedgehog_config', 'role_at_organization'];

describe('GET /api/organizations/{org}/roles/', () => {
  it('lists the organization roles as RoleSerializer, paginated', async () => {
    const page = await ctx.owner.get(`/api/organizations/${ORG_A}/roles/`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ count: 1, next: null, previous: null });
    const [role] = page.body.results;
    expect(Object.keys(role).sort()).toEqual([...ROLE_FIELDS].sort());
    expect(role).toMatchObject({ id: ROLE_A, name: 'Engineers', is_default: false });
    expect(role.members).toHaveLength(1);
    const [member] = role.members;
    expect(Object.keys(member).sort()).toEqual(['id', 'joined_at', 'organization_member', 'role_id', 'updated_at', 'user'].sort());
    expect(member.role_id).toBe(ROLE_A);
    expect(member.user.email).toBe('bob@acme.test');
    expect(member.organization_member).toMatchObject({ level: 1, user: member.user, is_2fa_enabled: false });
    expect(Object.keys(role.created_by).sort()).toEqual([...USER_FIELDS].sort());
  });

  it('pages with limit and offset, and reads one role by id', async () => {
    const page = await ctx.owner.get(`/api/organizations/${ORG_A}/roles/?limit=1&offset=1`);
    expect(page.body).toMatchObject({ count: 1, results: [] });
    const role = await ctx.owner.get(`/api/organizations/${ORG_A}/roles/${ROLE_A}/`);
    expect(role.status).toBe(200);
    expect(role.body.name).toBe('Engineers');
  });

  it("is refused for another organization's roles and for keys without organization:read", async () => {
    const foreign = await ctx.owner.get(`/api/organizations/${ORG_B}/roles/`);
    expect(foreign.status).toBe(403);
    const missing = await ctx.owner.get(`/api/organizations/${ORG_A}/roles/0190c000-0000-7000-8000-0000000000ff/`);
    expect(missing.status).toBe(404);
    const scoped = await client(ctx.upstream, KEYS.reader).get(`/api/organizations/${ORG_A}/roles/`);
    expect(scoped.status).toBe(403);
    expect(scoped.body.detail).toBe("API key missing required scope 'organization:read'");
  });
});

describe('embedded users (UserBasicSerializer)', () => {
  it('carry hedgehog_config (version 2 read from actor_options) and role_at_organization', async () => {
    const created = await ctx.owner.post(`/api/projects/${ctx.projectA}/feature_flags/`, { key: 'embedded-user' });
    const user = created.body.created_by;
    expect(Object.keys(user).sort()).toEqual([...USER_FIELDS].sort());
    expect(user.role_at_organization).toBe('engineering');
    expect(user.hedgehog_config).toEqual({ use_as_profile: true, color: 'blue', accessories: ['beret'], skin: 'robo' });
    const member = await client(ctx.upstream, KEYS.member).post(`/api/projects/${ctx.projectA}/feature_flags/`, { key: 'embedded-member' });
    expect(member.body.created_by).toMatchObject({ hedgehog_config: null, role_at_organization: null });
  });
});
