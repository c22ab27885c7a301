import {
  getOrganization,
  getUserByEmail,
  organizationIds,
  seniorMemberId,
  setUserProfile,
  upsertApiKey,
  upsertMembership,
  upsertOrganization,
  upsertUser,
} from './storage/accounts.ts';
import type { Store } from './storage/db.ts';
import { allFlags, getFlag, getFlagByKey, insertFlag, type FlagRow } from './storage/flags.ts';
import { findCohortByName, insertCohort, insertGroupIfMissing, personExists, projectCohorts, upsertPerson } from './storage/people.ts';
import { findPluginByName, getPlugin, insertPlugin, writePluginSourceFile } from './storage/plugins.ts';
import { findProjectByName, getProject, insertProject, setProjectToken, upsertGroupType, type ProjectRow } from './storage/projects.ts';
import { recordSeededRow, seededRowId, type SeedKind } from './storage/seed-origins.ts';
import { checkSeed, SeedError, type SeedFile } from './seed-check.ts';
import { getRole, upsertRole } from './storage/roles.ts';
import { addRoleMember, CAN_ALWAYS_EDIT, setAccessLevel } from './storage/resource-access.ts';
import { PROJECT_DEFAULTS } from './serializers/projects.ts';
import { validateFilters } from './validation/filters.ts';

export type { SeedFile } from './seed-check.ts';

type SeedUser = NonNullable<SeedFile['users']>[number];
type SeedProject = NonNullable<SeedFile['projects']>[number];
type SeedFlag = NonNullable<SeedFile['feature_flags']>[number];
type SeedPlugin = NonNullable<SeedFile['plugins']>[number];

/** What seeding produced, for the CLI to print. */
export interface SeedSummary {
  keys: Array<{ email: string; api_key: string }>;
  projects: ProjectRow[];
}

/**
 * Checks a seed (`seed-check.ts`), then applies it idempotently in one transaction: organizations match by id,
 * users by email, roles by id; projects, flags and plugins by the row their seed entry made the first time
 * (`seed_origins`), so rows the API renamed or deleted are neither duplicated nor brought back. Existing rows
 * are left as they are (changes made through the API survive a restart); API keys and memberships are upserted.
 */
export function applySeed(store: Store, input: unknown): SeedSummary {
  return store.transaction(() => {
    const seed = checkSeed(input, organizationIds(store));
    const summary: SeedSummary = { keys: [], projects: [] };
    for (const org of seed.organizations ?? []) {
      const id = org.id.toLowerCase();
      if (!getOrganization(store, id)) upsertOrganization(store, id, org.name);
      if (org.feature_flags_access_level !== undefined) setAccessLevel(store, id, 'feature flags', org.feature_flags_access_level);
      if (org.plugins_access_level !== undefined) setAccessLevel(store, id, 'plugins', org.plugins_access_level);
    }
    for (const user of seed.users ?? []) seedUser(store, user, summary);
    for (const role of seed.roles ?? []) seedRole(store, role);
    const projects = new Map<SeedProject, ProjectRow | undefined>();
    for (const project of seed.projects ?? []) {
      const row = seedProject(store, project);
      projects.set(project, row);
      if (row) summary.projects.push(row);
    }
    for (const flag of seed.feature_flags ?? []) {
      const project = flagProject(projects, flag);
      if (project) seedFlag(store, project, flag);
    }
    for (const plugin of seed.plugins ?? []) seedPlugin(store, plugin);
    return summary;
  });
}

function seedRole(store: Store, role: NonNullable<SeedFile['roles']>[number]): void {
  const id = role.id.toLowerCase();
  if (!getRole(store, id)) {
    upsertRole(store, {
      id,
      organization_id: role.organization.toLowerCase(),
      name: role.name,
      feature_flags_access_level: role.feature_flags_access_level ?? CAN_ALWAYS_EDIT,
      created_by: firstMemberId(store, role.organization),
    });
  }
  for (const email of role.members ?? []) addRoleMember(store, id, getUserByEmail(store, email)!.id);
}

function seedUser(store: Store, input: SeedUser, summary: SeedSummary): void {
  const existing = getUserByEmail(store, input.email);
  const user =
    existing ?? upsertUser(store, { email: input.email, first_name: input.first_name ?? '', last_name: input.last_name ?? '', distinct_id: input.distinct_id });
  for (const membership of input.memberships ?? []) {
    upsertMembership(store, user.id, membership.organization.toLowerCase(), membership.level ?? 1);
  }
  if (input.role_at_organization !== undefined || input.hedgehog_config !== undefined) {
    setUserProfile(store, user.id, { role_at_organization: input.role_at_organization ?? null, hedgehog_config: input.hedgehog_config ?? null });
  }
  if (input.api_key) {
    upsertApiKey(store, user.id, input.api_key, input.scopes ?? ['*'], input.api_key_label);
    summary.keys.push({ email: input.email, api_key: input.api_key });
  }
}

const firstMemberId = (store: Store, organizationId: string): number | null => seniorMemberId(store, organizationId.toLowerCase());

/**
 * The row a seed entry made earlier (found through `seed_origins`, or by its natural key in databases seeded
 * before origins were recorded), or a new one. Undefined when the API has since deleted the seeded row.
 */
function seededRow<T extends { id: number }>(
  store: Store,
  kind: SeedKind,
  seedKey: string,
  load: (id: number) => T | undefined,
  find: () => T | undefined,
  create: () => T,
): T | undefined {
  const known = seededRowId(store, kind, seedKey);
  if (known !== undefined) return load(known);
  const row = find() ?? create();
  recordSeededRow(store, kind, seedKey, row.id);
  return row;
}

function seedProject(store: Store, input: SeedProject): ProjectRow | undefined {
  const organizationId = input.organization.toLowerCase();
  const project = seededRow(
    store,
    'project',
    `${organizationId}/${input.name}`,
    (id) => getProject(store, id),
    () => findProjectByName(store, organizationId, input.name),
    () => {
      const created = insertProject(store, organizationId, input.name, { ...PROJECT_DEFAULTS, timezone: input.timezone ?? 'UTC' });
      if (!input.api_token) return created;
      setProjectToken(store, created.id, input.api_token);
      return { ...created, api_token: input.api_token };
    },
  );
  if (!project) return undefined;
  for (const person of input.persons ?? []) {
    if (!personExists(store, project.id, person.distinct_id))
      upsertPerson(store, project.id, { distinct_id: person.distinct_id, properties: person.properties ?? {} });
  }
  for (const groupType of input.group_types ?? []) upsertGroupType(store, project.id, groupType.index, groupType.name);
  for (const group of input.groups ?? []) insertGroupIfMissing(store, project.id, group.group_type_index, group.group_key, group.properties ?? {});
  for (const cohort of input.cohorts ?? []) {
    if (findCohortByName(store, project.id, cohort.name)) continue;
    insertCohort(store, {
      project_id: project.id,
      name: cohort.name,
      description: '',
      is_static: cohort.is_static ?? false,
      filters: cohort.filters ?? null,
      created_by: firstMemberId(store, organizationId),
      member_distinct_ids: cohort.members ?? [],
    });
  }
  return project;
}

/** The project a seed flag names (by the project's seed name; `organization` disambiguates), if it still exists. */
function flagProject(projects: Map<SeedProject, ProjectRow | undefined>, input: SeedFlag): ProjectRow | undefined {
  const organizationId = input.organization?.toLowerCase();
  for (const [entry, row] of projects) {
    if (entry.name === input.project && (!organizationId || entry.organization.toLowerCase() === organizationId)) return row;
  }
  return undefined;
}

function seedFlag(store: Store, project: ProjectRow, input: SeedFlag): void {
  seededRow(
    store,
    'flag',
    `${project.id}/${input.key}`,
    (id) => getFlag(store, project.id, id),
    () => getFlagByKey(store, project.id, input.key),
    () => insertSeedFlag(store, project, input),
  );
}

function insertSeedFlag(store: Store, project: ProjectRow, input: SeedFlag): FlagRow {
  let filters: Record<string, unknown> = input.filters ?? {};
  // Filters without `groups` (the documented `{}`) are stored as they are and read as one condition for everyone.
  if ('groups' in filters) {
    const flags = allFlags(store, project.id, true);
    const cohorts = projectCohorts(store, project.id);
    const result = validateFilters(input.filters, {
      isCreate: true,
      flagKey: input.key,
      projectFlags: flags,
      cohortIds: cohorts.map((cohort) => cohort.id),
      cohorts,
    });
    if (!result.ok) throw new SeedError(`Seed file: flag "${input.key}": ${result.error.detail}`);
    filters = result.filters;
  }
  const creator = firstMemberId(store, project.organization_id);
  return insertFlag(store, project.id, creator, {
    key: input.key,
    name: input.name ?? '',
    filters,
    deleted: input.deleted ?? false,
    active: input.active ?? true,
    ensure_experience_continuity: input.ensure_experience_continuity ?? false,
    rollback_conditions: null,
    performed_rollback: false,
    tags: input.tags ?? [],
    analytics_dashboards: [],
    has_enriched_analytics: false,
    usage_dashboard: null,
    last_modified_by: creator,
  });
}

function seedPlugin(store: Store, input: SeedPlugin): void {
  const organizationId = input.organization.toLowerCase();
  seededRow(
    store,
    'plugin',
    `${organizationId}/${input.name}`,
    (id) => getPlugin(store, id),
    () => findPluginByName(store, organizationId, input.name),
    () => {
      const plugin = insertPlugin(store, organizationId, {
        plugin_type: input.plugin_type,
        name: input.name,
        description: input.description ?? '',
        url: input.url ?? '',
        icon: input.icon ?? null,
        tag: input.tag ?? null,
        config_schema: input.config_schema ?? {},
        is_global: input.is_global ?? false,
        capabilities: input.capabilities ?? {},
      });
      for (const [filename, source] of Object.entries(input.source ?? {})) writePluginSourceFile(store, plugin.id, filename, source);
      return plugin;
    },
  );
}
