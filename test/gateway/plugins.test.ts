// Plugins end to end: the organization's plugins connection and lookups, source files,
// every plugin mutation with its userErrors, the collection actions, federation references
// and other organizations.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoErrors, useStack, type GraphQLResponse } from './helpers.ts';
import { seedOrganization, seedPlugin, seedProject, seedUser, type SeedFile } from '../fixtures/seed.ts';

const ORG = '04000000-0000-4000-8000-000000000004';
const OTHER_ORG = '05000000-0000-4000-8000-000000000005';
const seed: SeedFile = {
  organizations: [seedOrganization(ORG, 'Acme'), seedOrganization(OTHER_ORG, 'Globex')],
  users: [seedUser('ada@acme.test', 'phx_ada_plugins_key', ORG), seedUser('bob@globex.test', 'phx_bob_plugins_key', OTHER_ORG)],
  projects: [seedProject(ORG, 'Web')],
  plugins: [
    seedPlugin(ORG, 'source', 'Hello', {
      description: 'Says hello',
      source: { 'index.ts': 'export const hello = 1', 'plugin.json': '{"name":"Hello"}' },
    }),
    seedPlugin(ORG, 'custom', 'Geo', { url: 'https://github.com/acme/geo-plugin', tag: 'v1.0.0' }),
    seedPlugin(OTHER_ORG, 'repository', 'Shared everywhere', { url: 'https://github.com/globex/shared', is_global: true }),
    seedPlugin(OTHER_ORG, 'source', 'Globex private'),
  ],
};

const stack = useStack({ seed });
const ok = async (query: string, variables: Record<string, unknown> = {}, token?: string) =>
  expectNoErrors<any>(await stack.graphql<any>(query, variables, { token }));
const codes = (response: GraphQLResponse) => (response.errors ?? []).map((e) => e.extensions?.code);

const LIST = `query($org: ID!, $first: Int, $after: String, $last: Int, $before: String) { organization(id: $org) {
  plugins(first: $first, after: $after, last: $last, before: $before) { totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    nodes { id databaseId name pluginType isGlobal organizationId organizationName organization { databaseId name } } } } }`;
const PLUGIN = `query($org: ID!, $id: ID!) { organization(id: $org) { plugin(id: $id) { id name description pluginType url tag latestTag source { filename source } } } }`;
type PluginNode = { id: string; databaseId: number; name: string };
let all: PluginNode[];

async function pluginNamed(name: string): Promise<PluginNode> {
  const found = (await ok(LIST, { org: ORG, first: 100 })).organization.plugins.nodes.find((p: PluginNode) => p.name === name);
  if (!found) throw new Error(`no plugin ${name}`);
  return found;
}

beforeAll(async () => {
  all = (await ok(LIST, { org: ORG, first: 100 })).organization.plugins.nodes;
});

describe('Organization.plugins and plugin(id:)', () => {
  it("lists the organization's own and global plugins, not other organizations' private ones", () => {
    expect(all.map((p) => p.name).sort()).toEqual(['Geo', 'Hello', 'Shared everywhere']);
    const byName = Object.fromEntries(all.map((p) => [p.name, p]));
    expect(byName['Hello']).toMatchObject({ pluginType: 'SOURCE', isGlobal: false, organizationId: ORG, organization: { databaseId: ORG, name: 'Acme' } });
    expect(byName['Geo']).toMatchObject({ pluginType: 'CUSTOM' });
    expect(byName['Shared everywhere']).toMatchObject({ pluginType: 'REPOSITORY', isGlobal: true, organizationId: OTHER_ORG, organizationName: 'Globex' });
  });

  it('pages forwards and backwards', async () => {
    const first = (await ok(LIST, { org: ORG, first: 2 })).organization.plugins;
    expect(first).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true, hasPreviousPage: false } });
    expect(first.nodes).toEqual(all.slice(0, 2));
    const rest = (await ok(LIST, { org: ORG, first: 2, after: first.pageInfo.endCursor })).organization.plugins;
    expect(rest.nodes).toEqual(all.slice(2));
    const last = (await ok(LIST, { org: ORG, last: 1 })).organization.plugins;
    expect(last.nodes).toEqual(all.slice(2));
    const before = (await ok(LIST, { org: ORG, last: 5, before: last.pageInfo.startCursor })).organization.plugins;
    expect(before).toMatchObject({ nodes: all.slice(0, 2), pageInfo: { hasPreviousPage: false, hasNextPage: true } });
  });

  it('reads one plugin by numeric id, global id and node, with its source files sorted by name', async () => {
    const hello = all.find((p) => p.name === 'Hello')!;
    const byNumber = (await ok(PLUGIN, { org: ORG, id: String(hello.databaseId) })).organization.plugin;
    expect(byNumber).toMatchObject({ id: hello.id, name: 'Hello', description: 'Says hello', pluginType: 'SOURCE' });
    expect(byNumber.source).toEqual([
      { filename: 'index.ts', source: 'export const hello = 1' },
      { filename: 'plugin.json', source: '{"name":"Hello"}' },
    ]);
    expect((await ok(PLUGIN, { org: ORG, id: hello.id })).organization.plugin).toEqual(byNumber);
    const node = (await ok(`query($id: ID!) { node(id: $id) { id ... on Plugin { name } } }`, { id: hello.id })).node;
    expect(node).toEqual({ id: hello.id, name: 'Hello' });
  });

  it("a plugin that does not exist, or is another organization's private one, is null with NOT_FOUND", async () => {
    const missing = await stack.graphql(PLUGIN, { org: ORG, id: '999999' });
    expect(missing.data?.organization.plugin).toBeNull();
    expect(codes(missing)).toEqual(['NOT_FOUND']);
    const privatePlugin = (await ok(LIST, { org: OTHER_ORG, first: 10 }, 'phx_bob_plugins_key')).organization.plugins.nodes.find(
      (p: PluginNode) => p.name === 'Globex private',
    );
    const foreign = await stack.graphql(PLUGIN, { org: ORG, id: String(privatePlugin.databaseId) });
    expect(codes(foreign)).toEqual(['NOT_FOUND']);
  });

  it("another organization's plugin list is FORBIDDEN", async () => {
    const response = await stack.graphql(LIST, { org: OTHER_ORG, first: 5 });
    expect(response.data?.organization.plugins).toBeNull();
    expect(codes(response)).toEqual(['FORBIDDEN']);
  });
});

describe('plugin mutations', () => {
  const CREATE = `mutation($input: CreatePluginInput!) { createPlugin(input: $input) { plugin { id databaseId name pluginType url tag } userErrors { field message code } } }`;
  const UPDATE = `mutation($input: UpdatePluginInput!) { updatePlugin(input: $input) { plugin { id name description icon } userErrors { field message code } } }`;
  const SOURCE = `mutation($input: UpdatePluginSourceInput!) { updatePluginSource(input: $input) { plugin { name configSchema } source { filename source } userErrors { message } } }`;
  const DELETE = `mutation($input: PluginReferenceInput!) { deletePlugin(input: $input) { deletedPluginId userErrors { field message } } }`;

  it('creates a source plugin, edits its source (plugin.json renames it), deletes a file, then uninstalls it', async () => {
    const created = (await ok(CREATE, { input: { organizationId: ORG, pluginType: 'SOURCE', name: 'Scratch' } })).createPlugin;
    expect(created).toMatchObject({ plugin: { name: 'Scratch', pluginType: 'SOURCE' }, userErrors: [] });
    const id = created.plugin.id;

    const edited = (
      await ok(SOURCE, {
        input: {
          id,
          files: [
            { filename: 'index.ts', source: 'export function processEvent(e) { return e }' },
            { filename: 'plugin.json', source: JSON.stringify({ name: 'Renamed', config: [{ key: 'greeting', type: 'string' }] }) },
          ],
        },
      })
    ).updatePluginSource;
    expect(edited.userErrors).toEqual([]);
    expect(edited.plugin).toEqual({ name: 'Renamed', configSchema: [{ key: 'greeting', type: 'string' }] });
    expect(edited.source.map((f: { filename: string }) => f.filename)).toEqual(['index.ts', 'plugin.json']);

    const trimmed = (await ok(SOURCE, { input: { id, files: [{ filename: 'index.ts', source: null }] } })).updatePluginSource;
    expect(trimmed.source.map((f: { filename: string }) => f.filename)).toEqual(['plugin.json']);

    const deleted = (await ok(DELETE, { input: { id } })).deletePlugin;
    expect(deleted).toEqual({ deletedPluginId: id, userErrors: [] });
    const gone = await stack.graphql(PLUGIN, { org: ORG, id });
    expect(codes(gone)).toEqual(['NOT_FOUND']);
  });

  it('a source plugin without a name is a userError on ["input","name"] and installs nothing', async () => {
    const result = (await ok(CREATE, { input: { organizationId: ORG, pluginType: 'SOURCE' } })).createPlugin;
    expect(result.plugin).toBeNull();
    expect(result.userErrors).toEqual([expect.objectContaining({ field: ['input', 'name'], code: 'REQUIRED' })]);
    expect((await ok(LIST, { org: ORG, first: 100 })).organization.plugins.totalCount).toBe(3);
  });

  it('installs from a URL once; the same URL again is a userError', async () => {
    const url = 'https://github.com/acme/counter-plugin';
    const first = (await ok(CREATE, { input: { organizationId: ORG, pluginType: 'CUSTOM', url } })).createPlugin;
    expect(first.userErrors).toEqual([]);
    expect(first.plugin).toMatchObject({ pluginType: 'CUSTOM', url });
    const again = (await ok(CREATE, { input: { organizationId: ORG, pluginType: 'CUSTOM', url } })).createPlugin;
    expect(again).toEqual({ plugin: null, userErrors: [{ field: null, message: `Plugin from URL "${url}" already installed!`, code: expect.any(String) }] });
  });

  it('updates fields by global id or numeric id + organization', async () => {
    const geo = await pluginNamed('Geo');
    const byGlobal = (await ok(UPDATE, { input: { id: geo.id, description: 'Adds geography' } })).updatePlugin;
    expect(byGlobal).toEqual({ plugin: { id: geo.id, name: 'Geo', description: 'Adds geography', icon: null }, userErrors: [] });
    const byNumber = (await ok(UPDATE, { input: { id: String(geo.databaseId), organizationId: ORG, icon: 'https://example.test/geo.png' } })).updatePlugin;
    expect(byNumber.plugin).toMatchObject({ description: 'Adds geography', icon: 'https://example.test/geo.png' });
  });

  it('checks for updates (records latestTag) and upgrades to it', async () => {
    const geo = await pluginNamed('Geo');
    const checked = (
      await ok(`mutation($id: ID!) { checkPluginForUpdates(input: { id: $id }) { plugin { tag latestTag } userErrors { message } } }`, { id: geo.id })
    ).checkPluginForUpdates;
    expect(checked.userErrors).toEqual([]);
    expect(checked.plugin).toMatchObject({ tag: 'v1.0.0', latestTag: expect.any(String) });
    const upgraded = (await ok(`mutation($id: ID!) { upgradePlugin(input: { id: $id }) { plugin { tag latestTag } userErrors { message } } }`, { id: geo.id }))
      .upgradePlugin;
    expect(upgraded).toEqual({ plugin: { tag: checked.plugin.latestTag, latestTag: checked.plugin.latestTag }, userErrors: [] });
  });

  it("writing to another organization's global plugin is FORBIDDEN with the upstream's detail", async () => {
    const shared = await pluginNamed('Shared everywhere');
    const response = await stack.graphql(UPDATE, { input: { id: shared.id, description: 'mine now' } });
    expect(codes(response)).toEqual(['FORBIDDEN']);
    expect(response.errors?.[0]?.extensions?.upstream?.detail).toBe('This plugin installation is managed by another organization');
  });

  it('uninstalling a global plugin is a userError', async () => {
    const shared = (await ok(LIST, { org: OTHER_ORG, first: 10 }, 'phx_bob_plugins_key')).organization.plugins.nodes.find(
      (p: PluginNode) => p.name === 'Shared everywhere',
    );
    const result = (await ok(DELETE, { input: { id: shared.id } }, 'phx_bob_plugins_key')).deletePlugin;
    expect(result).toEqual({
      deletedPluginId: null,
      userErrors: [{ field: null, message: 'This plugin is marked as global! Make it local before uninstallation' }],
    });
  });
});

describe('plugin collection actions', () => {
  it('serves the repository catalogue, unused plugin ids, export configs and the activity log', async () => {
    const data = await ok(
      `query($org: ID!) { organization(id: $org) {
      repository { name url description maintainer verified data }
      unused
      exportsUnsubscribeConfigs { databaseId }
      pluginActivity(first: 100) { totalCount nodes { activity scope name user { email } } }
      plugins(first: 100) { nodes { databaseId } } } }`,
      { org: ORG },
    );
    const org = data.organization;
    expect(org.repository.length).toBeGreaterThan(0);
    for (const entry of org.repository) expect(entry.url).toBe(entry.data.url);
    expect([...org.unused].sort()).toEqual(org.plugins.nodes.map((p: { databaseId: number }) => p.databaseId).sort());
    expect(org.exportsUnsubscribeConfigs).toEqual([]);
    expect(org.pluginActivity.nodes).toContainEqual(expect.objectContaining({ activity: 'installed', scope: 'Plugin', user: { email: 'ada@acme.test' } }));
    expect(org.pluginActivity.totalCount).toBe(org.pluginActivity.nodes.length);
  });
});

describe('federation references', () => {
  it('resolves Plugin and FeatureFlag representations through the loaders; missing ones are null', async () => {
    const hello = await pluginNamed('Hello');
    const missingPlugin = Buffer.from(`Plugin:${ORG}:999999`).toString('base64url');
    const response = await stack.graphql(
      `query($r: [_Any!]!) { _entities(representations: $r) { ... on Plugin { id name } } }`,
      {
        r: [
          { __typename: 'Plugin', id: hello.id },
          { __typename: 'Plugin', id: missingPlugin },
          { __typename: 'Plugin', id: hello.id },
        ],
      },
      { report: true },
    );
    expect(response.errors).toBeUndefined();
    expect(response.data?._entities).toEqual([{ id: hello.id, name: 'Hello' }, null, { id: hello.id, name: 'Hello' }]);
    // One GET per distinct plugin, all in the first wave.
    expect(response.extensions?.upstream?.totals).toMatchObject({ calls: 2, waves: 1 });
  });
});
