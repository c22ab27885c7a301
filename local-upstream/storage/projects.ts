import { randomBytes, randomUUID } from 'node:crypto';
import { nowIso, parseJson, toJson, type Store } from './db.ts';

/** A project (team). Everything the interface calls "settings" lives in one JSON column. */
export interface ProjectRow {
  id: number;
  uuid: string;
  organization_id: string;
  api_token: string;
  name: string;
  settings: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

const COLUMNS = 'id, uuid, organization_id, api_token, name, settings, created_at, updated_at';

function toProject(row: Record<string, unknown>): ProjectRow {
  return {
    id: Number(row.id),
    uuid: String(row.uuid),
    organization_id: String(row.organization_id),
    api_token: String(row.api_token),
    name: String(row.name),
    settings: parseJson(row.settings, {}),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
  };
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** `<prefix>` plus base62 of 32 random bytes, the real service's token format. */
function randomToken(prefix: string): string {
  let value = BigInt(`0x${randomBytes(32).toString('hex')}`);
  let text = '';
  while (value > 0n) {
    text = BASE62[Number(value % 62n)] + text;
    value /= 62n;
  }
  return prefix + text;
}

export function getProject(store: Store, id: number): ProjectRow | undefined {
  const row = store.get(`SELECT ${COLUMNS} FROM projects WHERE id = $id`, { id });
  return row ? toProject(row) : undefined;
}

export function getProjectByToken(store: Store, token: string): ProjectRow | undefined {
  const row = store.get(`SELECT ${COLUMNS} FROM projects WHERE api_token = $token`, { token });
  return row ? toProject(row) : undefined;
}

export function findProjectByName(store: Store, organizationId: string, name: string): ProjectRow | undefined {
  const row = store.get(`SELECT ${COLUMNS} FROM projects WHERE organization_id = $org AND name = $name ORDER BY id LIMIT 1`, { org: organizationId, name });
  return row ? toProject(row) : undefined;
}

/** The first project of an organization: the user's current team when `@current` is used. */
export function firstProjectOfOrganization(store: Store, organizationId: string): ProjectRow | undefined {
  const row = store.get(`SELECT ${COLUMNS} FROM projects WHERE organization_id = $org ORDER BY id LIMIT 1`, { org: organizationId });
  return row ? toProject(row) : undefined;
}

const VISIBLE = 'FROM projects WHERE organization_id IN (SELECT organization_id FROM memberships WHERE user_id = $user)';

export function countProjectsForUser(store: Store, userId: number): number {
  return store.get<{ n: number }>(`SELECT COUNT(*) AS n ${VISIBLE}`, { user: userId })!.n;
}

export function listProjectsForUser(store: Store, userId: number, limit: number, offset: number): ProjectRow[] {
  return store.all(`SELECT ${COLUMNS} ${VISIBLE} ORDER BY id LIMIT $limit OFFSET $offset`, { user: userId, limit, offset }).map(toProject);
}

export function insertProject(store: Store, organizationId: string, name: string, settings: Record<string, unknown>): ProjectRow {
  const now = nowIso();
  const { id } = store.run(
    `INSERT INTO projects (uuid, organization_id, api_token, name, settings, created_at, updated_at)
     VALUES ($uuid, $org, $token, $name, $settings, $now, $now)`,
    { uuid: randomUUID(), org: organizationId, token: randomToken('phc_'), name, settings: toJson(settings), now },
  );
  return getProject(store, id)!;
}

export function updateProject(store: Store, id: number, name: string, settings: Record<string, unknown>): void {
  store.run('UPDATE projects SET name = $name, settings = $settings, updated_at = $now WHERE id = $id', {
    id,
    name,
    settings: toJson(settings),
    now: nowIso(),
  });
}

/**
 * A deleted project as the service keeps it until its background removal: marked `is_pending_deletion` (a read-only
 * setting) and still readable and listed (project-deletion.ts removes it later).
 */
export function markProjectPendingDeletion(store: Store, project: ProjectRow): void {
  store.run('UPDATE projects SET settings = $settings WHERE id = $id', {
    id: project.id,
    settings: toJson({ ...project.settings, is_pending_deletion: true }),
  });
}

export const isPendingDeletion = (project: ProjectRow): boolean => project.settings.is_pending_deletion === true;

export function pendingDeletionProjectIds(store: Store): number[] {
  return store.all<{ id: number }>("SELECT id FROM projects WHERE json_extract(settings, '$.is_pending_deletion') = 1").map((row) => row.id);
}

/** The end of a deletion: the project and everything in it (rows referencing it cascade), its activity log too. */
export function removeProject(store: Store, id: number): void {
  store.run('DELETE FROM activity_log WHERE project_id = $id', { id });
  store.run('DELETE FROM projects WHERE id = $id', { id });
}

/** Projects of an organization that count towards its project limit (demo projects do not). */
export function countNonDemoProjects(store: Store, organizationId: string): number {
  return store.get<{ n: number }>("SELECT COUNT(*) AS n FROM projects WHERE organization_id = $org AND COALESCE(json_extract(settings, '$.is_demo'), 0) = 0", {
    org: organizationId,
  })!.n;
}

export function hasDemoProject(store: Store, organizationId: string): boolean {
  return (
    store.get("SELECT 1 AS one FROM projects WHERE organization_id = $org AND json_extract(settings, '$.is_demo') = 1 LIMIT 1", { org: organizationId }) !==
    undefined
  );
}

export function groupTypeMapping(store: Store, projectId: number): Record<string, string> {
  const mapping: Record<string, string> = {};
  for (const row of store.all<{ group_type_index: number; group_type: string }>(
    'SELECT group_type_index, group_type FROM group_types WHERE project_id = $project ORDER BY group_type_index',
    { project: projectId },
  )) {
    mapping[String(row.group_type_index)] = row.group_type;
  }
  return mapping;
}

export function upsertGroupType(store: Store, projectId: number, index: number, name: string): void {
  store.run(
    `INSERT INTO group_types (project_id, group_type_index, group_type) VALUES ($project, $index, $name)
     ON CONFLICT(project_id, group_type_index) DO UPDATE SET group_type = excluded.group_type`,
    { project: projectId, index, name },
  );
}

export function setProjectToken(store: Store, id: number, token: string): void {
  store.run('UPDATE projects SET api_token = $token WHERE id = $id', { token, id });
}
