import { fromBool, nowIso, parseJson, toBool, toJson, type Params, type Store } from './db.ts';

export interface FlagRow {
  id: number;
  project_id: number;
  key: string;
  name: string;
  filters: Record<string, unknown>;
  deleted: boolean;
  active: boolean;
  ensure_experience_continuity: boolean;
  rollback_conditions: unknown;
  performed_rollback: boolean;
  tags: string[];
  analytics_dashboards: number[];
  has_enriched_analytics: boolean;
  archived: boolean;
  is_remote_configuration: boolean;
  has_encrypted_payloads: boolean;
  /** `server`, `client` or `all`; null when a client cleared it. */
  evaluation_runtime: string | null;
  /** `distinct_id` or `device_id`; null means the default (`distinct_id`). */
  bucketing_identifier: string | null;
  usage_dashboard: number | null;
  version: number;
  created_by: number | null;
  last_modified_by: number | null;
  created_at: string;
  updated_at: string;
}

/** Columns a new flag may leave to their defaults (not archived, no remote config, evaluated everywhere). */
type DefaultedColumns = 'archived' | 'is_remote_configuration' | 'has_encrypted_payloads' | 'evaluation_runtime' | 'bucketing_identifier';

/** The writable columns, as handlers pass them to insert/update. */
export type FlagFields = Omit<FlagRow, 'id' | 'project_id' | 'created_at' | 'updated_at' | 'version' | 'created_by' | DefaultedColumns> &
  Partial<Pick<FlagRow, DefaultedColumns>> & { created_at?: string };

const COLUMNS = `id, project_id, key, name, filters, deleted, active, ensure_experience_continuity, rollback_conditions,
  performed_rollback, tags, analytics_dashboards, has_enriched_analytics, archived, is_remote_configuration,
  has_encrypted_payloads, evaluation_runtime, bucketing_identifier, usage_dashboard, version, created_by,
  last_modified_by, created_at, updated_at`;
const PREFIXED_COLUMNS = COLUMNS.split(',')
  .map((column) => `f.${column.trim()}`)
  .join(', ');
const NEWEST_FIRST = 'ORDER BY created_at DESC, id DESC';

function toFlag(row: Record<string, unknown>): FlagRow {
  return {
    id: Number(row.id),
    project_id: Number(row.project_id),
    key: String(row.key),
    name: String(row.name),
    filters: parseJson(row.filters, {}),
    deleted: toBool(row.deleted),
    active: toBool(row.active),
    ensure_experience_continuity: toBool(row.ensure_experience_continuity),
    rollback_conditions: parseJson(row.rollback_conditions, null),
    performed_rollback: toBool(row.performed_rollback),
    tags: parseJson(row.tags, []),
    analytics_dashboards: parseJson(row.analytics_dashboards, []),
    has_enriched_analytics: toBool(row.has_enriched_analytics),
    archived: toBool(row.archived),
    is_remote_configuration: toBool(row.is_remote_configuration),
    has_encrypted_payloads: toBool(row.has_encrypted_payloads),
    evaluation_runtime: typeof row.evaluation_runtime === 'string' ? row.evaluation_runtime : null,
    bucketing_identifier: typeof row.bucketing_identifier === 'string' ? row.bucketing_identifier : null,
    usage_dashboard: row.usage_dashboard === null ? null : Number(row.usage_dashboard),
    version: Number(row.version),
    created_by: row.created_by === null ? null : Number(row.created_by),
    last_modified_by: row.last_modified_by === null ? null : Number(row.last_modified_by),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
  };
}

export function getFlag(store: Store, projectId: number, id: number): FlagRow | undefined {
  const row = store.get(`SELECT ${COLUMNS} FROM feature_flags WHERE id = $id AND project_id = $project`, { id, project: projectId });
  return row ? toFlag(row) : undefined;
}

/** Any flag with that key in the project, deleted or not (the key is unique per project). */
export function getFlagByKey(store: Store, projectId: number, key: string): FlagRow | undefined {
  const row = store.get(`SELECT ${COLUMNS} FROM feature_flags WHERE project_id = $project AND key = $key`, { project: projectId, key });
  return row ? toFlag(row) : undefined;
}

/** Flags the unfiltered list shows: neither deleted nor archived (archived ones only when `?archived=` asks). */
export function countListedFlags(store: Store, projectId: number): number {
  return store.get<{ n: number }>('SELECT COUNT(*) AS n FROM feature_flags WHERE project_id = $project AND deleted = 0 AND archived = 0', {
    project: projectId,
  })!.n;
}

/** Listed flags (see countListedFlags), newest first (the list order), one page. */
export function pageListedFlags(store: Store, projectId: number, limit: number, offset: number): FlagRow[] {
  return store
    .all(
      `SELECT ${COLUMNS} FROM feature_flags WHERE project_id = $project AND deleted = 0 AND archived = 0 ${NEWEST_FIRST}
    LIMIT $limit OFFSET $offset`,
      { project: projectId, limit, offset },
    )
    .map(toFlag);
}

/** Every flag of a project, newest first; deleted ones only when asked. */
export function allFlags(store: Store, projectId: number, includeDeleted = false): FlagRow[] {
  const sql = includeDeleted
    ? `SELECT ${COLUMNS} FROM feature_flags WHERE project_id = $project ${NEWEST_FIRST}`
    : `SELECT ${COLUMNS} FROM feature_flags WHERE project_id = $project AND deleted = 0 ${NEWEST_FIRST}`;
  return store.all(sql, { project: projectId }).map(toFlag);
}

/** Non-deleted flags with that key in every project of an organization. */
export function liveFlagsByKeyInOrganization(store: Store, organizationId: string, key: string): FlagRow[] {
  return store
    .all(
      `SELECT ${PREFIXED_COLUMNS} FROM feature_flags f JOIN projects p ON p.id = f.project_id
    WHERE p.organization_id = $org AND f.key = $key AND f.deleted = 0 ORDER BY f.project_id`,
      { org: organizationId, key },
    )
    .map(toFlag);
}

function fieldParams(fields: Partial<FlagFields>): Params {
  const params: Params = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'boolean') params[name] = fromBool(value);
    else if (['filters', 'rollback_conditions', 'tags', 'analytics_dashboards'].includes(name)) params[name] = toJson(value);
    else params[name] = value as string | number | null;
  }
  return params;
}

export function insertFlag(store: Store, projectId: number, userId: number | null, fields: FlagFields): FlagRow {
  const now = nowIso();
  const params = { ...fieldParams(fields), project_id: projectId, created_by: userId, created_at: fields.created_at ?? now, updated_at: now };
  const names = Object.keys(params);
  const { id } = store.run(`INSERT INTO feature_flags (${names.join(', ')}) VALUES (${names.map((n) => `$${n}`).join(', ')})`, params);
  return getFlag(store, projectId, id)!;
}

/** Partial update; bumps `version` and `updated_at`. SQL is cached per distinct set of columns. */
export function updateFlag(store: Store, flag: FlagRow, fields: Partial<FlagFields>): FlagRow {
  const params = { ...fieldParams(fields), updated_at: nowIso(), version: flag.version + 1 };
  const assignments = Object.keys(params)
    .map((name) => `${name} = $${name}`)
    .join(', ');
  store.run(`UPDATE feature_flags SET ${assignments} WHERE id = $id`, { ...params, id: flag.id });
  return getFlag(store, flag.project_id, flag.id)!;
}

export function hardDeleteFlag(store: Store, id: number): void {
  store.run('DELETE FROM feature_flags WHERE id = $id', { id });
}

/** The usage dashboard, set by the dashboard action without a new version (the real service saves the model directly). */
export function setFlagDashboard(store: Store, id: number, dashboardId: number | null): void {
  store.run('UPDATE feature_flags SET usage_dashboard = $dashboard WHERE id = $id', { id, dashboard: dashboardId });
}
