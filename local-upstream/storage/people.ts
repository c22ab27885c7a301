import { nowIso, parseJson, toBool, toJson, type Store } from './db.ts';

/** Persons, groups, cohorts and dashboards of a project: the data the flag actions read and create. */

export interface PersonRow {
  distinct_id: string;
  properties: Record<string, unknown>;
}
export interface CohortRow {
  id: number;
  project_id: number;
  name: string;
  description: string;
  is_static: boolean;
  filters: Record<string, unknown> | null;
  created_by: number | null;
  created_at: string;
  member_distinct_ids: string[];
}
export interface DashboardRow {
  id: number;
  project_id: number;
  name: string;
  enriched: boolean;
}

export function projectPersons(store: Store, projectId: number): PersonRow[] {
  return store
    .all<{ distinct_id: string; properties: string }>('SELECT distinct_id, properties FROM persons WHERE project_id = $project ORDER BY id', {
      project: projectId,
    })
    .map((row) => ({ distinct_id: row.distinct_id, properties: parseJson(row.properties, {}) }));
}

export function getPerson(store: Store, projectId: number, distinctId: string): PersonRow | undefined {
  const row = store.get<{ distinct_id: string; properties: string }>(
    'SELECT distinct_id, properties FROM persons WHERE project_id = $project AND distinct_id = $id',
    { project: projectId, id: distinctId },
  );
  return row ? { distinct_id: row.distinct_id, properties: parseJson(row.properties, {}) } : undefined;
}

export function personExists(store: Store, projectId: number, distinctId: string): boolean {
  return store.get('SELECT 1 AS found FROM persons WHERE project_id = $project AND distinct_id = $id', { project: projectId, id: distinctId }) !== undefined;
}

export function upsertPerson(store: Store, projectId: number, person: PersonRow): void {
  store.run(
    `INSERT INTO persons (project_id, distinct_id, properties) VALUES ($project, $id, $props)
     ON CONFLICT(project_id, distinct_id) DO UPDATE SET properties = excluded.properties`,
    { project: projectId, id: person.distinct_id, props: toJson(person.properties) },
  );
}

export function getGroupProperties(store: Store, projectId: number, groupTypeIndex: number, groupKey: string): Record<string, unknown> | undefined {
  const row = store.get<{ properties: string }>(
    'SELECT properties FROM groups WHERE project_id = $project AND group_type_index = $index AND group_key = $key',
    { project: projectId, index: groupTypeIndex, key: groupKey },
  );
  return row ? parseJson(row.properties, {}) : undefined;
}

/** Every group of one type in a project: key and properties. */
export function projectGroups(store: Store, projectId: number, groupTypeIndex: number): { key: string; properties: Record<string, unknown> }[] {
  return store
    .all('SELECT group_key, properties FROM groups WHERE project_id = $project AND group_type_index = $index ORDER BY group_key', {
      project: projectId,
      index: groupTypeIndex,
    })
    .map((row) => ({ key: String(row.group_key), properties: parseJson(row.properties, {}) }));
}

/** Seeding only adds groups that are missing, like every other seeded object. */
export function insertGroupIfMissing(store: Store, projectId: number, groupTypeIndex: number, groupKey: string, properties: Record<string, unknown>): void {
  store.run(
    `INSERT INTO groups (project_id, group_type_index, group_key, properties) VALUES ($project, $index, $key, $props)
     ON CONFLICT(project_id, group_type_index, group_key) DO NOTHING`,
    { project: projectId, index: groupTypeIndex, key: groupKey, props: toJson(properties) },
  );
}

function cohortMembers(store: Store, cohortId: number): string[] {
  return store
    .all<{ distinct_id: string }>('SELECT distinct_id FROM cohort_members WHERE cohort_id = $cohort ORDER BY distinct_id', { cohort: cohortId })
    .map((row) => row.distinct_id);
}

function toCohort(store: Store, row: Record<string, unknown>): CohortRow {
  const id = Number(row.id);
  return {
    id,
    project_id: Number(row.project_id),
    name: String(row.name),
    description: String(row.description),
    is_static: toBool(row.is_static),
    filters: parseJson(row.filters, null),
    created_by: row.created_by === null ? null : Number(row.created_by),
    created_at: String(row.created_at),
    member_distinct_ids: cohortMembers(store, id),
  };
}

const COHORT_COLUMNS = 'id, project_id, name, description, is_static, filters, created_by, created_at';

export function projectCohorts(store: Store, projectId: number): CohortRow[] {
  return store.all(`SELECT ${COHORT_COLUMNS} FROM cohorts WHERE project_id = $project ORDER BY id`, { project: projectId }).map((row) => toCohort(store, row));
}

export function getCohortName(store: Store, id: number): string | undefined {
  return store.get<{ name: string }>('SELECT name FROM cohorts WHERE id = $id', { id })?.name;
}

export function findCohortByName(store: Store, projectId: number, name: string): CohortRow | undefined {
  const row = store.get(`SELECT ${COHORT_COLUMNS} FROM cohorts WHERE project_id = $project AND name = $name`, { project: projectId, name });
  return row ? toCohort(store, row) : undefined;
}

export function insertCohort(store: Store, cohort: Omit<CohortRow, 'id' | 'created_at'>): CohortRow {
  const { id } = store.run(
    `INSERT INTO cohorts (project_id, name, description, is_static, filters, created_by, created_at)
     VALUES ($project, $name, $description, $static, $filters, $by, $now)`,
    {
      project: cohort.project_id,
      name: cohort.name,
      description: cohort.description,
      static: cohort.is_static ? 1 : 0,
      filters: cohort.filters === null ? null : toJson(cohort.filters),
      by: cohort.created_by,
      now: nowIso(),
    },
  );
  for (const distinctId of new Set(cohort.member_distinct_ids)) {
    store.run('INSERT OR IGNORE INTO cohort_members (cohort_id, distinct_id) VALUES ($cohort, $id)', { cohort: id, id: distinctId });
  }
  const row = store.get(`SELECT ${COHORT_COLUMNS} FROM cohorts WHERE id = $id`, { id })!;
  return toCohort(store, row);
}

export function insertDashboard(store: Store, projectId: number, name: string, userId: number | null): number {
  return store.run('INSERT INTO dashboards (project_id, name, created_by, created_at) VALUES ($project, $name, $by, $now)', {
    project: projectId,
    name,
    by: userId,
    now: nowIso(),
  }).id;
}

/** The project a dashboard belongs to, whichever project that is; undefined when there is no such dashboard. */
export function dashboardProjectId(store: Store, id: number): number | undefined {
  return store.get<{ project_id: number }>('SELECT project_id FROM dashboards WHERE id = $id', { id })?.project_id;
}

export function getDashboard(store: Store, projectId: number, id: number): DashboardRow | undefined {
  const row = store.get<{ id: number; project_id: number; name: string; enriched: number }>(
    'SELECT id, project_id, name, enriched FROM dashboards WHERE id = $id AND project_id = $project',
    { id, project: projectId },
  );
  return row ? { ...row, enriched: toBool(row.enriched) } : undefined;
}

export function markDashboardEnriched(store: Store, id: number): void {
  store.run('UPDATE dashboards SET enriched = 1 WHERE id = $id', { id });
}
