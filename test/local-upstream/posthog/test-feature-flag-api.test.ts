import { describe, expect, it } from 'vitest';
import { DIFFERENT_EMAIL, OWNER_EMAIL, portedSuite, type PortedProject } from './fixture.ts';

/**
 * Port of PostHog's flag API tests, `posthog/api/test/test_feature_flag.py` (on current main
 * products/feature_flags/backend/api/test/test_feature_flag.py), as black-box HTTP tests with a personal API key.
 * Each test has its own project. `FeatureFlag.objects.create(...)` in a test becomes a POST (so the stored
 * filters are the serializer's: each condition set carries `aggregation_group_type_index`); reading the model
 * back becomes reading the API response. Personal API keys are accepted on every flag action (the interface wins).
 *
 * Inventory of the PostHog file (current main), to hold ours beside theirs. Ported, by our file:
 * - here: key/operator/filter-type validation, legacy holdout and super groups, edit conflicts and versions,
 *   test_updating_feature_flag_key, the group tests of TestBlastRadius;
 * - test-feature-flag-api-validation.test.ts: variants, creation without key, operators and aliases, dates,
 *   semver and multi-contains values, payloads, cohorts (behavioural, static, nested), group properties and
 *   per-condition aggregation, condition sets, regexes, group key names;
 * - test-feature-flag-api-lifecycle.test.ts: created/updated records, the activity log and its paging, hard and
 *   soft delete, replay settings, list filters (excluded tags, creators, type, search, STALE), form bodies,
 *   analytics dashboards, experiment_set, usage dashboard opt-out, evaluation_reasons `flag_keys`;
 * - test-feature-flag-api-blast-radius.test.ts: the rest of TestBlastRadius;
 * - test-feature-flag-api-evaluation.test.ts: the usage dashboard, static cohort and cohort-name tests, plus
 *   tests of an earlier revision of this file that current main moved elsewhere (`my_flags`, `evaluation_reasons`,
 *   `local_evaluation`, the ETag parser).
 * Ported beside the local upstream's own suites: test_get_flags_with_evaluation_runtime_filter,
 * test_list_eligible_for_experiment_filtering, test_list_archived_filtering, the archive rules
 * (test_archive_flag_requires_disabled, test_archive_and_disable_flag_in_one_request, test_cannot_enable_archived_flag),
 * test_validation_device_bucketing_create, test_bulk_keys_* (but the access-control one) in ../flag-records.test.ts and
 * ../flag-lifecycle.test.ts, which also port test_feature_flag_lifecycle_actions.py and cover `status`,
 * `dependent_flags` and `remote_config` (through posthog-node's getRemoteConfigPayload).
 * Ported in part (the rest needs what is skipped below): test_get_flags_with_specified_token (the 401),
 * test_get_flags_with_type_filters and test_get_flags_with_search (not experiments), test_feature_flag_experiment_set
 * (no experiments), test_behavioral_cohort_flag_validation (the non-realtime case), test_patch_flag_regex_validation
 * (valid to invalid), test_non_numeric_group_rollout_percentage_rejected (not float nan/inf: JSON has neither).
 *
 * Skipped, with the reason:
 * - outside the interface (routes or fields docs/rest-interface.md does not have), or remote-configuration details
 *   beyond the record and the route's answers: remote_config (17 tests test_remote_config_*, about caching,
 *   encryption and secret keys), encrypted payloads and remote configuration (test_create_encrypted_payloads_* (2),
 *   test_update_encrypted_flag_* (7), test_create_remote_config_flag_defaults_to_100_percent_rollout,
 *   test_update_remote_config_flag_to_non_remote_*, test_update_non_remote_flag_to_encrypted_payloads_fails,
 *   test_update_flag_to_remote_config_persists), bucketing_identifier on surveys (_blocked_for_surveys_creation_context), the grandfathered device
 *   bucketing update (needs a stored combination the API refuses), bulk_update_tags
 *   (test_bulk_update_tags_works_with_personal_api_key,
 *   test_feature_flag_write_pat_cannot_mutate_insight_tags), per-object access control (test_member_* (4),
 *   test_org_admin_can_* (2), test_creator_still_sees_denied_flag_in_bulk_keys,
 *   test_feature_flag_detail_actions_respect_access_control), folders (test_create_feature_flag_in_specific_folder),
 *   evaluation contexts (TestFeatureFlagEvaluationContexts, 13 tests; test_list_has_evaluation_contexts_filtering),
 *   usage-based staleness (TestFeatureFlagStatus, 8: the local upstream records no flag calls), the `matching_ids`,
 *   `bulk_delete`, `versions` and `test_evaluation` routes (TestFeatureFlagMatchingIds 7, TestFeatureFlagBulkDelete 18, TestFeatureFlagVersions 8,
 *   TestFeatureFlagTestEvaluation 18);
 * - TestFeatureFlagLimits: at the service's default limits in test-feature-flag-limits.test.ts (not per-test settings);
 * - experiments, surveys, early access features, product tours (none exist locally): test_soft_delete_flag_renames_key_and_allows_reuse,
 *   test_soft_delete_undo_restores_renamed_key, test_soft_delete_undo_suffixes_key_when_original_is_taken,
 *   test_soft_delete_undo_suffixes_key_when_original_held_by_soft_deleted_flag,
 *   test_soft_delete_flag_blocked_with_running_experiment, test_soft_delete_flag_allowed_with_non_running_experiment,
 *   test_feature_flag_experiment_set_metadata_includes_running_status,
 *   test_reuses_key_held_by_legacy_soft_deleted_flag_with_soft_deleted_experiment,
 *   test_reuse_key_with_inconsistent_soft_deleted_flag_referenced_by_active_experiment, _by_eaf,
 *   test_cant_update_early_access_flag_with_group, test_getting_flags_with_surveys_is_not_nplus1,
 *   test_getting_flags_with_surveys_and_targeting, test_get_flags_dont_return_survey_targeting_flags,
 *   test_get_flags_dont_return_product_tour_internal_targeting_flags;
 * - the organization gate on early_exit and realtime cohorts (feature flags of PostHog's own):
 *   test_early_exit_rejected_without_feature_flag, the realtime cases of test_behavioral_cohort_flag_validation;
 * - analytics events, insight contents, query counts, caches and metrics (service internals): test_group_type_index_feature_flag,
 *   test_create_group_feature_flag_usage_dashboard, test_update_group_feature_flag_key_updates_usage_dashboard,
 *   test_updating_feature_flag_key_does_not_update_insight_with_changed_description, _changed_filter, _removed_filter,
 *   test_length_of_feature_flag_activity_does_not_change_number_of_db_queries, test_getting_flags_is_not_nplus1,
 *   test_flag_is_cached_on_create_and_update, test_local_evaluation_billing_analytics_for_regular_feature_flag_list
 *   (billing counters), TestCohortGenerationForFeatureFlag (18 orchestration tests around a mocked batch service);
 * - mocked database races and serializer units: test_create_flag_translates_concurrent_duplicate_key_integrity_error,
 *   test_update_flag_translates_concurrent_duplicate_key_integrity_error, test_get_conflicting_changes (3 tests,
 *   covered through PATCH), test_serializer_without_team_context_returns_empty_dashboard_queryset,
 *   test_parse_created_by_ids (covered through the list filter), TestFeatureFlagEvaluationReasons'
 *   runtime and flags-service failure tests (4, they mock the flags service);
 * - states only the ORM can write (the API refuses or never writes them): test_can_update_flag_when_sibling_team_shares_key
 *   (two teams in one project), test_updating_feature_flag_treats_null_version_as_zero, test_getting_flags_with_no_creator,
 *   test_patch_non_filter_field_skips_regex_validation and the stored-invalid-regex cases of test_patch_flag_regex_validation,
 *   test_feature_flag_dashboard (deleting a dashboard: no dashboard route).
 */

const FILE = 'posthog/api/test/test_feature_flag.py';
const t = (name: string) => `${FILE}::${name}`;
const person = (operator: string, value: unknown) => ({ key: 'email', type: 'person', value, operator });
const filtersWith = (...properties: Record<string, unknown>[]) => ({ groups: [{ rollout_percentage: 65, properties }] });
const invalidFilters = (code: string, detail: string) => ({ type: 'validation_error', code, detail, attr: 'filters' });

const industryGroups = (count: number, groupTypeIndex = 0) =>
  Array.from({ length: count }, (_, i) => ({ group_type_index: groupTypeIndex, group_key: `org:${i}`, properties: { industry: `${i}` } }));
const GROUP_TYPES = [
  { index: 0, name: 'organization' },
  { index: 1, name: 'company' },
];

const NAMES = [
  'test_cant_create_flag_with_duplicate_key',
  'test_cant_create_flag_with_key_with_invalid_characters',
  'test_cant_create_flag_with_key_too_long',
  'test_cant_create_flag_with_invalid_filters',
  'test_cant_create_flag_with_in_operator_for_person_properties',
  'test_cant_create_flag_with_unknown_operator',
  'test_can_create_flag_with_valid_operator',
  'test_can_create_flag_with_flag_evaluates_to_operator',
  'test_saving_flag_strips_legacy_holdout_groups',
  'test_saving_flag_strips_legacy_super_groups',
  'test_cant_update_flag_with_duplicate_key',
  'test_non_integer_aggregation_group_type_index_rejected',
  'test_non_string_group_variant_rejected',
  'test_string_group_variant_preserved',
  'test_boolean_early_exit_accepted',
  'test_null_early_exit_accepted',
  'test_non_boolean_early_exit_rejected',
  'test_non_numeric_group_rollout_percentage_rejected',
  'test_out_of_range_group_rollout_percentage_rejected',
  'test_valid_group_rollout_percentage_preserved',
  'test_non_numeric_variant_rollout_percentage_rejected',
  'test_updating_feature_flag_with_different_user',
  'test_updating_feature_flag_fails_concurrency_check_when_version_outdated',
  'test_updating_feature_flag_does_not_fail_concurrency_check_when_changing_different_fields',
  'test_updating_feature_flag_does_not_fail_when_version_not_in_request',
  'test_updating_feature_flag_key',
];
const projects: Record<string, PortedProject> = Object.fromEntries(NAMES.map((name) => [name, {}]));
projects.test_can_create_flag_with_in_operator_for_cohort_properties = { cohorts: [{ name: 'test cohort' }] };
projects.test_user_blast_radius_with_groups = { group_types: GROUP_TYPES.slice(0, 1), groups: industryGroups(10) };
projects.test_user_blast_radius_with_groups_zero_selected = { group_types: GROUP_TYPES.slice(0, 1), groups: industryGroups(5) };
projects.test_user_blast_radius_with_groups_all_selected = { group_types: GROUP_TYPES, groups: industryGroups(5, 1) };
projects.test_user_blast_radius_with_groups_multiple_queries = { group_types: GROUP_TYPES, groups: industryGroups(10) };
projects.test_user_blast_radius_with_groups_incorrect_group_type = { group_types: GROUP_TYPES, groups: industryGroups(10) };

const { state, project } = portedSuite(projects);

describe('TestFeatureFlag: creation and validation', () => {
  it(t('test_cant_create_flag_with_duplicate_key'), async () => {
    const ctx = project('test_cant_create_flag_with_duplicate_key');
    await ctx.createFlag({ key: 'red_button' });
    const response = await ctx.api.post(ctx.flags.replace(/\/$/, ''), { name: 'Beta feature', key: 'red_button' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ type: 'validation_error', code: 'unique', detail: 'There is already a feature flag with this key.', attr: 'key' });
    expect((await ctx.api.get(ctx.flags)).body.count).toBe(1);
  });

  it.each(['foo?bar=baz', 'foo/bar', 'foo\\bar', 'foo.bar', 'foo bar'])(`${t('test_cant_create_flag_with_key_with_invalid_characters')} %s`, async (key) => {
    const ctx = project('test_cant_create_flag_with_key_with_invalid_characters');
    const response = await ctx.api.post(ctx.flags, { name: 'Beta feature', key });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      type: 'validation_error',
      code: 'invalid_key',
      detail: 'Only letters, numbers, hyphens (-) & underscores (_) are allowed.',
      attr: 'key',
    });
  });

  it(t('test_cant_create_flag_with_key_too_long'), async () => {
    const ctx = project('test_cant_create_flag_with_key_too_long');
    const response = await ctx.api.post(ctx.flags, { name: 'Beta feature', key: `${'a'.repeat(400)}b` });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ type: 'validation_error', code: 'max_length', detail: 'Ensure this field has no more than 400 characters.', attr: 'key' });
  });

  it(t('test_cant_create_flag_with_invalid_filters'), async () => {
    const ctx = project('test_cant_create_flag_with_invalid_filters');
    for (const operator of ['icontains', 'regex', 'not_icontains', 'not_regex', 'lt', 'gt', 'lte', 'gte']) {
      const response = await ctx.api.post(ctx.flags, { name: 'Beta feature', key: 'beta-x', filters: filtersWith(person(operator, ['@posthog.com'])) });
      expect({ operator, status: response.status, body: response.body }).toEqual({
        operator,
        status: 400,
        body: invalidFilters('invalid_value', `Invalid value for operator ${operator}: ['@posthog.com']`),
      });
    }
    expect((await ctx.api.get(ctx.flags)).body.count).toBe(0);
    const fine = await ctx.api.post(ctx.flags, { name: 'Beta feature', key: 'beta-x', filters: filtersWith(person('not_regex', '["@posthog.com"]')) });
    expect(fine.status).toBe(201);
  });

  it.each(['in', 'not_in'])(`${t('test_cant_create_flag_with_in_operator_for_person_properties')} %s`, async (operator) => {
    const ctx = project('test_cant_create_flag_with_in_operator_for_person_properties');
    const response = await ctx.api.post(ctx.flags, {
      name: 'Beta feature',
      key: `beta-person-${operator}`,
      filters: filtersWith(person(operator, ['user1@example.com', 'user2@example.com'])),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      invalidFilters('invalid_operator', `The '${operator}' operator is only valid for cohort properties, not 'person' properties.`),
    );
  });

  it.each(['contains', 'not_contains', 'ICONTAINS', 'foo'])(`${t('test_cant_create_flag_with_unknown_operator')} %s`, async (operator) => {
    const ctx = project('test_cant_create_flag_with_unknown_operator');
    const response = await ctx.api.post(ctx.flags, { name: 'Beta feature', key: 'beta-unknown-op', filters: filtersWith(person(operator, '@posthog.com')) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalidFilters('invalid_operator', `Invalid operator: ${operator}`));
  });

  it.each(['exact', 'icontains', 'regex', 'is_set', 'is_date_before', 'is_date_exact', 'semver_gt'])(
    `${t('test_can_create_flag_with_valid_operator')} %s`,
    async (operator) => {
      const ctx = project('test_can_create_flag_with_valid_operator');
      const value = operator === 'is_set' ? '' : operator.includes('date') ? '2025-01-01' : operator.includes('semver') ? '1.2.3' : 'test';
      const response = await ctx.api.post(ctx.flags, {
        name: `Flag with ${operator}`,
        key: `flag-valid-op-${operator}`,
        filters: { groups: [{ rollout_percentage: 100, properties: [person(operator, value)] }] },
      });
      expect(response.status).toBe(201);
    },
  );

  it(t('test_can_create_flag_with_flag_evaluates_to_operator'), async () => {
    const ctx = project('test_can_create_flag_with_flag_evaluates_to_operator');
    const base = await ctx.createFlag({ key: 'base-flag', filters: { groups: [{ rollout_percentage: 100, properties: [] }] } });
    const response = await ctx.api.post(ctx.flags, {
      name: 'Dependent flag',
      key: 'dependent-flag',
      filters: { groups: [{ rollout_percentage: 100, properties: [{ key: String(base.id), type: 'flag', value: 'true', operator: 'flag_evaluates_to' }] }] },
    });
    expect(response.status).toBe(201);
  });

  it.each(['in', 'not_in'])(`${t('test_can_create_flag_with_in_operator_for_cohort_properties')} %s`, async (operator) => {
    const ctx = project('test_can_create_flag_with_in_operator_for_cohort_properties');
    const response = await ctx.api.post(ctx.flags, {
      name: `Cohort feature ${operator}`,
      key: `cohort-feature-${operator}`,
      filters: { groups: [{ rollout_percentage: 100, properties: [{ key: 'id', type: 'cohort', value: ctx.cohort('test cohort'), operator }] }] },
    });
    expect(response.status).toBe(201);
    expect(response.body.key).toBe(`cohort-feature-${operator}`);
  });
});

describe('TestFeatureFlag: legacy holdout and super groups', () => {
  it(t('test_saving_flag_strips_legacy_holdout_groups'), async () => {
    const ctx = project('test_saving_flag_strips_legacy_holdout_groups');
    const flag = await ctx.createFlag({
      key: 'holdout-cleanup-test',
      filters: {
        groups: [{ properties: [], rollout_percentage: 100 }],
        holdout_groups: [{ properties: [], rollout_percentage: 10, variant: 'holdout-1' }],
        holdout: { id: 1, exclusion_percentage: 10 },
      },
    });
    const response = await ctx.api.patch(`${ctx.flags}${flag.id}`, { name: 'Updated' });
    expect(response.status).toBe(200);
    const stored = (await ctx.api.get(`${ctx.flags}${flag.id}/`)).body.filters;
    expect(stored).not.toHaveProperty('holdout_groups');
    expect(stored.holdout).toEqual({ id: 1, exclusion_percentage: 10 });
  });

  it(t('test_saving_flag_strips_legacy_super_groups'), async () => {
    const ctx = project('test_saving_flag_strips_legacy_super_groups');
    const flag = await ctx.createFlag({
      key: 'sg-cleanup',
      filters: { groups: [{ properties: [], rollout_percentage: 100 }], super_groups: [{ properties: [], rollout_percentage: 100 }] },
    });
    expect((await ctx.api.patch(`${ctx.flags}${flag.id}`, { name: 'Updated' })).status).toBe(200);
    expect((await ctx.api.get(`${ctx.flags}${flag.id}/`)).body.filters).not.toHaveProperty('super_groups');
  });
});

describe('TestFeatureFlag: filter types', () => {
  const post = (name: string, key: string, filters: unknown) => project(name).api.post(project(name).flags, { name: key, key, filters });

  it(t('test_cant_update_flag_with_duplicate_key'), async () => {
    const ctx = project('test_cant_update_flag_with_duplicate_key');
    const existing = await ctx.createFlag({ key: 'red_button' });
    const another = await ctx.createFlag({ name: 'some feature', key: 'some-feature' });
    const response = await ctx.api.patch(`${ctx.flags}${another.id}`, { name: 'Beta feature', key: 'red_button' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ type: 'validation_error', code: 'unique', detail: 'There is already a feature flag with this key.', attr: 'key' });
    expect((await ctx.api.get(`${ctx.flags}${another.id}/`)).body.key).toBe('some-feature');
    const same = await ctx.api.patch(`${ctx.flags}${existing.id}/`, { name: 'Beta feature 3', key: 'red_button' });
    expect(same.status).toBe(200);
    expect(same.body.name).toBe('Beta feature 3');
  });

  it.each([
    ['false', false, 'bool'],
    ['true', true, 'bool'],
    ['string', 'not_an_int', 'str'],
    ['float', 1.5, 'float'],
  ])(`${t('test_non_integer_aggregation_group_type_index_rejected')} %s`, async (name, bad, type) => {
    const response = await post('test_non_integer_aggregation_group_type_index_rejected', `bad-index-${name}`, {
      aggregation_group_type_index: bad,
      groups: [{ rollout_percentage: 100 }],
    });
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain(type);
  });

  it.each([
    ['false', false, 'bool'],
    ['true', true, 'bool'],
    ['int', 42, 'int'],
  ])(`${t('test_non_string_group_variant_rejected')} %s`, async (name, bad, type) => {
    const response = await post('test_non_string_group_variant_rejected', `bad-variant-${name}`, { groups: [{ variant: bad, rollout_percentage: 100 }] });
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain(type);
  });

  it(t('test_string_group_variant_preserved'), async () => {
    const response = await post('test_string_group_variant_preserved', 'string-variant-preserved', {
      groups: [{ variant: 'control', rollout_percentage: 100 }],
      multivariate: { variants: [{ key: 'control', rollout_percentage: 100 }] },
    });
    expect(response.status).toBe(201);
    expect(response.body.filters.groups[0].variant).toBe('control');
  });

  it.each([
    ['true', true],
    ['false', false],
  ])(`${t('test_boolean_early_exit_accepted')} %s`, async (name, value) => {
    const response = await post('test_boolean_early_exit_accepted', `early-exit-${name}`, { early_exit: value, groups: [{ rollout_percentage: 100 }] });
    expect(response.status).toBe(201);
    expect(response.body.filters.early_exit).toBe(value);
  });

  it(t('test_null_early_exit_accepted'), async () => {
    const response = await post('test_null_early_exit_accepted', 'early-exit-null', { early_exit: null, groups: [{ rollout_percentage: 100 }] });
    expect(response.status).toBe(201);
  });

  it.each([
    ['int', 1, 'int'],
    ['string_true', 'true', 'str'],
    ['string_false', 'false', 'str'],
    ['float', 1.5, 'float'],
  ])(`${t('test_non_boolean_early_exit_rejected')} %s`, async (name, bad, type) => {
    const response = await post('test_non_boolean_early_exit_rejected', `bad-early-exit-${name}`, { early_exit: bad, groups: [{ rollout_percentage: 100 }] });
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain('early_exit must be a boolean');
    expect(response.body.detail).toContain(type);
  });

  it.each([
    ['string_int', '100'],
    ['bool_false', false],
    ['string_nan', 'NaN'],
    ['string_inf', 'Infinity'],
  ])(`${t('test_non_numeric_group_rollout_percentage_rejected')} %s`, async (name, bad) => {
    const response = await post('test_non_numeric_group_rollout_percentage_rejected', `bad-rollout-${name}`, { groups: [{ rollout_percentage: bad }] });
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain('rollout_percentage');
  });

  it.each([
    ['negative_one', -1],
    ['negative_fraction', -0.1],
    ['over_hundred', 101],
    ['two_hundred', 200],
    ['just_over', 100.1],
  ])(`${t('test_out_of_range_group_rollout_percentage_rejected')} %s`, async (name, bad) => {
    const response = await post('test_out_of_range_group_rollout_percentage_rejected', `oor-rollout-${name}`, { groups: [{ rollout_percentage: bad }] });
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain('between 0 and 100');
  });

  it.each([
    ['zero', 0],
    ['hundred', 100],
    ['seventy_five', 75],
    ['fifty_point_five', 50.5],
  ])(`${t('test_valid_group_rollout_percentage_preserved')} %s`, async (name, value) => {
    const response = await post('test_valid_group_rollout_percentage_preserved', `valid-rollout-${name}`, { groups: [{ rollout_percentage: value }] });
    expect(response.status).toBe(201);
    expect(response.body.filters.groups[0].rollout_percentage).toBe(value);
  });

  it.each([
    ['string_int', '50'],
    ['bool_true', true],
    ['null', null],
  ])(`${t('test_non_numeric_variant_rollout_percentage_rejected')} %s`, async (name, bad) => {
    const response = await post('test_non_numeric_variant_rollout_percentage_rejected', `bad-variant-rollout-${name}`, {
      groups: [{ rollout_percentage: 100 }],
      multivariate: { variants: [{ key: 'a', rollout_percentage: bad }] },
    });
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain('rollout_percentage');
  });
});

describe('TestFeatureFlag: updates, versions and edit conflicts', () => {
  it(t('test_updating_feature_flag_with_different_user'), async () => {
    const ctx = project('test_updating_feature_flag_with_different_user');
    const flag = await ctx.createFlag({ name: 'original name', key: 'a-feature-flag-that-is-updated' });
    const response = await state.different.patch(`${ctx.flags}${flag.id}`, { name: 'Updated name' });
    expect(response.status).toBe(200);
    expect(response.body.created_by.email).toBe(OWNER_EMAIL);
    expect(response.body.last_modified_by.email).toBe(DIFFERENT_EMAIL);
  });

  it(t('test_updating_feature_flag_fails_concurrency_check_when_version_outdated'), async () => {
    const ctx = project('test_updating_feature_flag_fails_concurrency_check_when_version_outdated');
    const flag = await ctx.createFlag({ name: 'original name', key: 'a-feature-flag-that-is-updated' });
    const originalVersion = flag.version;
    expect(originalVersion).toBe(1);
    expect(flag.last_modified_by.email).toBe(OWNER_EMAIL);

    const byOther = await state.different.patch(`${ctx.flags}${flag.id}`, { name: 'Updated name', version: originalVersion });
    expect(byOther.status).toBe(200);
    const updatedVersion = byOther.body.version;
    expect(updatedVersion).toBe(2);
    expect(byOther.body.last_modified_by.email).toBe(DIFFERENT_EMAIL);

    const stale = await ctx.api.patch(`${ctx.flags}${flag.id}`, {
      name: 'Another Updated name',
      version: originalVersion,
      original_flag: { name: 'original name', key: 'a-feature-flag-that-is-updated' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.type).toBe('server_error');
    expect(stale.body.detail).toBe('The feature flag was updated by different_user@posthog.com since you started editing it. Please refresh and try again.');
    const unchanged = (await ctx.api.get(`${ctx.flags}${flag.id}/`)).body;
    expect(unchanged.name).toBe('Updated name');
    expect(unchanged.last_modified_by.email).toBe(DIFFERENT_EMAIL);

    const refreshed = await state.different.patch(`${ctx.flags}${flag.id}`, { name: 'Another Updated name', version: updatedVersion });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.name).toBe('Another Updated name');
    expect(refreshed.body.last_modified_by.email).toBe(DIFFERENT_EMAIL);
  });

  it(t('test_updating_feature_flag_does_not_fail_concurrency_check_when_changing_different_fields'), async () => {
    const ctx = project('test_updating_feature_flag_does_not_fail_concurrency_check_when_changing_different_fields');
    const group = (rollout: number, extra: Record<string, unknown> = {}) => ({
      variant: null,
      properties: [{ key: 'plan', type: 'person', value: ['pro'], operator: 'exact' }],
      rollout_percentage: rollout,
      ...extra,
    });
    const flag = await ctx.createFlag({
      name: 'original name',
      key: 'a-feature-flag-that-is-updated',
      filters: { groups: [group(100)], payloads: {}, multivariate: null },
    });
    // The other user's change includes switching the flag off; the editor's form still says `active: true`, as
    // it did when they started (original_flag), so it is not their edit and must not switch the flag back on.
    const byOther = await state.different.patch(`${ctx.flags}${flag.id}`, { name: 'Updated name', active: false, version: flag.version });
    expect(byOther.status).toBe(200);
    const response = await ctx.api.patch(`${ctx.flags}${flag.id}`, {
      name: 'Updated name',
      active: true,
      filters: { groups: [group(45)], payloads: {}, multivariate: null },
      original_flag: {
        name: 'original name',
        active: true,
        filters: {
          groups: [group(100, { aggregation_group_type_index: null })],
          payloads: {},
          multivariate: null,
          aggregation_group_type_index: null,
        },
      },
      version: flag.version,
    });
    expect(response.status).toBe(200);
    expect(response.body.name).toBe('Updated name');
    expect(response.body.last_modified_by.email).toBe(OWNER_EMAIL);
    expect(response.body.filters.groups[0].rollout_percentage).toBe(45);
    expect(response.body.active).toBe(false);
    expect((await ctx.api.get(`${ctx.flags}${flag.id}/`)).body.active).toBe(false);
  });

  it(t('test_updating_feature_flag_does_not_fail_when_version_not_in_request'), async () => {
    const ctx = project('test_updating_feature_flag_does_not_fail_when_version_not_in_request');
    const flag = await ctx.createFlag({ name: 'original name', key: 'a-feature-flag-that-is-updated' });
    const first = await ctx.api.patch(`${ctx.flags}${flag.id}`, { name: 'Updated name' });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(2);
    const second = await ctx.api.patch(`${ctx.flags}${flag.id}`, { name: 'Yet another updated name' });
    expect(second.status).toBe(200);
    expect(second.body.version).toBe(3);
    expect(second.body.name).toBe('Yet another updated name');
  });

  it(t('test_updating_feature_flag_key'), async () => {
    const ctx = project('test_updating_feature_flag_key');
    const flag = await ctx.createFlag({ name: 'original name', key: 'a-feature-flag-that-is-updated' });
    const filters = {
      groups: [{ rollout_percentage: 65, properties: [{ key: 'email', type: 'person', value: '@posthog.com', operator: 'icontains' }] }],
    };
    const response = await ctx.api.patch(`${ctx.flags}${flag.id}`, { key: 'a-new-feature-flag-key', filters });
    expect(response.status).toBe(200);
    expect(response.body.key).toBe('a-new-feature-flag-key');
    expect(response.body.filters.groups[0].rollout_percentage).toBe(65);

    const activity = (await ctx.api.get(`${ctx.flags}${flag.id}/activity/`)).body.results;
    expect(activity).toHaveLength(2);
    expect(activity[0]).toMatchObject({
      user: { first_name: '', email: OWNER_EMAIL },
      activity: 'updated',
      scope: 'FeatureFlag',
      item_id: String(flag.id),
      detail: { trigger: null, type: null, name: 'a-new-feature-flag-key', short_id: null },
    });
    const changes = activity[0].detail.changes as Array<{ field: string }>;
    expect(changes.map((change) => change.field)).toEqual(['key', 'filters', 'version']);
    expect(changes[0]).toEqual({
      type: 'FeatureFlag',
      action: 'changed',
      field: 'key',
      before: 'a-feature-flag-that-is-updated',
      after: 'a-new-feature-flag-key',
    });
    expect(changes[1]).toEqual({
      type: 'FeatureFlag',
      action: 'changed',
      field: 'filters',
      before: { groups: [] },
      after: { groups: [{ ...filters.groups[0], aggregation_group_type_index: null }], aggregation_group_type_index: null },
    });
    expect(changes[2]).toEqual({ type: 'FeatureFlag', action: 'changed', field: 'version', before: 1, after: 2 });
    expect(activity[1]).toMatchObject({
      user: { first_name: '', email: OWNER_EMAIL },
      activity: 'created',
      scope: 'FeatureFlag',
      item_id: String(flag.id),
      detail: { changes: [], trigger: null, type: null, name: 'a-feature-flag-that-is-updated', short_id: null },
    });
  });
});

describe('TestBlastRadius (groups)', () => {
  const radius = (name: string, condition: unknown, groupTypeIndex: number) =>
    project(name).api.post(`${project(name).flags}user_blast_radius`, { condition, group_type_index: groupTypeIndex });
  const industry = (value: number[]) => ({ key: 'industry', type: 'group', value, operator: 'exact', group_type_index: 0 });

  it(t('test_user_blast_radius_with_groups'), async () => {
    const response = await radius('test_user_blast_radius_with_groups', { properties: [industry([0, 1, 2, 3])], rollout_percentage: 25 }, 0);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ users_affected: 4, total_users: 10 });
  });

  it(t('test_user_blast_radius_with_groups_zero_selected'), async () => {
    const response = await radius('test_user_blast_radius_with_groups_zero_selected', { properties: [industry([8])], rollout_percentage: 25 }, 0);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ users_affected: 0, total_users: 5 });
  });

  it(t('test_user_blast_radius_with_groups_all_selected'), async () => {
    const response = await radius('test_user_blast_radius_with_groups_all_selected', { properties: [], rollout_percentage: 25 }, 1);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ users_affected: 5, total_users: 5 });
  });

  it(t('test_user_blast_radius_with_groups_multiple_queries'), async () => {
    const condition = { properties: [industry([0, 1, 2, 3, 4]), industry([2, 3, 4, 5, 6])], rollout_percentage: 25 };
    const response = await radius('test_user_blast_radius_with_groups_multiple_queries', condition, 0);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ users_affected: 3, total_users: 10 });
  });

  it(t('test_user_blast_radius_with_groups_incorrect_group_type'), async () => {
    const condition = { properties: [industry([0, 1, 2, 3, 4]), industry([2, 3, 4, 5, 6])], rollout_percentage: 25 };
    const response = await radius('test_user_blast_radius_with_groups_incorrect_group_type', condition, 1);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ type: 'validation_error', code: 'invalid_input', detail: 'Invalid group type index for feature flag condition.' });
  });
});
