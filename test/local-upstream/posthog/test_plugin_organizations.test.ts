/**
 * PostHog's posthog/api/test/test_plugin.py, the tests that need several organizations or plugin access levels,
 * ported as black-box HTTP tests against the local upstream (each test named `file::test_name`). PostHog's tests
 * change `organization.plugins_access_level` between requests; here the seed gives each level its own
 * organization (`plugins_access_level`: 0 none, 3 config, 6 install, 9 root), the caller owns them all, and the
 * plugins a test needs in them are seeded (ids in seed order). The rest of the file is in test_plugin.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalUpstream, type LocalUpstream, type SeedFile } from '../../../local-upstream/index.ts';
import { client, type Client } from '../helpers.ts';

const FILE = 'test_plugin.py';
const t = (name: string) => `${FILE}::${name}`;
const KEY = 'phx_plugin_orgs_owner_aaaaaaaaaaaaaaaaaaaaaaaaaaa';
const REPO_URL = 'https://github.com/PostHog/helloworldplugin';
const LEVEL = { NONE: 0, CONFIG: 3, INSTALL: 6, ROOT: 9 } as const;

/** Organizations by name: their plugin access level, and whether the caller is a member. */
const ORGS = {
  none: { level: LEVEL.NONE },
  config: { level: LEVEL.CONFIG },
  install: { level: LEVEL.INSTALL },
  root: { level: LEVEL.ROOT },
  visibleMine: { level: LEVEL.ROOT },
  visibleOther: { level: LEVEL.CONFIG },
  ownerOrg: { level: LEVEL.ROOT },
  otherRootOrg: { level: LEVEL.ROOT },
  multiMine: { level: LEVEL.ROOT },
  multiOutsider: { level: LEVEL.INSTALL, outsider: true },
  multiJoined: { level: LEVEL.INSTALL },
  otherCommit: { level: LEVEL.ROOT },
} as const;
type OrgName = keyof typeof ORGS;
const orgId = (name: OrgName) => `0190c000-0000-7000-8000-${String(Object.keys(ORGS).indexOf(name) + 0xd00).padStart(12, '0')}`;
const LEVEL_ORGS = ['none', 'config', 'install', 'root'] as const;

/** Two seeded plugins in each of the level organizations: one to update (ids 1, 3, 5, 7), one to delete (2, 4, 6, 8). */
const seededPlugin = (org: (typeof LEVEL_ORGS)[number], purpose: 'update' | 'delete') => LEVEL_ORGS.indexOf(org) * 2 + (purpose === 'update' ? 1 : 2);

function seed(): SeedFile {
  const names = Object.keys(ORGS) as OrgName[];
  return {
    organizations: names.map((name) => ({ id: orgId(name), name, plugins_access_level: ORGS[name].level })),
    users: [
      {
        email: 'user1@posthog.com',
        api_key: KEY,
        memberships: names.filter((name) => !('outsider' in ORGS[name])).map((name) => ({ organization: orgId(name), level: 15 })),
      },
      { email: 'outsider-owner@posthog.com', memberships: [{ organization: orgId('multiOutsider'), level: 15 }] },
    ],
    plugins: LEVEL_ORGS.flatMap((org) =>
      (['update', 'delete'] as const).map((purpose) => ({
        organization: orgId(org),
        plugin_type: 'custom',
        name: `helloworldplugin ${purpose}`,
        url: REPO_URL,
      })),
    ),
  };
}

const state = {} as { upstream: LocalUpstream; api: Client };
beforeAll(async () => {
  state.upstream = await startLocalUpstream({ seed: seed(), quiet: true, rateLimit: 'off' });
  state.api = client(state.upstream, KEY);
});
afterAll(async () => {
  await state.upstream?.stop();
});

const plugins = (org: OrgName) => `/api/organizations/${orgId(org)}/plugins/`;
const install = (org: OrgName, body: Record<string, unknown>) => state.api.post(plugins(org), body);

describe('TestPluginAPI (organizations and access levels)', () => {
  // First: the other organization must see no global plugin yet.
  it(t('test_globally_managed_visible_to_all_orgs'), async () => {
    const installed = await install('visibleMine', { url: REPO_URL });
    expect(installed.status).toBe(201);
    // The plugin is not global: only its own organization sees it.
    const before = await state.api.get(plugins('visibleOther'));
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect((await state.api.patch(`${plugins('visibleMine')}${installed.body.id}/`, { is_global: true })).status).toBe(200);
    const after = await state.api.get(plugins('visibleOther'));
    expect(after.status).toBe(200);
    expect(after.body.count).toBe(1);
  });

  it(t('test_create_plugin_auth'), async () => {
    for (const org of ['none', 'config'] as const) {
      const refused = await install(org, { url: REPO_URL });
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toBe("Your organization's plugin access level is insufficient.");
    }
    expect((await install('install', { url: `${REPO_URL}-auth` })).status).toBe(201);
    expect((await install('install', { url: `${REPO_URL}-auth` })).status).toBe(400);
  });

  it(t('test_create_plugin_auth_globally_managed'), async () => {
    for (const org of ['none', 'config', 'install'] as const) {
      expect((await install(org, { url: `${REPO_URL}-global`, is_global: true })).status).toBe(403);
    }
    expect((await install('install', { url: `${REPO_URL}-global`, is_global: true })).body.detail).toBe("This organization can't manage global plugins!");
    expect((await install('root', { url: `${REPO_URL}-global`, is_global: true })).status).toBe(201);
    expect((await install('root', { url: `${REPO_URL}-global`, is_global: true })).status).toBe(400);
  });

  it(t('test_globally_managed_only_manageable_by_owner_org'), async () => {
    const installed = await install('ownerOrg', { url: `${REPO_URL}-owned`, is_global: true });
    expect(installed.status).toBe(201);
    const mine = await state.api.patch(`${plugins('ownerOrg')}${installed.body.id}`, { description: 'X' });
    expect(mine.status).toBe(200);
    expect(mine.body.description).toBe('X');
    const other = await state.api.patch(`${plugins('otherRootOrg')}${installed.body.id}`, { description: 'Y' });
    expect(other.status).toBe(403);
    expect(other.body.detail).toContain('This plugin installation is managed by another organization');
  });

  it(t('test_update_plugin_auth_to_globally_managed'), async () => {
    for (const isGlobal of [true, false]) {
      for (const org of ['none', 'config'] as const) {
        expect((await state.api.patch(`${plugins(org)}${seededPlugin(org, 'update')}/`, { is_global: false })).status).toBe(403);
      }
      expect((await state.api.patch(`${plugins('install')}${seededPlugin('install', 'update')}/`, { is_global: isGlobal })).status).toBe(403);
    }
    for (const isGlobal of [true, false]) {
      const response = await state.api.patch(`${plugins('root')}${seededPlugin('root', 'update')}/`, { is_global: isGlobal });
      expect(response.status).toBe(200);
      expect(response.body.is_global).toBe(isGlobal);
    }
  });

  it(t('test_update_plugin_auth'), async () => {
    const upgraded = await state.api.post(`${plugins('root')}${seededPlugin('root', 'update')}/upgrade`, { url: REPO_URL });
    expect(upgraded.status).toBe(200);
    for (const org of ['none', 'config'] as const) {
      expect((await state.api.post(`${plugins(org)}${seededPlugin(org, 'update')}/upgrade`, { url: REPO_URL })).status).toBe(403);
    }
  });

  it(t('test_delete_plugin_auth'), async () => {
    for (const org of ['none', 'config'] as const) {
      expect((await state.api.delete(`${plugins(org)}${seededPlugin(org, 'delete')}`)).status).toBe(403);
    }
    expect((await state.api.delete(`${plugins('install')}${seededPlugin('install', 'delete')}`)).status).toBe(204);
  });

  it(t('test_cannot_delete_of_other_orgs_plugin'), async () => {
    // The root organization's plugin, deleted from the install organization's route.
    expect((await state.api.delete(`${plugins('install')}${seededPlugin('root', 'delete')}`)).status).toBe(404);
    expect((await state.api.get(`${plugins('root')}${seededPlugin('root', 'delete')}/`)).status).toBe(200);
  });

  it(t('test_install_plugin_on_multiple_orgs'), async () => {
    expect((await install('multiMine', { url: REPO_URL })).status).toBe(201);
    expect((await install('multiMine', { url: REPO_URL })).status).toBe(400);
    // Not a member of the other organization yet.
    expect((await install('multiOutsider', { url: REPO_URL })).status).toBe(403);
    // After joining one (the caller is an owner of multiJoined), the same URL installs there too, once.
    expect((await install('multiJoined', { url: REPO_URL })).status).toBe(201);
    expect((await install('multiJoined', { url: REPO_URL })).status).toBe(400);
  });

  it(t('test_create_plugin_other_commit_url'), async () => {
    const sha = 'efb3e5b3b6dc7a9b9a1b4f6e2d8c0a1b2c3d4e5f';
    const response = await install('otherCommit', { url: `${REPO_URL}/commit/${sha}` });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      plugin_type: 'custom',
      name: 'helloworldplugin',
      url: REPO_URL,
      tag: sha,
      latest_tag: null,
      is_global: false,
      organization_id: orgId('otherCommit'),
      organization_name: 'otherCommit',
      capabilities: {},
      metrics: {},
      public_jobs: {},
    });
    // Plugin.objects.count() == 1: the organization's own plugins (global ones of other organizations are listed too).
    const own = (await state.api.get(`${plugins('otherCommit')}?limit=100`)).body.results.filter(
      (plugin: { organization_id: string }) => plugin.organization_id === orgId('otherCommit'),
    );
    expect(own).toHaveLength(1);
  });

  it(t('test_check_for_updates_plugins_reload_not_called'), async () => {
    const response = await state.api.get(`${plugins('root')}${seededPlugin('root', 'update')}/check_for_updates`);
    expect(response.status).toBe(200);
    expect(response.body.plugin).toMatchObject({ id: seededPlugin('root', 'update'), url: REPO_URL });
    expect(response.body.plugin.latest_tag).toEqual(expect.any(String));
  });
});

describe('get_plugin_with_permissions (posthog/api/plugin.py): source and update actions', () => {
  it('need the install level, and the organization’s own plugin (another’s global plugin is a 404)', async () => {
    const refused = await state.api.get(`${plugins('config')}${seededPlugin('config', 'update')}/check_for_updates`);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('Plugin installation is not available for the current organization!');
    const source = await state.api.get(`${plugins('config')}${seededPlugin('config', 'update')}/source`);
    expect(source.body.detail).toBe('Plugin source editing is not available for the current organization!');
    // visibleMine's plugin was made global above: other organizations see it, but not its source.
    const global = (await state.api.get(plugins('visibleOther'))).body.results[0].id;
    expect((await state.api.get(`${plugins('visibleOther')}${global}/`)).status).toBe(200);
    expect((await state.api.get(`${plugins('root')}${global}/source`)).status).toBe(404);
    expect((await state.api.patch(`${plugins('root')}${global}/update_source`, { 'index.ts': '' })).status).toBe(403);
  });
});
