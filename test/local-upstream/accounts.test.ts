// The bootstrap routes real clients call first: who the key's user is (`/api/users/@me/`) and their
// organizations (`/api/organizations/`), with the service's shapes, scopes and tenancy.
import { describe, expect, it } from 'vitest';
import { LEVEL, seedOrganization, seedProject, seedUser } from '../fixtures/seed.ts';
import { client, envelope, useUpstream } from './helpers.ts';

const ACME = '0190c000-0000-7000-8000-0000000000c1';
const GLOBEX = '0190c000-0000-7000-8000-0000000000c2';
const ACME_TWO = '0190c000-0000-7000-8000-0000000000c3';
const KEYS = { ada: 'phx_accounts_ada', bob: 'phx_accounts_bob', gil: 'phx_accounts_gil' };

const ctx = useUpstream({
  seed: {
    organizations: [seedOrganization(ACME, 'Acme Corp'), seedOrganization(GLOBEX, 'Globex'), seedOrganization(ACME_TWO, 'Acme  corp!')],
    users: [
      {
        ...seedUser('ada@acme.test', KEYS.ada, ACME, LEVEL.owner, {
          first_name: 'Ada',
          last_name: 'Lovelace',
          role_at_organization: 'engineering',
          hedgehog_config: { version: 2, use_as_profile: true, actor_options: { color: 'blue' } },
        }),
        memberships: [
          { organization: ACME, level: LEVEL.owner },
          { organization: ACME_TWO, level: LEVEL.member },
        ],
      },
      seedUser('bob@acme.test', KEYS.bob, ACME, LEVEL.member, { first_name: 'Bob', scopes: ['project:read', 'feature_flag:write'] }),
      seedUser('gil@globex.test', KEYS.gil, GLOBEX, LEVEL.owner, { first_name: 'Gil' }),
    ],
    projects: [seedProject(ACME, 'Web'), seedProject(ACME, 'App'), seedProject(GLOBEX, 'Globex web')],
  },
});

const as = (key: string) => client(ctx.upstream, key);
const scopeMissing = (scope: string) => envelope('authentication_error', 'permission_denied', `API key missing required scope '${scope}'`);

describe('GET /api/users/@me/', () => {
  it("answers the key's user with the current organization (full), every organization (basic) and the current project", async () => {
    const response = await as(KEYS.ada).get('/api/users/@me/');
    expect(response.status).toBe(200);
    const me = response.body;
    expect(me).toMatchObject({ email: 'ada@acme.test', first_name: 'Ada', last_name: 'Lovelace', is_staff: false, is_impersonated: false });
    expect(me.date_joined).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(me.organization).toMatchObject({ id: ACME, name: 'Acme Corp', slug: 'acme-corp', membership_level: LEVEL.owner, member_count: 2 });
    expect(me.organization.projects.map((p: { name: string }) => p.name)).toEqual(['Web', 'App']);
    expect(me.organizations).toEqual([
      expect.objectContaining({ id: ACME, name: 'Acme Corp', slug: 'acme-corp', membership_level: LEVEL.owner }),
      expect.objectContaining({ id: ACME_TWO, name: 'Acme  corp!', slug: expect.stringMatching(/^acme-corp-[0-9a-f]{4}$/), membership_level: LEVEL.member }),
    ]);
    expect(me).toMatchObject({ role_at_organization: 'engineering', hedgehog_config: { version: 2, use_as_profile: true, actor_options: { color: 'blue' } } });
    expect(me.team).toMatchObject({ name: 'Web', organization: ACME });
    expect(me.team.project_id).toBe(me.team.id);
  });

  it("carries the fields of the service's UserSerializer, and OrganizationBasicSerializer for each organization", async () => {
    const me = (await as(KEYS.ada).get('/api/users/@me/')).body;
    // prettier-ignore
    const userFields = ['date_joined', 'uuid', 'distinct_id', 'first_name', 'last_name', 'email', 'pending_email', 'is_email_verified',
      'notification_settings', 'anonymize_data', 'allow_impersonation', 'toolbar_mode', 'has_password', 'id', 'is_staff', 'is_impersonated',
      'is_impersonated_until', 'is_impersonated_read_only', 'sensitive_session_expires_at', 'team', 'organization', 'organizations',
      'events_column_config', 'is_2fa_enabled', 'has_social_auth', 'has_sso_enforcement', 'has_seen_product_intro_for', 'scene_personalisation',
      'theme_mode', 'hedgehog_config', 'allow_sidebar_suggestions', 'shortcut_position', 'role_at_organization', 'passkeys_enabled_for_2fa'];
    expect(Object.keys(me).sort()).toEqual([...userFields].sort());
    // prettier-ignore
    const basicFields = ['id', 'name', 'slug', 'logo_media_id', 'membership_level', 'members_can_use_personal_api_keys', 'is_active',
      'is_not_active_reason', 'is_pending_deletion'];
    expect(Object.keys(me.organizations[0]).sort()).toEqual([...basicFields].sort());
    // prettier-ignore
    const teamFields = ['id', 'uuid', 'organization', 'project_id', 'api_token', 'name', 'completed_snippet_onboarding',
      'has_completed_onboarding_for', 'ingested_event', 'is_demo', 'timezone', 'access_control'];
    expect(Object.keys(me.team).sort()).toEqual([...teamFields].sort());
  });

  it("needs the key's user:read scope (user:write implies it)", async () => {
    expect(await as(KEYS.bob).get('/api/users/@me/')).toMatchObject({ status: 403, body: scopeMissing('user:read') });
  });

  it("refuses any other user, the caller's own uuid included, as the service refuses a non-staff user", async () => {
    const me = (await as(KEYS.ada).get('/api/users/@me/')).body;
    const response = await as(KEYS.ada).get(`/api/users/${me.uuid}/`);
    expect(response.status).toBe(403);
    expect(response.body.detail).toBe("As a non-staff user you're only allowed to access the `@me` user instance.");
  });

  it('needs a key', async () => {
    expect((await client(ctx.upstream, undefined).get('/api/users/@me/')).status).toBe(401);
  });
});

describe('GET /api/organizations/', () => {
  it("pages the caller's organizations (full records) in the service's envelope", async () => {
    const first = await as(KEYS.ada).get('/api/organizations/?limit=1');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 2, previous: null, next: `${ctx.upstream.url}/api/organizations/?limit=1&offset=1` });
    expect(first.body.results.map((o: { id: string }) => o.id)).toEqual([ACME]);
    const second = await as(KEYS.ada).get('/api/organizations/?limit=1&offset=1');
    expect(second.body.results.map((o: { id: string }) => o.id)).toEqual([ACME_TWO]);
    expect(second.body.next).toBeNull();
  });

  it('shows nothing of organizations the caller does not belong to', async () => {
    const page = (await as(KEYS.gil).get('/api/organizations/')).body;
    expect(page.results.map((o: { id: string }) => o.id)).toEqual([GLOBEX]);
  });

  it('needs the organization:read scope', async () => {
    expect(await as(KEYS.bob).get('/api/organizations/')).toMatchObject({ status: 403, body: scopeMissing('organization:read') });
  });
});

describe('GET /api/organizations/{id}/', () => {
  it("answers the service's OrganizationSerializer fields, with the caller's membership level", async () => {
    const response = await as(KEYS.ada).get(`/api/organizations/${ACME_TWO}/`);
    expect(response.status).toBe(200);
    // prettier-ignore
    const fields = ['id', 'name', 'slug', 'logo_media_id', 'created_at', 'updated_at', 'membership_level', 'plugins_access_level', 'teams',
      'projects', 'available_product_features', 'is_member_join_email_enabled', 'metadata', 'customer_id', 'enforce_2fa', 'members_can_invite',
      'members_can_use_personal_api_keys', 'allow_publicly_shared_resources', 'member_count', 'is_ai_data_processing_approved',
      'default_experiment_stats_method', 'default_anonymize_ips', 'default_role_id', 'is_active', 'is_not_active_reason'];
    expect(Object.keys(response.body).sort()).toEqual([...fields].sort());
    expect(response.body).toMatchObject({ id: ACME_TWO, membership_level: LEVEL.member, teams: [], projects: [], member_count: 1 });
  });

  it('lists the projects as teams (TeamBasic) and projects (ProjectBasic)', async () => {
    const org = (await as(KEYS.ada).get(`/api/organizations/${ACME}/`)).body;
    expect(org.projects).toEqual([
      { id: expect.any(Number), organization_id: ACME, name: 'Web' },
      { id: expect.any(Number), organization_id: ACME, name: 'App' },
    ]);
    expect(org.teams.map((t: { id: number; project_id: number }) => t.project_id)).toEqual(org.projects.map((p: { id: number }) => p.id));
  });

  it('answers @current with the current organization', async () => {
    expect((await as(KEYS.ada).get('/api/organizations/@current/')).body.id).toBe(ACME);
  });

  it("answers another organization's id, a missing one and a malformed one as 404 Not found., before the scopes", async () => {
    for (const [key, id] of [
      [KEYS.ada, GLOBEX],
      [KEYS.bob, GLOBEX],
      [KEYS.ada, '0190c000-0000-7000-8000-0000000000ff'],
      [KEYS.ada, 'acme'],
    ] as const) {
      expect(await as(key).get(`/api/organizations/${id}/`)).toMatchObject({ status: 404, body: envelope('invalid_request', 'not_found', 'Not found.') });
    }
  });

  it("needs the organization:read scope for the caller's own organization", async () => {
    expect(await as(KEYS.bob).get(`/api/organizations/${ACME}/`)).toMatchObject({ status: 403, body: scopeMissing('organization:read') });
  });
});
