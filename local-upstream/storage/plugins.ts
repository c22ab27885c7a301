import { fromBool, nowIso, parseJson, toBool, toJson, type Params, type Store } from './db.ts';

export interface PluginRow {
  id: number;
  organization_id: string | null;
  organization_name: string | null;
  plugin_type: string;
  name: string;
  description: string;
  url: string;
  icon: string | null;
  config_schema: unknown;
  tag: string | null;
  latest_tag: string | null;
  latest_tag_checked_at: string | null;
  is_global: boolean;
  capabilities: unknown;
  metrics: unknown;
  public_jobs: unknown;
  created_at: string;
  updated_at: string;
}
export type PluginFields = Partial<Omit<PluginRow, 'id' | 'organization_id' | 'organization_name' | 'created_at' | 'updated_at'>>;

const JSON_FIELDS = new Set(['config_schema', 'capabilities', 'metrics', 'public_jobs']);
const SELECT = `SELECT p.id, p.organization_id, o.name AS organization_name, p.plugin_type, p.name, p.description, p.url, p.icon,
  p.config_schema, p.tag, p.latest_tag, p.latest_tag_checked_at, p.is_global, p.capabilities, p.metrics, p.public_jobs,
  p.created_at, p.updated_at FROM plugins p LEFT JOIN organizations o ON o.id = p.organization_id`;
/** An organization sees its own plugins and global ones. */
const VISIBLE = 'WHERE (p.organization_id = $org OR p.is_global = 1)';

function toPlugin(row: Record<string, unknown>): PluginRow {
  return {
    id: Number(row.id),
    organization_id: row.organization_id as string | null,
    organization_name: row.organization_name as string | null,
    plugin_type: String(row.plugin_type),
    name: String(row.name),
    description: String(row.description),
    url: String(row.url),
    icon: row.icon as string | null,
    config_schema: parseJson(row.config_schema, {}),
    tag: row.tag as string | null,
    latest_tag: row.latest_tag as string | null,
    latest_tag_checked_at: row.latest_tag_checked_at as string | null,
    is_global: toBool(row.is_global),
    capabilities: parseJson(row.capabilities, {}),
    metrics: parseJson(row.metrics, {}),
    public_jobs: parseJson(row.public_jobs, {}),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
  };
}

function fieldParams(fields: PluginFields): Params {
  const params: Params = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'boolean') params[name] = fromBool(value);
    else if (JSON_FIELDS.has(name)) params[name] = toJson(value);
    else params[name] = value as string | number | null;
  }
  return params;
}

export function countVisiblePlugins(store: Store, organizationId: string): number {
  return store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM plugins p ${VISIBLE}`, { org: organizationId })!.n;
}

export function pageVisiblePlugins(store: Store, organizationId: string, limit: number, offset: number): PluginRow[] {
  return store.all(`${SELECT} ${VISIBLE} ORDER BY p.id LIMIT $limit OFFSET $offset`, { org: organizationId, limit, offset }).map(toPlugin);
}

export function visiblePluginIds(store: Store, organizationId: string): number[] {
  return store.all<{ id: number }>(`SELECT p.id FROM plugins p ${VISIBLE} ORDER BY p.id`, { org: organizationId }).map((row) => row.id);
}

export function getPlugin(store: Store, id: number): PluginRow | undefined {
  const row = store.get(`${SELECT} WHERE p.id = $id`, { id });
  return row ? toPlugin(row) : undefined;
}

export function findPluginByName(store: Store, organizationId: string, name: string): PluginRow | undefined {
  const row = store.get(`${SELECT} WHERE p.organization_id = $org AND p.name = $name ORDER BY p.id LIMIT 1`, { org: organizationId, name });
  return row ? toPlugin(row) : undefined;
}

/** A plugin of the organization installed from `url`, with or without a `?query` (a private token) after it. */
export function findPluginByUrl(store: Store, organizationId: string, url: string): PluginRow | undefined {
  const query = `${SELECT} WHERE p.organization_id = $org AND (p.url = $url OR substr(p.url, 1, length($url) + 1) = $url || '?') LIMIT 1`;
  const row = store.get(query, { org: organizationId, url });
  return row ? toPlugin(row) : undefined;
}

export function insertPlugin(store: Store, organizationId: string, fields: PluginFields & { plugin_type: string; name: string }): PluginRow {
  const now = nowIso();
  const params = { ...fieldParams(fields), organization_id: organizationId, created_at: now, updated_at: now };
  const names = Object.keys(params);
  const { id } = store.run(`INSERT INTO plugins (${names.join(', ')}) VALUES (${names.map((n) => `$${n}`).join(', ')})`, params);
  return getPlugin(store, id)!;
}

export function updatePlugin(store: Store, id: number, fields: PluginFields): PluginRow {
  const params = { ...fieldParams(fields), updated_at: nowIso() };
  const assignments = Object.keys(params)
    .map((name) => `${name} = $${name}`)
    .join(', ');
  store.run(`UPDATE plugins SET ${assignments} WHERE id = $id`, { ...params, id });
  return getPlugin(store, id)!;
}

export function deletePlugin(store: Store, id: number): void {
  store.run('DELETE FROM plugins WHERE id = $id', { id });
}

export function pluginSourceFiles(store: Store, pluginId: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (const row of store.all<{ filename: string; source: string }>(
    'SELECT filename, source FROM plugin_source_files WHERE plugin_id = $plugin ORDER BY filename',
    { plugin: pluginId },
  )) {
    files[row.filename] = row.source;
  }
  return files;
}

export function writePluginSourceFile(store: Store, pluginId: number, filename: string, source: string | null): void {
  if (source === null) {
    store.run('DELETE FROM plugin_source_files WHERE plugin_id = $plugin AND filename = $file', { plugin: pluginId, file: filename });
    return;
  }
  store.run(
    `INSERT INTO plugin_source_files (plugin_id, filename, source) VALUES ($plugin, $file, $source)
     ON CONFLICT(plugin_id, filename) DO UPDATE SET source = excluded.source`,
    { plugin: pluginId, file: filename, source },
  );
}
