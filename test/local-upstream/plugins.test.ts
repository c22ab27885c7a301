import { describe, expect, it } from 'vitest';
import { client, KEYS, ORG_A, ORG_B, useUpstream, validation } from './helpers.ts';

const ctx = useUpstream();
const base = `/api/organizations/${ORG_A}/plugins/`;

async function pluginByName(name: string): Promise<any> {
  return (await ctx.owner.get(`${base}?limit=1000`)).body.results.find((plugin: { name: string }) => plugin.name === name);
}

describe('plugin CRUD', () => {
  it("lists the organization's plugins and global ones, not other organizations' private ones", async () => {
    const response = await ctx.owner.get(base);
    expect(response.status).toBe(200);
    expect(response.body.results.map((plugin: { name: string }) => plugin.name)).toEqual(['Acme source', 'Shared geoip']);
    expect(response.body.results[0]).toEqual({
      id: expect.any(Number),
      plugin_type: 'source',
      name: 'Acme source',
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
      hog_function_migration_available: false,
    });
  });

  it('creates a source plugin from its fields (201)', async () => {
    const response = await ctx.owner.post(base, { plugin_type: 'source', name: 'Inline', description: 'Typed in the browser' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ plugin_type: 'source', name: 'Inline', description: 'Typed in the browser', url: null });
    expect((await ctx.owner.get(`${base}${response.body.id}/`)).body).toEqual(response.body);
  });

  it('creates a URL plugin with the name and pinned ref taken from the URL', async () => {
    const github = await ctx.owner.post(base, { plugin_type: 'custom', url: 'https://github.com/acme/hello-plugin/tree/v1.2.0' });
    expect(github.body).toMatchObject({ plugin_type: 'custom', name: 'hello-plugin', tag: 'v1.2.0', url: 'https://github.com/acme/hello-plugin' });
    const npm = await ctx.owner.post(base, { plugin_type: 'repository', url: 'https://www.npmjs.com/package/@acme/event-sequence' });
    expect(npm.body).toMatchObject({ plugin_type: 'repository', name: '@acme/event-sequence' });
  });

  it.each([
    [{ plugin_type: 'custom' }, validation('invalid_input', 'Must be a GitHub/GitLab repository or a npm package URL!', null)],
    [
      { plugin_type: 'custom', url: 'https://example.com/plugin' },
      validation('invalid_input', 'Must be a GitHub/GitLab repository or a npm package URL!', null),
    ],
    [{ plugin_type: 'inline', name: 'x' }, validation('invalid_choice', '"inline" is not a valid choice.', 'plugin_type')],
    [{ plugin_type: 'source' }, validation('required', 'This field is required.', 'name')],
    [{ plugin_type: 'source', name: 'x', is_global: 'nah' }, validation('invalid_input', 'Must be a valid boolean.', 'is_global')],
  ])('rejects %j and installs nothing', async (body, expected) => {
    const before = (await ctx.owner.get(base)).body.count;
    const response = await ctx.owner.post(base, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
    expect((await ctx.owner.get(base)).body.count).toBe(before);
  });

  it('refuses installing the same URL twice', async () => {
    const url = 'https://gitlab.com/acme/tools/twice-plugin';
    expect((await ctx.owner.post(base, { plugin_type: 'custom', url })).status).toBe(201);
    const again = await ctx.owner.post(base, { plugin_type: 'custom', url });
    expect(again.body).toEqual(validation('invalid_input', `Plugin from URL "${url}" already installed!`, null));
  });

  it('patches, then deletes with 204', async () => {
    const created = await ctx.owner.post(base, { plugin_type: 'source', name: 'Temp' });
    const patched = await ctx.owner.patch(`${base}${created.body.id}/`, { description: 'changed', config_schema: [{ key: 'a' }] });
    expect(patched.body).toMatchObject({ description: 'changed', config_schema: [{ key: 'a' }], name: 'Temp' });
    const cleared = await ctx.owner.patch(`${base}${created.body.id}/`, { name: null, description: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ name: '', description: null });
    const deleted = await ctx.owner.delete(`${base}${created.body.id}/`);
    expect(deleted.status).toBe(204);
    expect((await ctx.owner.get(`${base}${created.body.id}/`)).status).toBe(404);
  });

  it("keeps other organizations' plugins out of reach", async () => {
    const globexPrivate = (await client(ctx.upstream, KEYS.other).get(`/api/organizations/${ORG_B}/plugins/`)).body.results.find(
      (plugin: { name: string }) => plugin.name === 'Globex private',
    );
    expect((await ctx.owner.get(`${base}${globexPrivate.id}/`)).status).toBe(404);
    const shared = await pluginByName('Shared geoip');
    const write = await ctx.owner.patch(`${base}${shared.id}/`, { name: 'mine now' });
    expect(write.status).toBe(403);
    expect(write.body.detail).toBe('This plugin installation is managed by another organization');
  });

  it('refuses to delete a global plugin', async () => {
    const globex = client(ctx.upstream, KEYS.other);
    const shared = (await globex.get(`/api/organizations/${ORG_B}/plugins/`)).body.results.find((p: { name: string }) => p.name === 'Shared geoip');
    const response = await globex.delete(`/api/organizations/${ORG_B}/plugins/${shared.id}/`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validation('invalid_input', 'This plugin is marked as global! Make it local before uninstallation', null));
  });
});

describe('plugin actions', () => {
  it('reads and updates source files; plugin.json renames the plugin; null deletes a file', async () => {
    const plugin = await pluginByName('Acme source');
    expect((await ctx.owner.get(`${base}${plugin.id}/source/`)).body).toEqual({ 'index.ts': 'export {}' });
    const updated = await ctx.owner.patch(`${base}${plugin.id}/update_source/`, {
      'plugin.json': JSON.stringify({ name: 'Acme renamed', config: [{ key: 'greeting', type: 'string' }] }),
      'index.ts': null,
      'frontend.tsx': 'export const scene = {}',
    });
    expect(updated.status).toBe(200);
    expect(Object.keys(updated.body).sort()).toEqual(['frontend.tsx', 'plugin.json']);
    const after = await ctx.owner.get(`${base}${plugin.id}/`);
    expect(after.body).toMatchObject({ name: 'Acme renamed', config_schema: [{ key: 'greeting', type: 'string' }] });
    const bad = await ctx.owner.patch(`${base}${plugin.id}/update_source/`, { 'site.ts': 'x', 'index.ts': { code: 1 } });
    expect(bad.body).toEqual(validation('invalid_input', 'Not a valid string.', 'index.ts'));
    expect((await ctx.owner.get(`${base}${plugin.id}/source/`)).body).toEqual(updated.body);
  });

  it('checks for updates (stores latest_tag) and upgrades tag to it', async () => {
    const created = await ctx.owner.post(base, { plugin_type: 'custom', url: 'https://github.com/acme/upgradable/commit/aaa111' });
    const checked = await ctx.owner.get(`${base}${created.body.id}/check_for_updates/`);
    expect(checked.status).toBe(200);
    expect(checked.body.plugin.latest_tag).toMatch(/^[0-9a-f]{40}$/);
    expect(checked.body.plugin.tag).toBe('aaa111');
    const upgraded = await ctx.owner.post(`${base}${created.body.id}/upgrade/`, {});
    expect(upgraded.body.tag).toBe(checked.body.plugin.latest_tag);
  });

  it('serves the repository list, unused ids, export configs and activity', async () => {
    const repository = await ctx.owner.get(`${base}repository/`);
    expect(Array.isArray(repository.body)).toBe(true);
    expect(repository.body[0]).toMatchObject({ name: expect.any(String), url: expect.stringMatching(/^https:\/\/github.com\//) });
    const unused = await ctx.owner.get(`${base}unused/`);
    expect(unused.body).toEqual(expect.arrayContaining([(await pluginByName('Shared geoip')).id]));
    expect((await ctx.owner.get(`${base}exports_unsubscribe_configs/`)).body).toEqual([]);
    const activity = await ctx.owner.get(`${base}activity/`);
    expect(activity.body.total_count).toBeGreaterThan(0);
    expect(activity.body.results.map((entry: { activity: string }) => entry.activity)).toEqual(expect.arrayContaining(['installed', 'uninstalled']));
    expect(activity.body.results[0]).toMatchObject({ scope: 'Plugin', user: { first_name: 'Ada', email: 'ada@acme.test' } });
  });

  it('needs plugin scopes', async () => {
    const flagWriter = client(ctx.upstream, KEYS.flagWriter);
    expect((await flagWriter.get(base)).body.detail).toBe("API key missing required scope 'plugin:read'");
    const reader = client(ctx.upstream, KEYS.reader);
    expect((await reader.get(`${base}repository/`)).status).toBe(200);
    expect((await reader.post(base, { plugin_type: 'source', name: 'x' })).body.detail).toBe("API key missing required scope 'plugin:write'");
  });
});
