/**
 * PostHog's posthog/api/test/test_plugin.py, ported as black-box HTTP tests against the local upstream (each
 * test named `file::test_name`). The service downloads plugin archives from GitHub, GitLab or npm; the local
 * upstream does not, so names come from the URL and descriptions/config schemas from nothing.
 *
 * The tests that need several organizations or plugin access levels (test_create_plugin_auth*,
 * test_update_plugin_auth*, test_delete_plugin_auth, test_globally_managed_*, test_cannot_delete_of_other_orgs_plugin,
 * test_install_plugin_on_multiple_orgs, test_create_plugin_other_commit_url, test_check_for_updates_*) are in
 * test_plugin_organizations.test.ts.
 *
 * Skipped, and why:
 * - archive contents (description, config_schema, version-range checks of plugin.json, attachments:
 *   test_create_plugin_version_range_*, the descriptions and config schemas of test_create_plugin_*_url): need
 *   the archive download.
 * - test_plugin_repository: the service fetches the public repository listing from GitHub (mocked in the test);
 *   the local upstream serves a stored copy.
 * - plugin_config, jobs, attachments, secrets, frontend transpilation and reload counts (test_create_plugin_config*,
 *   test_*_plugin_config_auth, test_plugin_config_attachment, test_job_trigger, the /api/plugin_config/ half of
 *   test_create_plugin_frontend_source): outside the interface.
 * - TestPluginsAccessLevelAPI: unit tests of the access functions; their effect on the routes is ported in
 *   test_plugin_organizations.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ORG_A, useUpstream } from '../helpers.ts';

const ctx = useUpstream();
const FILE = 'test_plugin.py';
const base = `/api/organizations/${ORG_A}/plugins/`;
const SHA = '3c6d4b2a0e9f8e7d6c5b4a3928170f6e5d4c3b2a';

describe('TestPluginAPI', () => {
  it(`${FILE}::test_plugin_private_token_url_unique`, async () => {
    const repoUrl = 'https://gitlab.com/mariusandra/helloworldplugin';
    expect((await ctx.owner.post(base, { url: `${repoUrl}?private_token=123` })).status).toBe(201);
    expect((await ctx.owner.post(base, { url: `${repoUrl}?private_token=123` })).status).toBe(400);
    const plain = await ctx.owner.post(base, { url: repoUrl });
    expect(plain.status).toBe(400);
    expect(plain.body.detail).toBe(`Plugin from URL "${repoUrl}" already installed!`);
    expect((await ctx.owner.post(base, { url: `${repoUrl}?private_token=567` })).status).toBe(400);
    expect((await ctx.owner.post(base, { url: `${repoUrl}-other` })).status).toBe(201);
    expect((await ctx.owner.post(base, { url: `${repoUrl}-other?private_token=567` })).status).toBe(400);
  });

  it(`${FILE}::test_create_plugin_commit_url`, async () => {
    const response = await ctx.owner.post(base, { url: `https://github.com/PostHog/helloworldplugin/commit/${SHA}` });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      plugin_type: 'custom',
      name: 'helloworldplugin',
      url: 'https://github.com/PostHog/helloworldplugin',
      tag: SHA,
      latest_tag: null,
      is_global: false,
      organization_id: ORG_A,
      organization_name: 'Acme',
      capabilities: {},
      metrics: {},
      public_jobs: {},
    });
  });

  it(`${FILE}::test_create_plugin_repo_url`, async () => {
    // Installed above from a commit URL: the stored URL is the repository's, so the repository URL is taken.
    const again = await ctx.owner.post(base, { url: 'https://github.com/PostHog/helloworldplugin' });
    expect(again.status).toBe(400);
    const other = await ctx.owner.post(base, { url: 'https://github.com/PostHog/otherplugin' });
    expect(other.status).toBe(201);
    expect(other.body).toMatchObject({ plugin_type: 'custom', name: 'otherplugin', url: 'https://github.com/PostHog/otherplugin' });
    expect(other.body.tag).toEqual(expect.any(String));
    expect((await ctx.owner.delete(`${base}${other.body.id}/`)).status).toBe(204);
  });

  it(`${FILE}::test_create_plugin_source`, async () => {
    const response = await ctx.owner.post(base, { plugin_type: 'source', name: 'myplugin' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      plugin_type: 'source',
      name: 'myplugin',
      description: null,
      url: null,
      config_schema: {},
      tag: null,
      latest_tag: null,
      is_global: false,
      organization_id: ORG_A,
      capabilities: {},
      metrics: {},
      public_jobs: {},
    });
    expect((await ctx.owner.delete(`${base}${response.body.id}/`)).status).toBe(204);
  });

  it('parse_url (posthog/plugins/utils.py): an npm root URL keeps ?private_token=', async () => {
    const response = await ctx.owner.post(base, { url: 'https://www.npmjs.com/package/posthog-plugin-x/v/1.0.0?private_token=abc' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ url: 'https://www.npmjs.com/package/posthog-plugin-x?private_token=abc', tag: '1.0.0' });
  });

  it(`${FILE}::test_update_plugin_source`, async () => {
    const created = await ctx.owner.post(base, { plugin_type: 'source', name: 'myplugin_original' });
    const id = created.body.id;
    const source = `${base}${id}/source`;
    const update = `${base}${id}/update_source`;
    expect((await ctx.owner.get(source)).body).toEqual({});
    expect((await ctx.owner.get(`${base}${id}/`)).body.name).toBe('myplugin_original');
    const first = await ctx.owner.patch(update, { 'index.ts': "'hello world'", 'plugin.json': '{"name":"my plugin"}' });
    expect(first.body).toEqual({ 'index.ts': "'hello world'", 'plugin.json': '{"name":"my plugin"}' });
    expect((await ctx.owner.get(`${base}${id}/`)).body.name).toBe('my plugin');
    const second = await ctx.owner.patch(update, { 'index.ts': "'hello again'" });
    expect(second.body).toEqual({ 'index.ts': "'hello again'", 'plugin.json': '{"name":"my plugin"}' });
    const third = await ctx.owner.patch(update, { 'index.ts': null });
    expect(third.body).toEqual({ 'plugin.json': '{"name":"my plugin"}' });
  });

  it(`${FILE}::test_create_plugin_frontend_source`, async () => {
    const response = await ctx.owner.post(base, { plugin_type: 'source', name: 'myplugin-frontend', source: '', source_frontend: 'export const scene = {}' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: response.body.id,
      plugin_type: 'source',
      name: 'myplugin-frontend',
      description: null,
      url: null,
      icon: null,
      config_schema: {},
      tag: null,
      latest_tag: null,
      is_global: false,
      organization_id: ORG_A,
      organization_name: 'Acme',
      capabilities: {},
      metrics: {},
      public_jobs: {},
      // Fields of the current serializer, newer than the test: `icon` above, and the hog function migration flag.
      hog_function_migration_available: false,
    });
    const id = response.body.id;
    await ctx.owner.patch(`${base}${id}/update_source`, { 'frontend.tsx': 'export const scene = {}' });
    expect((await ctx.owner.get(`${base}${id}/source`)).body).toEqual({ 'frontend.tsx': 'export const scene = {}' });
    await ctx.owner.patch(`${base}${id}/update_source`, { 'frontend.tsx': "export const scene = { name: 'new' }" });
    expect((await ctx.owner.get(`${base}${id}/source`)).body).toEqual({ 'frontend.tsx': "export const scene = { name: 'new' }" });
  });

  it(`${FILE}::test_cannot_delete_global_plugin`, async () => {
    const response = await ctx.owner.post(base, { url: 'https://github.com/PostHog/globalplugin', is_global: true });
    expect(response.status).toBe(201);
    const deleted = await ctx.owner.delete(`${base}${response.body.id}`);
    expect(deleted.status).toBe(400);
    expect(deleted.body.detail).toBe('This plugin is marked as global! Make it local before uninstallation');
  });

  it(`${FILE}::test_cannot_access_others_orgs_plugins`, async () => {
    const list = await ctx.owner.get(base);
    const own = list.body.results.find((plugin: { organization_id: string }) => plugin.organization_id === ORG_A);
    expect((await ctx.owner.get(`${base}${own.id}/`)).status).toBe(200);
    // 'Globex private' belongs to the other organization.
    const all = await ctx.owner.get(`${base}?limit=100`);
    const ids = new Set(all.body.results.map((plugin: { id: number }) => plugin.id));
    const foreignId = [1, 2, 3, 4, 5].find((id) => !ids.has(id))!;
    expect((await ctx.owner.get(`${base}${foreignId}/`)).status).toBe(404);
  });
});
