import { nowIso, parseJson, toJson, type Store } from './db.ts';

export interface ActivityRow {
  id: number;
  scope: string;
  item_id: string | null;
  activity: string;
  user_id: number | null;
  detail: Record<string, unknown>;
  created_at: string;
}

export interface NewActivity {
  organizationId: string;
  projectId: number | null;
  scope: string;
  itemId: string | null;
  activity: string;
  userId: number | null;
  detail: Record<string, unknown>;
}

export function logActivity(store: Store, entry: NewActivity): void {
  store.run(
    `INSERT INTO activity_log (organization_id, project_id, scope, item_id, activity, user_id, detail, created_at)
     VALUES ($org, $project, $scope, $item, $activity, $user, $detail, $now)`,
    {
      org: entry.organizationId,
      project: entry.projectId,
      scope: entry.scope,
      item: entry.itemId,
      activity: entry.activity,
      user: entry.userId,
      detail: toJson(entry.detail),
      now: nowIso(),
    },
  );
}

function toActivity(row: Record<string, unknown>): ActivityRow {
  return {
    id: Number(row.id),
    scope: String(row.scope),
    item_id: row.item_id as string | null,
    activity: String(row.activity),
    user_id: row.user_id === null ? null : Number(row.user_id),
    detail: parseJson(row.detail, {}),
    created_at: String(row.created_at),
  };
}

/** A filter on the log: by project or by organization, one or more scopes, optionally one item. */
export interface ActivityQuery {
  projectId?: number;
  organizationId?: string;
  scopes: string[];
  itemId?: string;
}

function where(query: ActivityQuery): { sql: string; params: Record<string, string | number> } {
  const params: Record<string, string | number> = {};
  const parts: string[] = [];
  if (query.projectId !== undefined) {
    parts.push('project_id = $project');
    params.project = query.projectId;
  }
  if (query.organizationId !== undefined) {
    parts.push('organization_id = $org');
    params.org = query.organizationId;
  }
  parts.push(`scope IN (${query.scopes.map((_, i) => `$scope${i}`).join(', ')})`);
  query.scopes.forEach((scope, i) => {
    params[`scope${i}`] = scope;
  });
  if (query.itemId !== undefined) {
    parts.push('item_id = $item');
    params.item = query.itemId;
  }
  return { sql: parts.join(' AND '), params };
}

export function countActivity(store: Store, query: ActivityQuery): number {
  const { sql, params } = where(query);
  return store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM activity_log WHERE ${sql}`, params)!.n;
}

export function pageActivity(store: Store, query: ActivityQuery, limit: number, offset: number): ActivityRow[] {
  const { sql, params } = where(query);
  return store
    .all(
      `SELECT id, scope, item_id, activity, user_id, detail, created_at FROM activity_log WHERE ${sql}
    ORDER BY created_at DESC, id DESC LIMIT $limit OFFSET $offset`,
      { ...params, limit, offset },
    )
    .map(toActivity);
}
