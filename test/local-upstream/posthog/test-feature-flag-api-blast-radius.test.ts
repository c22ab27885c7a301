import { describe, expect, it } from 'vitest';
import { portedSuite, type PortedProject } from './fixture.ts';

/**
 * Port of `TestBlastRadius` from PostHog's flag API tests, `posthog/api/test/test_feature_flag.py` (now
 * products/feature_flags/backend/api/test/test_feature_flag.py): `POST .../feature_flags/user_blast_radius`.
 * `_create_person` and `create_group` become seeded persons and groups, `Cohort.objects.create` a seeded cohort
 * (a static cohort's `insert_users_by_list` its members). The service counts in ClickHouse; the local upstream counts
 * the seeded persons and groups with the same property semantics (values compared as strings, flag dependencies
 * neutral, semver ranges). The response carries `affected`/`total` as the service names them today, and the
 * `users_affected`/`total_users` names the gateway reads.
 *
 * The group tests of the same class are in test-feature-flag-api.test.ts. Skipped here:
 * test_user_blast_radius_persons_with_groups_and_flag_dependency (calls the persons helper directly, no endpoint);
 * test_user_blast_radius_with_distinct_id_filter_multiple_distinct_ids_per_person (a seeded person has one distinct id).
 * test_user_blast_radius_with_relative_date_filters runs unfrozen: its persons' dates are moved by as much as today
 * is after the frozen 2024-01-11, so "-10m" selects the same three.
 */

const FILE = 'posthog/api/test/test_feature_flag.py';
const t = (name: string) => `${FILE}::${name}`;

const ORGANIZATION = [{ index: 0, name: 'organization' }];
const people = (count: number, properties: (i: number) => Record<string, unknown>, prefix = 'person') =>
  Array.from({ length: count }, (_, i) => ({ distinct_id: `${prefix}${i}`, properties: properties(i) }));
const orgs = (count: number, properties: (i: number) => Record<string, unknown>) =>
  Array.from({ length: count }, (_, i) => ({ group_type_index: 0, group_key: `org:${i}`, properties: properties(i) }));
const keyedGroups = (keys: string[], properties: (key: string) => Record<string, unknown> = () => ({})) =>
  keys.map((key) => ({ group_type_index: 0, group_key: key, properties: properties(key) }));
const groupOf = (i: number) => ({ group: `${i}` });
const orCohort = (values: Record<string, unknown>[]) => ({ properties: { type: 'OR', values: [{ type: 'OR', values }] } });
const VERSIONS = ['0.9.0', '1.0.0', '1.2.0', '1.2.3', '1.2.5', '1.3.0', '2.0.0', '2.1.0'];
const ZERO_VERSIONS = ['0.0.1', '0.0.3', '0.0.5', '0.1.0', '0.2.3', '0.2.5', '0.3.0', '1.0.0'];

const FROZEN_AT = Date.parse('2024-01-11T00:00:00Z');
/** `f"2023-0{i + 1}-04"` seen from today as it was seen from the frozen clock. */
const shiftedDate = (i: number) => new Date(Date.UTC(2023, i, 4) + (Date.now() - FROZEN_AT)).toISOString().slice(0, 10);

const projects: Record<string, PortedProject> = {
  test_user_blast_radius_with_relative_date_filters: { persons: people(8, (i) => ({ group: `${i}`, created_at: shiftedDate(i) })) },
  test_user_blast_radius: { persons: people(10, groupOf) },
  test_user_blast_radius_with_flag_dependency: { persons: people(10, groupOf) },
  test_user_blast_radius_with_flag_dependency_and_person_property: { persons: people(10, groupOf) },
  test_user_blast_radius_with_groups_and_flag_dependency: { group_types: ORGANIZATION, groups: orgs(10, (i) => ({ industry: `${i}` })) },
  test_user_blast_radius_with_zero_users: {},
  test_user_blast_radius_with_zero_selected_users: { persons: people(5, groupOf) },
  test_user_blast_radius_with_all_selected_users: { persons: people(5, groupOf) },
  test_user_blast_radius_with_distinct_id_filter: { persons: people(5, groupOf) },
  test_user_blast_radius_with_single_cohort: {
    persons: people(10, (i) => ({ group: i })),
    cohorts: [
      {
        name: 'cohort1',
        filters: orCohort([
          { key: 'group', value: 'none', type: 'person' },
          { key: 'group', value: ['1', '2', '3'], type: 'person' },
        ]),
      },
    ],
  },
  test_user_blast_radius_with_multiple_precalculated_cohorts: {
    persons: people(10, groupOf),
    cohorts: [
      {
        name: 'cohort1',
        filters: orCohort([
          { key: 'group', value: 'none', type: 'person' },
          { key: 'group', value: ['1', '2', '3'], type: 'person' },
        ]),
      },
      { name: 'cohort2', filters: orCohort([{ key: 'group', value: ['1', '2', '4', '5', '6'], type: 'person' }]) },
    ],
  },
  test_user_blast_radius_with_multiple_static_cohorts: {
    persons: people(10, groupOf),
    cohorts: [
      { name: 'cohort1', is_static: true, members: ['person0', 'person1', 'person2'] },
      { name: 'cohort2', filters: orCohort([{ key: 'group', value: ['1', '2', '4', '5', '6'], type: 'person' }]) },
    ],
  },
  test_user_blast_radius_with_group_key_property: {
    group_types: ORGANIZATION,
    groups: [...orgs(10, (i) => ({ industry: `tech-${i}` })), ...keyedGroups(['special-workspace'], () => ({ industry: 'special' }))],
  },
  test_user_blast_radius_with_integer_property_values: {
    persons: [
      { distinct_id: 'p1', properties: { age: 25, score: 100 } },
      { distinct_id: 'p2', properties: { age: '25', score: '100' } },
      { distinct_id: 'p3', properties: { age: 30, score: 200 } },
    ],
  },
  test_user_blast_radius_with_group_key_operators: {
    group_types: ORGANIZATION,
    groups: keyedGroups(['org-prod-001', 'org-staging-002', 'workspace-test-003']),
  },
  test_user_blast_radius_with_group_key_and_regular_properties: {
    group_types: ORGANIZATION,
    groups: keyedGroups(['org:premium', 'org:free', 'workspace:premium'], (key) => ({ plan: key.endsWith('premium') ? 'enterprise' : 'free' })),
  },
  test_user_blast_radius_with_dynamic_cohort: {
    persons: [
      { distinct_id: 'p1', properties: { email: 'user@posthog.com' } },
      { distinct_id: 'p2', properties: { email: 'user@example.com' } },
    ],
    cohorts: [
      {
        name: 'Dynamic cohort',
        filters: { properties: { type: 'OR', values: [{ key: 'email', type: 'person', value: '@posthog.com', operator: 'icontains' }] } },
      },
    ],
  },
  test_user_blast_radius_with_group_key_unsupported_operator: { group_types: ORGANIZATION, groups: keyedGroups(['test-org']) },
  test_user_blast_radius_with_group_key_exact_list_values: { group_types: ORGANIZATION, groups: keyedGroups(['org-alpha', 'org-beta', 'org-gamma']) },
  test_user_blast_radius_with_group_key_is_not_list_values: { group_types: ORGANIZATION, groups: keyedGroups(['org-alpha', 'org-beta', 'org-gamma']) },
  test_user_blast_radius_with_group_key_icontains_list_values_raises_error: { group_types: ORGANIZATION, groups: keyedGroups(['org-alpha']) },
  test_user_blast_radius_with_semver_operators: {
    persons: VERSIONS.map((version) => ({ distinct_id: `person_${version}`, properties: { app_version: version } })),
  },
  test_user_blast_radius_with_semver_caret_0x_versions: {
    persons: ZERO_VERSIONS.map((version) => ({ distinct_id: `person_${version}`, properties: { app_version: version } })),
  },
  test_user_blast_radius_with_semver_operators_on_groups: {
    group_types: ORGANIZATION,
    groups: ['1.0.0', '1.5.0', '2.0.0', '2.5.0', '3.0.0'].map((version) => ({
      group_type_index: 0,
      group_key: `org-${version}`,
      properties: { min_version: version },
    })),
  },
  test_user_blast_radius_person_condition_separate_from_group_condition: {
    group_types: ORGANIZATION,
    persons: people(10, (i) => ({ plan: i < 6 ? 'pro' : 'free' })),
    groups: orgs(8, (i) => ({ size: i < 3 ? 'enterprise' : 'startup' })),
  },
  test_user_blast_radius_pure_person_condition_has_no_group_counts: { persons: people(5, (i) => ({ plan: i < 3 ? 'pro' : 'free' })) },
  test_user_blast_radius_with_group_key_filter: { group_types: ORGANIZATION, groups: orgs(6, () => ({ size: 'large' })) },
  test_user_blast_radius_cohort_condition_and_group_condition_separate: {
    group_types: ORGANIZATION,
    persons: people(8, (i) => ({ plan: i < 5 ? 'pro' : 'free' })),
    groups: orgs(4, (i) => ({ tier: i < 2 ? 'enterprise' : 'startup' })),
    cohorts: [
      {
        name: 'Pro users',
        filters: { properties: { type: 'AND', values: [{ type: 'AND', values: [{ key: 'plan', value: ['pro'], type: 'person', operator: 'exact' }] }] } },
      },
    ],
  },
  test_user_blast_radius_no_error_fields_for_successful_queries: { persons: people(3, () => ({ plan: 'pro' })) },
};

const { project } = portedSuite(projects);

async function radius(name: string, condition: Record<string, unknown>, groupTypeIndex?: number | null) {
  const ctx = project(name);
  const body = groupTypeIndex === undefined ? { condition } : { condition, group_type_index: groupTypeIndex };
  return ctx.api.post(`${ctx.flags}user_blast_radius`, body);
}

/** `assertLessEqual({"affected": a, "total": t}.items(), response.json().items())` after a 200. */
async function expectRadius(name: string, condition: Record<string, unknown>, affected: number, total: number, groupTypeIndex?: number | null) {
  const response = await radius(name, condition, groupTypeIndex);
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ affected, total, users_affected: affected, total_users: total });
}

const person = (key: string, value: unknown, operator = 'exact') => ({ key, type: 'person', value, operator });
const group = (key: string, value: unknown, operator = 'exact') => ({ key, type: 'group', value, operator, group_type_index: 0 });
const flagDependency = (id: string, value: unknown) => ({ key: id, type: 'flag', value, operator: 'flag_evaluates_to' });
const cohortProperty = (id: number) => ({ key: 'id', type: 'cohort', value: id });

describe('TestBlastRadius (persons)', () => {
  it(t('test_user_blast_radius'), async () => {
    await expectRadius('test_user_blast_radius', { properties: [person('group', [0, 1, 2, 3])], rollout_percentage: 25 }, 4, 10);
  });

  it(t('test_user_blast_radius_with_flag_dependency'), async () => {
    const name = 'test_user_blast_radius_with_flag_dependency';
    const dependency = await project(name).createFlag({ key: 'dependency-flag', filters: { groups: [{ properties: [], rollout_percentage: 100 }] } });
    // Flag dependencies cannot be sized, so they are neutral for the estimate.
    await expectRadius(name, { properties: [flagDependency(String(dependency.id), false)], rollout_percentage: 100 }, 10, 10);
  });

  it(t('test_user_blast_radius_with_flag_dependency_and_person_property'), async () => {
    const name = 'test_user_blast_radius_with_flag_dependency_and_person_property';
    const dependency = await project(name).createFlag({ key: 'dependency-flag', filters: { groups: [{ properties: [], rollout_percentage: 100 }] } });
    await expectRadius(name, { properties: [flagDependency(String(dependency.id), true), person('group', [0, 1, 2, 3])], rollout_percentage: 100 }, 4, 10);
  });

  it(t('test_user_blast_radius_with_groups_and_flag_dependency'), async () => {
    const name = 'test_user_blast_radius_with_groups_and_flag_dependency';
    const dependency = await project(name).createFlag({ key: 'dependency-flag', filters: { groups: [{ properties: [], rollout_percentage: 100 }] } });
    await expectRadius(name, { properties: [flagDependency(String(dependency.id), true), group('industry', [0, 1, 2, 3])], rollout_percentage: 25 }, 4, 10, 0);
  });

  it(t('test_user_blast_radius_with_relative_date_filters'), async () => {
    const condition = { properties: [person('created_at', '-10m', 'is_date_before')], rollout_percentage: 100 };
    await expectRadius('test_user_blast_radius_with_relative_date_filters', condition, 3, 8);
  });

  it(t('test_user_blast_radius_with_zero_users'), async () => {
    await expectRadius('test_user_blast_radius_with_zero_users', { properties: [person('group', [0, 1, 2, 3])], rollout_percentage: 25 }, 0, 0);
  });

  it(t('test_user_blast_radius_with_zero_selected_users'), async () => {
    await expectRadius('test_user_blast_radius_with_zero_selected_users', { properties: [person('group', [8])], rollout_percentage: 25 }, 0, 5);
  });

  it(t('test_user_blast_radius_with_all_selected_users'), async () => {
    await expectRadius('test_user_blast_radius_with_all_selected_users', { properties: [], rollout_percentage: 100 }, 5, 5);
  });

  it(t('test_user_blast_radius_with_distinct_id_filter'), async () => {
    await expectRadius(
      'test_user_blast_radius_with_distinct_id_filter',
      { properties: [person('distinct_id', ['person1', 'person3'])], rollout_percentage: 100 },
      2,
      5,
    );
  });

  it(t('test_user_blast_radius_with_single_cohort'), async () => {
    const name = 'test_user_blast_radius_with_single_cohort';
    await expectRadius(name, { properties: [cohortProperty(project(name).cohort('cohort1'))], rollout_percentage: 50 }, 3, 10);
  });

  it(t('test_user_blast_radius_with_multiple_precalculated_cohorts'), async () => {
    const name = 'test_user_blast_radius_with_multiple_precalculated_cohorts';
    const { cohort } = project(name);
    await expectRadius(name, { properties: [cohortProperty(cohort('cohort1')), cohortProperty(cohort('cohort2'))], rollout_percentage: 50 }, 2, 10);
  });

  it(t('test_user_blast_radius_with_multiple_static_cohorts'), async () => {
    const name = 'test_user_blast_radius_with_multiple_static_cohorts';
    const { cohort } = project(name);
    await expectRadius(name, { properties: [cohortProperty(cohort('cohort1')), cohortProperty(cohort('cohort2'))], rollout_percentage: 50 }, 2, 10);
  });

  it(t('test_user_blast_radius_with_integer_property_values'), async () => {
    // int 25 and string "25" both match.
    await expectRadius('test_user_blast_radius_with_integer_property_values', { properties: [person('age', [25])], rollout_percentage: 100 }, 2, 3);
  });

  it(t('test_user_blast_radius_with_dynamic_cohort'), async () => {
    const name = 'test_user_blast_radius_with_dynamic_cohort';
    await expectRadius(name, { properties: [cohortProperty(project(name).cohort('Dynamic cohort'))], rollout_percentage: 100 }, 1, 2);
  });

  it(t('test_user_blast_radius_pure_person_condition_has_no_group_counts'), async () => {
    await expectRadius(
      'test_user_blast_radius_pure_person_condition_has_no_group_counts',
      { properties: [person('plan', ['pro'])], rollout_percentage: 100 },
      3,
      5,
    );
  });

  it(t('test_user_blast_radius_no_error_fields_for_successful_queries'), async () => {
    const response = await radius('test_user_blast_radius_no_error_fields_for_successful_queries', {
      properties: [person('plan', ['pro'])],
      rollout_percentage: 100,
    });
    expect(response.status).toBe(200);
  });
});

describe('TestBlastRadius (semver)', () => {
  const semver = (name: string, operator: string, value: string, affected: number, total = 8) =>
    expectRadius(name, { properties: [person('app_version', value, operator)], rollout_percentage: 100 }, affected, total);

  it(t('test_user_blast_radius_with_semver_operators'), async () => {
    const name = 'test_user_blast_radius_with_semver_operators';
    await semver(name, 'semver_eq', '1.2.3', 1);
    await semver(name, 'semver_gt', '1.2.3', 4);
    await semver(name, 'semver_gte', '1.2.3', 5);
    await semver(name, 'semver_lt', '1.2.3', 3);
    await semver(name, 'semver_lte', '1.2.3', 4);
    await semver(name, 'semver_tilde', '1.2.3', 2);
    await semver(name, 'semver_caret', '1.2.3', 3);
    await semver(name, 'semver_wildcard', '1.2.*', 3);
    await semver(name, 'semver_wildcard', '1.*', 5);
  });

  it(t('test_user_blast_radius_with_semver_caret_0x_versions'), async () => {
    const name = 'test_user_blast_radius_with_semver_caret_0x_versions';
    await semver(name, 'semver_caret', '0.2.3', 2);
    await semver(name, 'semver_caret', '0.0.3', 1);
  });

  it(t('test_user_blast_radius_with_semver_operators_on_groups'), async () => {
    const name = 'test_user_blast_radius_with_semver_operators_on_groups';
    await expectRadius(name, { properties: [group('min_version', '2.0.0', 'semver_gte')], rollout_percentage: 100 }, 3, 5, 0);
  });
});

describe('TestBlastRadius (group keys and aggregation)', () => {
  it(t('test_user_blast_radius_with_group_key_property'), async () => {
    const name = 'test_user_blast_radius_with_group_key_property';
    await expectRadius(name, { properties: [group('$group_key', 'special-workspace')], rollout_percentage: 100 }, 1, 11, 0);
    await expectRadius(name, { properties: [group('$group_key', 'org:', 'icontains')], rollout_percentage: 100 }, 10, 11, 0);
  });

  it.each([
    ['regex', '^org-(prod|staging)-\\d+$', 'regex', 2],
    ['not_regex', '^org-(prod|staging)-\\d+$', 'not_regex', 1],
    ['not_icontains', 'ORG', 'not_icontains', 1],
  ])(`${t('test_user_blast_radius_with_group_key_operators')} %s`, async (_name, value, operator, affected) => {
    await expectRadius(
      'test_user_blast_radius_with_group_key_operators',
      { properties: [group('$group_key', value, operator)], rollout_percentage: 100 },
      affected,
      3,
      0,
    );
  });

  it(t('test_user_blast_radius_with_group_key_and_regular_properties'), async () => {
    const condition = { properties: [group('$group_key', 'org:', 'icontains'), group('plan', 'enterprise')], rollout_percentage: 100 };
    await expectRadius('test_user_blast_radius_with_group_key_and_regular_properties', condition, 1, 3, 0);
  });

  it(t('test_user_blast_radius_with_group_key_unsupported_operator'), async () => {
    const response = await radius(
      'test_user_blast_radius_with_group_key_unsupported_operator',
      { properties: [group('$group_key', '5', 'gt')], rollout_percentage: 100 },
      0,
    );
    expect(response.status).toBe(400);
    expect(response.body.detail.toLowerCase()).toContain('not supported');
  });

  it(t('test_user_blast_radius_with_group_key_exact_list_values'), async () => {
    const condition = { properties: [group('$group_key', ['org-alpha', 'org-beta'])], rollout_percentage: 100 };
    await expectRadius('test_user_blast_radius_with_group_key_exact_list_values', condition, 2, 3, 0);
  });

  it(t('test_user_blast_radius_with_group_key_is_not_list_values'), async () => {
    const condition = { properties: [group('$group_key', ['org-alpha', 'org-beta'], 'is_not')], rollout_percentage: 100 };
    await expectRadius('test_user_blast_radius_with_group_key_is_not_list_values', condition, 1, 3, 0);
  });

  it(t('test_user_blast_radius_with_group_key_icontains_list_values_raises_error'), async () => {
    const condition = { properties: [group('$group_key', ['alpha', 'beta'], 'icontains')], rollout_percentage: 100 };
    const response = await radius('test_user_blast_radius_with_group_key_icontains_list_values_raises_error', condition, 0);
    expect(response.status).toBe(400);
    expect(response.body.detail.toLowerCase()).toContain('does not support list values');
  });

  it(t('test_user_blast_radius_with_group_key_filter'), async () => {
    await expectRadius(
      'test_user_blast_radius_with_group_key_filter',
      { properties: [group('$group_key', ['org:0', 'org:1'])], rollout_percentage: 100 },
      2,
      6,
      0,
    );
  });

  it(t('test_user_blast_radius_person_condition_separate_from_group_condition'), async () => {
    const name = 'test_user_blast_radius_person_condition_separate_from_group_condition';
    await expectRadius(name, { properties: [person('plan', ['pro'])], rollout_percentage: 100 }, 6, 10, null);
    await expectRadius(name, { properties: [group('size', ['enterprise'])], rollout_percentage: 100 }, 3, 8, 0);
  });

  it(t('test_user_blast_radius_cohort_condition_and_group_condition_separate'), async () => {
    const name = 'test_user_blast_radius_cohort_condition_and_group_condition_separate';
    await expectRadius(name, { properties: [cohortProperty(project(name).cohort('Pro users'))], rollout_percentage: 100 }, 5, 8, null);
    await expectRadius(name, { properties: [group('tier', ['enterprise'])], rollout_percentage: 100 }, 2, 4, 0);
  });
});
