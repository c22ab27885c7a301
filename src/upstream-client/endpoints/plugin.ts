// Organization plugins (docs/rest-interface.md, "Plugins"). A legacy product upstream, still
// served. Record types are exactly what the REST API returns; one function per endpoint.
import type { UpstreamClient } from '../client/http.ts';
import type { ActivityLogRecord } from './activity.ts';
import { decodeActivityPage, decodePage, type ActivityPage, type ActivityPageArgs, type Page, type PageArgs } from '../transport/page.ts';
import { decodeList, decodeRecord, decodeRecords, expectRecord, WITH_ID } from '../transport/record-shapes.ts';
import { endpoint, type CallFacts, type RestPolicy } from '../across-requests/rest-policy.ts';
import { changesOf, readsOf } from '../across-requests/scopes.ts';
import type { UpstreamRecord } from './upstream-record.ts';

/** The REST values of `plugin_type` (`inline` exists upstream but is not creatable). */
export const PluginTypeValue = { LOCAL: 'local', CUSTOM: 'custom', REPOSITORY: 'repository', SOURCE: 'source' } as const;
export type PluginTypeValue = (typeof PluginTypeValue)[keyof typeof PluginTypeValue];

/** A plugin. */
export type PluginRecord = UpstreamRecord<{
  id: number;
  plugin_type: PluginTypeValue | null;
  name: string;
  description: string | null;
  url: string | null;
  icon: string | null;
  config_schema: unknown;
  tag: string | null;
  latest_tag: string | null;
  is_global: boolean;
  organization_id: string | null;
  organization_name: string | null;
  capabilities: unknown;
  metrics: unknown;
  public_jobs: unknown;
}>;

/** The writable plugin fields; `url` is what the real service installs from. */
export interface PluginWrite {
  plugin_type?: PluginTypeValue;
  name?: string;
  description?: string;
  url?: string;
  icon?: string;
  config_schema?: unknown;
  tag?: string;
  is_global?: boolean;
  capabilities?: unknown;
  metrics?: unknown;
  public_jobs?: unknown;
}

/** source/ and update_source/: file name -> contents. */
export type PluginSourceRecord = UpstreamRecord<Record<string, string | null>>;

/** check_for_updates/ answers `{plugin: {...}}`. */
export type CheckForUpdatesResponse = UpstreamRecord<{
  plugin: PluginRecord;
}>;

/** An enabled plugin configuration of a project (exports_unsubscribe_configs/). */
export type PluginConfigRecord = UpstreamRecord<{
  id: number;
  plugin: number;
  enabled: boolean;
  order: number | null;
  config: unknown;
  error: unknown;
  team_id: number;
  plugin_info: unknown;
  delivery_rate_24h: number | null;
  created_at: string;
  updated_at: string | null;
  name: string | null;
  description: string | null;
  deleted: boolean;
}>;

/** An entry of the public plugin repository (the JSON array as-is). */
export type RepositoryPluginRecord = UpstreamRecord<Record<string, unknown>>;

const PLUGINS_ROUTE = '/api/organizations/{org_id}/plugins/';
const PLUGIN_ROUTE = '/api/organizations/{org_id}/plugins/{id}/';

/**
 * An organization's plugin reads show the global plugins of every organization too; a write to a
 * plugin reaches every organization's unless the plugin is known to be local (scopes.ts).
 */
const pluginReads = ({ params }: CallFacts) => readsOf.plugins(String(params.org_id));
const pluginChanges = ({ facts, params, answer }: CallFacts) =>
  changesOf.plugin(facts, String(params.org_id), params.id === undefined ? undefined : Number(params.id), answer);
const plugins: Pick<RestPolicy, 'reads' | 'changes' | 'learns'> = {
  reads: pluginReads,
  changes: pluginChanges,
  learns: (answer, facts) => facts.learnPlugins(answer),
};

const PLUGINS = endpoint(PLUGINS_ROUTE, { shape: WITH_ID, ...plugins });
const PLUGIN = endpoint(PLUGIN_ROUTE, { shape: WITH_ID, ...plugins });
const PLUGIN_SOURCE = endpoint(`${PLUGIN_ROUTE}source/`, { reads: pluginReads });
const UPDATE_SOURCE = endpoint(`${PLUGIN_ROUTE}update_source/`, { changes: pluginChanges });
const UPGRADE = endpoint(`${PLUGIN_ROUTE}upgrade/`, plugins);
/** A GET that writes (the plugin's latest tag): never kept nor shared, and it invalidates the plugin's reads. */
const CHECK_FOR_UPDATES = endpoint(`${PLUGIN_ROUTE}check_for_updates/`, {
  getWrites: true,
  changes: (call) => pluginChanges({ ...call, answer: (call.answer as { plugin?: unknown } | undefined)?.plugin }),
  learns: (answer, facts) => facts.learnPlugins((answer as { plugin?: unknown } | null)?.plugin),
});
const PLUGIN_ACTIVITY = endpoint(`${PLUGINS_ROUTE}activity/`, { reads: pluginReads, live: true });
const EXPORTS_UNSUBSCRIBE_CONFIGS = endpoint(`${PLUGINS_ROUTE}exports_unsubscribe_configs/`, { reads: pluginReads });
const REPOSITORY = endpoint(`${PLUGINS_ROUTE}repository/`, { reads: pluginReads });
const UNUSED = endpoint(`${PLUGINS_ROUTE}unused/`, { reads: pluginReads });

export function listPlugins(client: UpstreamClient, orgId: string, page: PageArgs): Promise<Page<PluginRecord>> {
  return client.request({ method: 'GET', ...PLUGINS, params: { org_id: orgId }, query: { ...page }, decode: decodePage<PluginRecord> });
}

export function createPlugin(client: UpstreamClient, orgId: string, body: PluginWrite): Promise<PluginRecord> {
  return client.request({ method: 'POST', ...PLUGINS, params: { org_id: orgId }, body });
}

export function getPlugin(client: UpstreamClient, orgId: string, id: number): Promise<PluginRecord> {
  return client.request({ method: 'GET', ...PLUGIN, params: { org_id: orgId, id } });
}

export function updatePlugin(client: UpstreamClient, orgId: string, id: number, body: PluginWrite): Promise<PluginRecord> {
  return client.request({ method: 'PATCH', ...PLUGIN, params: { org_id: orgId, id }, body });
}

/** 204, no body. */
export async function deletePlugin(client: UpstreamClient, orgId: string, id: number): Promise<void> {
  await client.request({ method: 'DELETE', ...PLUGIN, params: { org_id: orgId, id } });
}

export function checkPluginForUpdates(client: UpstreamClient, orgId: string, id: number): Promise<CheckForUpdatesResponse> {
  return client.request({ method: 'GET', ...CHECK_FOR_UPDATES, params: { org_id: orgId, id }, decode: decodeCheckForUpdates });
}

/** Its `plugin` is remembered as the plugin's record. */
function decodeCheckForUpdates(body: unknown): CheckForUpdatesResponse {
  expectRecord(body, '');
  expectRecord(body.plugin, 'plugin', WITH_ID);
  return body as CheckForUpdatesResponse;
}

export function getPluginSource(client: UpstreamClient, orgId: string, id: number): Promise<PluginSourceRecord> {
  return client.request({ method: 'GET', ...PLUGIN_SOURCE, params: { org_id: orgId, id }, decode: decodeRecord<PluginSourceRecord> });
}

/** Body: file name -> new contents, null deletes the file. Answers the full file map. */
export function updatePluginSource(client: UpstreamClient, orgId: string, id: number, files: PluginSourceRecord): Promise<PluginSourceRecord> {
  return client.request({ method: 'PATCH', ...UPDATE_SOURCE, params: { org_id: orgId, id }, body: files, decode: decodeRecord<PluginSourceRecord> });
}

export function upgradePlugin(client: UpstreamClient, orgId: string, id: number): Promise<PluginRecord> {
  return client.request({ method: 'POST', ...UPGRADE, params: { org_id: orgId, id }, body: {} });
}

export function listPluginActivity(client: UpstreamClient, orgId: string, page: ActivityPageArgs): Promise<ActivityPage<ActivityLogRecord>> {
  return client.request({
    method: 'GET',
    ...PLUGIN_ACTIVITY,
    params: { org_id: orgId },
    query: { ...page },
    decode: decodeActivityPage<ActivityLogRecord>,
  });
}

export function getExportsUnsubscribeConfigs(client: UpstreamClient, orgId: string): Promise<PluginConfigRecord[]> {
  return client.request({ method: 'GET', ...EXPORTS_UNSUBSCRIBE_CONFIGS, params: { org_id: orgId }, decode: decodeRecords<PluginConfigRecord> });
}

export function getPluginRepository(client: UpstreamClient, orgId: string): Promise<RepositoryPluginRecord[]> {
  return client.request({ method: 'GET', ...REPOSITORY, params: { org_id: orgId }, decode: decodeRecords<RepositoryPluginRecord> });
}

/** Plain array of plugin ids that no project has enabled. */
export function getUnusedPlugins(client: UpstreamClient, orgId: string): Promise<number[]> {
  return client.request({ method: 'GET', ...UNUSED, params: { org_id: orgId }, decode: decodeList<number> });
}

/** A plugin named by the organization it is read through and its numeric id. */
export interface PluginRef {
  orgId: string;
  id: number;
}

/**
 * A plugin with the organization it was read through. The record's `organization_id` is
 * the owner, which differs for global plugins, while refetching must use the route of the
 * organization that can see it, so the global id carries this one. The codegen mapper of Plugin;
 * a class for its getters (docs/performance.md, "Plain fields as getters").
 */
export class OrgPlugin {
  declare private readonly nominal: never; // only the constructor makes one, never an object literal
  readonly orgId: string;
  readonly record: PluginRecord;

  constructor(orgId: string, record: PluginRecord) {
    this.orgId = orgId;
    this.record = record;
  }
}

/** A plugin configuration with the organization it was listed under. The codegen mapper of PluginConfig. */
export interface OrgPluginConfig {
  orgId: string;
  record: PluginConfigRecord;
}
