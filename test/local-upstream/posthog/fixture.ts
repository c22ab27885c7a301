import { afterAll, beforeAll, expect } from 'vitest';
import { startLocalUpstream, type LocalUpstream, type SeedFile } from '../../../local-upstream/index.ts';
import { client, type Client } from '../helpers.ts';

/**
 * Fixtures for the suites ported from PostHog's own tests. Each PostHog test runs against a fresh database; here
 * each ported test gets its own project in one upstream (persons, groups and cohorts are seeded, as PostHog's
 * tests create them with the ORM), and flags are created through the REST interface.
 */

export const ORG = '0190c000-0000-7000-8000-0000000000f1';
export const OTHER_ORG = '0190c000-0000-7000-8000-0000000000f2';
export const OWNER_KEY = 'phx_ported_owner_key_aaaaaaaaaaaaaaaaaaaaaaaaaaaa';
export const OTHER_KEY = 'phx_ported_other_key_aaaaaaaaaaaaaaaaaaaaaaaaaaaa';
export const OWNER_EMAIL = 'user1@posthog.com';
/** `User.objects.create_and_join(self.organization, "different_user@posthog.com", None)`. */
export const DIFFERENT_KEY = 'phx_ported_different_key_aaaaaaaaaaaaaaaaaaaaaaaa';
export const DIFFERENT_EMAIL = 'different_user@posthog.com';
/** Members whose `distinct_id` a test fixes (`distinct_id_user.distinct_id = "distinct_id"`), for `my_flags`. */
export const DISTINCT_ID_KEY = 'phx_ported_distinct_id_aaaaaaaaaaaaaaaaaaaaaaaaaa';
export const DISTINCT_ID_0_KEY = 'phx_ported_distinct_id_0_aaaaaaaaaaaaaaaaaaaaaaaa';

export interface PortedCohort {
  name: string;
  /** The legacy `groups` form of `Cohort.objects.create(groups=...)`: an OR of AND-ed property lists. */
  groups?: Array<{ properties: Record<string, unknown>[] }>;
  filters?: Record<string, unknown>;
  is_static?: boolean;
  members?: string[];
}

export interface PortedProject {
  /** The project belongs to the other organization (whose owner is `state.other`). */
  otherOrganization?: boolean;
  persons?: Array<{ distinct_id: string; properties?: Record<string, unknown> }>;
  cohorts?: PortedCohort[];
  /** `create_groups()` of the matcher tests: organization (0) and project (1) groups. */
  withGroups?: boolean;
  group_types?: Array<{ index: number; name: string }>;
  groups?: Array<{ group_type_index: number; group_key: string; properties?: Record<string, unknown> }>;
  /** Flags the API would refuse but the service's ORM tests create: legacy filters without `groups`. */
  flags?: Array<{ key: string; filters: Record<string, unknown> }>;
}

export const MATCHER_GROUPS = {
  group_types: [
    { index: 0, name: 'organization' },
    { index: 1, name: 'project' },
  ],
  groups: [
    { group_type_index: 0, group_key: 'foo', properties: { name: 'foo.inc' } },
    { group_type_index: 0, group_key: 'bar', properties: { name: 'var.inc' } },
    { group_type_index: 0, group_key: 'foo2', properties: { name: 'foo2.inc' } },
    { group_type_index: 1, group_key: 'foo', properties: { name: 'var.inc' } },
    { group_type_index: 1, group_key: 'bar', properties: { name: 'foo.inc' } },
  ],
};

/** A property value naming another cohort of the same project, replaced by that cohort's id when seeding. */
export const cohortRef = (name: string) => `@cohort:${name}`;

function cohortFilters(cohort: PortedCohort, idOf: (name: string) => number): Record<string, unknown> | null {
  const filters =
    cohort.filters ??
    (cohort.groups ? { properties: { type: 'OR', values: cohort.groups.map((group) => ({ type: 'AND', values: group.properties })) } } : null);
  if (!filters) return null;
  return JSON.parse(JSON.stringify(filters), (_key, value: unknown) =>
    typeof value === 'string' && value.startsWith('@cohort:') ? idOf(value.slice('@cohort:'.length)) : value,
  ) as Record<string, unknown>;
}

/** Cohorts of a fresh database are numbered in seed order. */
function cohortNumbers(projects: Record<string, PortedProject>): Map<string, number> {
  const ids = new Map<string, number>();
  let next = 1;
  for (const [name, project] of Object.entries(projects)) for (const cohort of project.cohorts ?? []) ids.set(`${name}/${cohort.name}`, next++);
  return ids;
}

function seedOf(projects: Record<string, PortedProject>, cohortIds: Map<string, number>): SeedFile {
  return {
    organizations: [
      { id: ORG, name: 'PostHog tests' },
      { id: OTHER_ORG, name: 'Someone else' },
    ],
    users: [
      { email: OWNER_EMAIL, first_name: '', last_name: '', api_key: OWNER_KEY, memberships: [{ organization: ORG, level: 8 }] },
      { email: DIFFERENT_EMAIL, first_name: '', api_key: DIFFERENT_KEY, memberships: [{ organization: ORG, level: 1 }] },
      { email: 'distinct_id_user@posthog.com', distinct_id: 'distinct_id', api_key: DISTINCT_ID_KEY, memberships: [{ organization: ORG, level: 1 }] },
      { email: 'distinct_id_0_user@posthog.com', distinct_id: 'distinct_id_0', api_key: DISTINCT_ID_0_KEY, memberships: [{ organization: ORG, level: 1 }] },
      { email: 'other@elsewhere.test', first_name: 'O', api_key: OTHER_KEY, memberships: [{ organization: OTHER_ORG, level: 15 }] },
    ],
    projects: Object.entries(projects).map(([name, project]) => ({
      organization: project.otherOrganization ? OTHER_ORG : ORG,
      name,
      persons: project.persons ?? [],
      ...(project.withGroups ? MATCHER_GROUPS : { group_types: project.group_types ?? [], groups: project.groups ?? [] }),
      cohorts: (project.cohorts ?? []).map((cohort) => ({
        name: cohort.name,
        is_static: cohort.is_static ?? false,
        filters: cohortFilters(cohort, (other) => cohortIds.get(`${name}/${other}`)!),
        members: cohort.members ?? [],
      })),
    })),
    feature_flags: Object.entries(projects).flatMap(([name, project]) => (project.flags ?? []).map((flag) => ({ project: name, organization: ORG, ...flag }))),
  };
}

/** What a ported test uses: its project's id, REST helpers bound to it, and its cohorts' ids. */
export interface PortedContext {
  projectId: number;
  api: Client;
  flags: string;
  cohort: (name: string) => number;
  createFlag: (body: Record<string, unknown>) => Promise<{ id: number; key: string; [field: string]: any }>;
  /** `evaluation_reasons` of one flag for a distinct id (and groups). */
  reason: (key: string, distinctId: string, groups?: Record<string, string>) => Promise<Evaluation>;
}

export interface Evaluation {
  value: boolean | string;
  evaluation: { reason: string; condition_index: number | null };
}

/** `FeatureFlagMatch(match, variant, reason, condition_index)` as `evaluation_reasons` reports it. */
export function match(matched: boolean, variant: string | null, reason: string, conditionIndex: number | null): Evaluation {
  return { value: variant ?? matched, evaluation: { reason, condition_index: conditionIndex } };
}

export const KEY = 'beta-feature';
/** `FeatureFlagMatch(True, variant, CONDITION_MATCH, index)` and the other common outcomes. */
export const yes = (index: number, variant: string | null = null) => match(true, variant, 'condition_match', index);
export const no = (index: number) => match(false, null, 'no_condition_match', index);
export const out = (index: number) => match(false, null, 'out_of_rollout_bound', index);

/** Creates the flag (key `beta-feature` unless given) and checks `evaluation_reasons` for each distinct id (and groups). */
export async function expectMatches(
  ctx: PortedContext,
  flag: Record<string, unknown>,
  cases: Array<[string, Evaluation] | [string, Evaluation, Record<string, string>]>,
): Promise<void> {
  const key = (flag.key as string | undefined) ?? KEY;
  await ctx.createFlag({ key, ...flag });
  for (const [distinctId, expected, groups] of cases) {
    expect({ distinctId, groups, evaluation: await ctx.reason(key, distinctId, groups) }).toEqual({ distinctId, groups, evaluation: expected });
  }
}

/** Starts one upstream for the file, with one project per entry of `projects`. */
export function portedSuite(projects: Record<string, PortedProject>) {
  const state = {} as { upstream: LocalUpstream; owner: Client; other: Client; different: Client };
  const cohortIds = cohortNumbers(projects);
  beforeAll(async () => {
    state.upstream = await startLocalUpstream({ seed: seedOf(projects, cohortIds), quiet: true, rateLimit: 'off' });
    state.owner = client(state.upstream, OWNER_KEY);
    state.other = client(state.upstream, OTHER_KEY);
    state.different = client(state.upstream, DIFFERENT_KEY);
  });
  afterAll(async () => {
    await state.upstream?.stop();
  });
  function project(name: string): PortedContext {
    const row = state.upstream.seeded.projects.find((candidate) => candidate.name === name);
    if (!row) throw new Error(`no fixture project ${name}`);
    const flags = `/api/projects/${row.id}/feature_flags/`;
    return {
      projectId: row.id,
      api: state.owner,
      flags,
      cohort: (cohort) => {
        const id = cohortIds.get(`${name}/${cohort}`);
        if (id === undefined) throw new Error(`no fixture cohort ${cohort}`);
        return id;
      },
      createFlag: async (body) => {
        const response = await state.owner.post(flags, body);
        if (response.status !== 201) throw new Error(`creating ${JSON.stringify(body)}: ${response.status} ${response.text}`);
        return response.body;
      },
      reason: async (key, distinctId, groups = {}) => {
        const query = `distinct_id=${encodeURIComponent(distinctId)}&groups=${encodeURIComponent(JSON.stringify(groups))}`;
        const response = await state.owner.get(`${flags}evaluation_reasons/?${query}`);
        if (response.status !== 200) throw new Error(`evaluation_reasons: ${response.status} ${response.text}`);
        return response.body[key];
      },
    };
  }
  return { state, project };
}
