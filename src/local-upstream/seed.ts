import {
  getOrganization, getUserByEmail, seniorMemberId, upsertApiKey, upsertMembership, upsertOrganization, upsertUser,
} from './storage/accounts.ts';
import type { Store } from './storage/db.ts';
import { getFlagByKey, insertFlag, allFlags } from './storage/flags.ts';
import { findCohortByName, insertCohort, insertGroupIfMissing, personExists, projectCohorts, upsertPerson } from './storage/people.ts';
import { findPluginByName, insertPlugin, writePluginSourceFile } from './storage/plugins.ts';
import { findProjectByName, insertProject, setProjectToken, upsertGroupType, type ProjectRow } from './storage/projects.ts';
import { getRole, upsertRole } from './storage/roles.ts';
import { PROJECT_DEFAULTS } from './serializers/projects.ts';
import { validateFilters } from './validation/filters.ts';

/**
 * The seed file of DESIGN.md §6. Every list is optional. Extensions (all optional): `api_token`, `timezone`,
 * `group_types`, `groups` (with properties, for group flags) and `cohorts` on projects; `organization`, `name`, `active`, `deleted`, `tags` and
 * `ensure_experience_continuity` on flags; plugin fields and `source` files on plugins.
 */
export interface SeedFile {
  organizations?: Array<{ id: string; name: string }>;
  users?: Array<{
    email: string; first_name?: string; last_name?: string; api_key?: string; scopes?: string[];
    memberships?: Array<{ organization: string; level?: number }>;
  }>;
  roles?: Array<{ id: string; organization: string; name: string; feature_flags_access_level?: number }>;
  projects?: Array<{
    organization: string; name: string; api_token?: string; timezone?: string;
    persons?: Array<{ distinct_id: string; properties?: Record<string, unknown> }>;
    group_types?: Array<{ index: number; name: string }>;
    groups?: Array<{ group_type_index: number; group_key: string; properties?: Record<string, unknown> }>;
    cohorts?: Array<{ name: string; is_static?: boolean; filters?: Record<string, unknown> | null; members?: string[] }>;
  }>;
  feature_flags?: Array<{
    project: string; organization?: string; key: string; name?: string; filters?: Record<string, unknown>;
    active?: boolean; deleted?: boolean; ensure_experience_continuity?: boolean; tags?: string[];
  }>;
  plugins?: Array<{
    organization: string; plugin_type: string; name: string; description?: string; url?: string; icon?: string | null;
    tag?: string | null; config_schema?: unknown; is_global?: boolean; capabilities?: unknown; source?: Record<string, string>;
  }>;
}

/** What seeding produced, for the CLI to print. */
export interface SeedSummary { keys: Array<{ email: string; api_key: string }>; projects: ProjectRow[] }

/**
 * Applies a seed idempotently: organizations match by id, users by email, roles by id, projects by
 * (organization, name), flags by (project, key), plugins by (organization, name). Existing rows are left as
 * they are (so changes made through the API survive a restart); API keys and memberships are upserted.
 */
export function applySeed(store: Store, seed: SeedFile): SeedSummary {
  return store.transaction(() => {
    const summary: SeedSummary = { keys: [], projects: [] };
    for (const org of seed.organizations ?? []) {
      const id = org.id.toLowerCase();
      if (!getOrganization(store, id)) upsertOrganization(store, id, org.name);
    }
    for (const input of seed.users ?? []) seedUser(store, input, summary);
    for (const role of seed.roles ?? []) {
      if (!getRole(store, role.id.toLowerCase())) {
        upsertRole(store, { id: role.id.toLowerCase(), organization_id: role.organization.toLowerCase(), name: role.name,
          feature_flags_access_level: role.feature_flags_access_level ?? 37, created_by: firstMemberId(store, role.organization) });
      }
    }
    for (const input of seed.projects ?? []) summary.projects.push(seedProject(store, input));
    for (const input of seed.feature_flags ?? []) seedFlag(store, seed, input);
    for (const input of seed.plugins ?? []) seedPlugin(store, input);
    return summary;
  });
}

function seedUser(store: Store, input: NonNullable<SeedFile['users']>[number], summary: SeedSummary): void {
  const existing = getUserByEmail(store, input.email);
  const user = existing ?? upsertUser(store, { email: input.email, first_name: input.first_name ?? '', last_name: input.last_name ?? '' });
  for (const membership of input.memberships ?? []) {
    upsertMembership(store, user.id, membership.organization.toLowerCase(), membership.level ?? 1);
  }
  if (input.api_key) {
    upsertApiKey(store, user.id, input.api_key, input.scopes ?? ['*']);
    summary.keys.push({ email: input.email, api_key: input.api_key });
  }
}

const firstMemberId = (store: Store, organizationId: string): number | null => seniorMemberId(store, organizationId.toLowerCase());

function seedProject(store: Store, input: NonNullable<SeedFile['projects']>[number]): ProjectRow {
  const organizationId = input.organization.toLowerCase();
  let project = findProjectByName(store, organizationId, input.name);
  if (!project) {
    project = insertProject(store, organizationId, input.name, { ...PROJECT_DEFAULTS, timezone: input.timezone ?? 'UTC' });
    if (input.api_token) {
      setProjectToken(store, project.id, input.api_token);
      project = { ...project, api_token: input.api_token };
    }
  }
  for (const person of input.persons ?? []) {
    if (!personExists(store, project.id, person.distinct_id)) upsertPerson(store, project.id, { distinct_id: person.distinct_id, properties: person.properties ?? {} });
  }
  for (const groupType of input.group_types ?? []) upsertGroupType(store, project.id, groupType.index, groupType.name);
  for (const group of input.groups ?? []) insertGroupIfMissing(store, project.id, group.group_type_index, group.group_key, group.properties ?? {});
  for (const cohort of input.cohorts ?? []) {
    if (findCohortByName(store, project.id, cohort.name)) continue;
    insertCohort(store, { project_id: project.id, name: cohort.name, description: '', is_static: cohort.is_static ?? false,
      filters: cohort.filters ?? null, created_by: firstMemberId(store, organizationId), member_distinct_ids: cohort.members ?? [] });
  }
  return project;
}

function flagProject(store: Store, seed: SeedFile, input: NonNullable<SeedFile['feature_flags']>[number]): ProjectRow {
  const organizations = input.organization
    ? [input.organization.toLowerCase()]
    : (seed.projects ?? []).filter((project) => project.name === input.project).map((project) => project.organization.toLowerCase());
  for (const organizationId of organizations) {
    const project = findProjectByName(store, organizationId, input.project);
    if (project) return project;
  }
  throw new Error(`Seed flag "${input.key}": no project named "${input.project}"`);
}

function seedFlag(store: Store, seed: SeedFile, input: NonNullable<SeedFile['feature_flags']>[number]): void {
  const project = flagProject(store, seed, input);
  if (getFlagByKey(store, project.id, input.key)) return;
  let filters: Record<string, unknown> = {};
  if (input.filters !== undefined) {
    const flags = allFlags(store, project.id, true).map((flag) => ({ id: flag.id, key: flag.key, active: flag.active, deleted: flag.deleted, filters: flag.filters }));
    const cohorts = projectCohorts(store, project.id);
    const result = validateFilters(input.filters, { isCreate: true, flagKey: input.key, projectFlags: flags,
      cohortIds: cohorts.map((cohort) => cohort.id), cohorts });
    if (!result.ok) throw new Error(`Seed flag "${input.key}": ${result.error.detail}`);
    filters = result.filters;
  }
  const creator = firstMemberId(store, project.organization_id);
  insertFlag(store, project.id, creator, {
    key: input.key, name: input.name ?? '', filters, deleted: input.deleted ?? false, active: input.active ?? true,
    ensure_experience_continuity: input.ensure_experience_continuity ?? false, rollback_conditions: null, performed_rollback: false,
    tags: input.tags ?? [], analytics_dashboards: [], has_enriched_analytics: false, usage_dashboard: null, last_modified_by: creator,
  });
}

function seedPlugin(store: Store, input: NonNullable<SeedFile['plugins']>[number]): void {
  const organizationId = input.organization.toLowerCase();
  if (findPluginByName(store, organizationId, input.name)) return;
  const plugin = insertPlugin(store, organizationId, {
    plugin_type: input.plugin_type, name: input.name, description: input.description ?? '', url: input.url ?? '',
    icon: input.icon ?? null, tag: input.tag ?? null, config_schema: input.config_schema ?? {}, is_global: input.is_global ?? false,
    capabilities: input.capabilities ?? {},
  });
  for (const [filename, source] of Object.entries(input.source ?? {})) writePluginSourceFile(store, plugin.id, filename, source);
}
