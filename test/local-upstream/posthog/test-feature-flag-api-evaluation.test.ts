import { describe, expect, it } from 'vitest';
import { client } from '../helpers.ts';
import { DISTINCT_ID_0_KEY, DISTINCT_ID_KEY, portedSuite, type PortedProject } from './fixture.ts';

/**
 * Port of PostHog's flag API tests, `posthog/api/test/test_feature_flag.py`: the evaluation actions (`my_flags`,
 * `evaluation_reasons`, `local_evaluation` and its ETag), the usage dashboard actions and the static cohort. As in
 * test-feature-flag-api.test.ts, each test has its own project and `FeatureFlag.objects.create(...)` becomes a POST.
 *
 * Kept as the interface says, where the service differs: `create_static_cohort_for_flag` answers 200 (the
 * service answers 201); `my_flags` items are `{feature_flag, value}` (the service dropped per-user overrides).
 *
 * Skipped:
 * - the usage dashboard's insight queries and tiles (the local upstream keeps dashboards as names only);
 * - `local_evaluation` query counts, encrypted payloads, evaluation tags and `?token=` with a project API token of
 *   another team (the local route is per project);
 * - in test_local_evaluation_for_invalid_cohorts, flags whose conditions name a missing, deleted or foreign cohort
 *   (the test writes them with the ORM; the API refuses them with `cohort_does_not_exist`) and the deleted and
 *   foreign cohorts themselves (the fixture seeds live cohorts of one project); the nested invalid reference is kept;
 * - feature_flag_overrides (`my_overrides`): outside the interface.
 */

const FILE = 'posthog/api/test/test_feature_flag.py';
const t = (name: string) => `${FILE}::${name}`;

const THREE_VARIANTS = {
  variants: [
    { key: 'first-variant', name: 'First Variant', rollout_percentage: 50 },
    { key: 'second-variant', name: 'Second Variant', rollout_percentage: 25 },
    { key: 'third-variant', name: 'Third Variant', rollout_percentage: 25 },
  ],
};

/**
 * Condition sets as the serializer stores them: each carries its `aggregation_group_type_index` (the PostHog test
 * compares them without it, as its flags come from the ORM, which writes filters unchanged).
 */
const asStored = (groups: Array<Record<string, unknown>>) => groups.map((group) => ({ ...group, aggregation_group_type_index: null }));

const NAMES = [
  'test_my_flags',
  'test_my_flags_groups',
  'test_evaluation_reasons',
  'test_create_feature_flag_usage_dashboard',
  'test_dashboard_enrichment_fails_if_already_enriched',
  'test_dashboard_enrichment_fails_if_no_enriched_data',
  'test_extract_etag_from_header',
];
const projects: Record<string, PortedProject> = Object.fromEntries(NAMES.map((name) => [name, {}]));
projects.test_my_flags_groups = { group_types: [{ index: 0, name: 'organization' }] };
projects.test_local_evaluation_for_static_cohorts = { cohorts: [{ name: 'cohort1', is_static: true }] };
projects.test_local_evaluation_for_cohorts_with_variant_overrides = {
  cohorts: [{ name: 'cohort1', groups: [{ properties: [{ key: '$some_prop', value: 'nomatchihope', type: 'person' }] }] }],
};
projects.test_local_evaluation_for_invalid_cohorts = {
  cohorts: [
    { name: 'valid', groups: [{ properties: [{ key: '$some_prop_1', value: 'something_1', type: 'person' }] }] },
    {
      name: 'nested_invalid',
      groups: [
        {
          properties: [
            { key: '$some_prop_1', value: 'something_1', type: 'person' },
            { key: 'id', value: 99999, type: 'cohort' },
          ],
        },
      ],
    },
  ],
};
projects.test_feature_flag_includes_cohort_names = {
  cohorts: [{ name: 'test_cohort', groups: [{ properties: [{ key: 'email', value: '@posthog.com', type: 'person' }] }] }],
};
projects.test_cant_create_flag_with_data_that_fails_to_query = {
  persons: [
    { distinct_id: '123', properties: { email: 'x y z' } },
    { distinct_id: '456', properties: { email: '2.3.999' } },
  ],
};
projects.test_cant_create_flag_with_group_data_that_fails_to_query = {
  group_types: [
    { index: 0, name: 'organization' },
    { index: 1, name: 'xyz' },
  ],
  groups: Array.from({ length: 5 }, (_, i) => ({ group_type_index: 1, group_key: `xyz:${i}`, properties: { industry: `${i}`, email: '2.3.4445' } })),
};
projects.test_creating_static_cohort = {
  persons: [{ distinct_id: 'person1', properties: { key: 'value' } }, { distinct_id: 'person2', properties: { key: 'value2' } }, { distinct_id: 'person3' }],
};

const { state, project } = portedSuite(projects);

describe(FILE, () => {
  it(t('test_my_flags'), async () => {
    const { api, flags, createFlag } = project('test_my_flags');
    await createFlag({ key: 'red_button', filters: { groups: [{ properties: [], rollout_percentage: null }] } });
    await createFlag({ name: 'Alpha feature', key: 'alpha-feature', filters: { groups: [{ rollout_percentage: 20 }], multivariate: THREE_VARIANTS } });
    const my = (key: string) => client(state.upstream, key).get(`${flags}my_flags`);

    const forDistinctId = await my(DISTINCT_ID_KEY);
    expect(forDistinctId.status).toBe(200);
    expect(forDistinctId.body).toHaveLength(2);
    const valueOf = (body: Array<{ feature_flag: { key: string }; value: unknown }>, key: string) => body.find((item) => item.feature_flag.key === key)?.value;
    expect(valueOf(forDistinctId.body, 'alpha-feature')).toBe('third-variant');
    expect(valueOf(forDistinctId.body, 'red_button')).toBe(true);

    const forDistinctId0 = await my(DISTINCT_ID_0_KEY);
    expect(forDistinctId0.status).toBe(200);
    expect(forDistinctId0.body).toHaveLength(2);
    expect(valueOf(forDistinctId0.body, 'alpha-feature')).toBe(false);
    // The caller's own flags are read with the caller's own key, whatever the project's owner sees.
    expect((await api.get(`${flags}my_flags`)).status).toBe(200);
  });

  it(t('test_my_flags_groups'), async () => {
    const { api, flags, createFlag } = project('test_my_flags_groups');
    await createFlag({ name: 'groups flag', key: 'groups-flag', filters: { aggregation_group_type_index: 0, groups: [{ rollout_percentage: 100 }] } });
    const without = await api.get(`${flags}my_flags`);
    expect(without.status).toBe(200);
    expect(without.body[0].feature_flag.key).toBe('groups-flag');
    expect(without.body[0].value).toBe(false);
    const withGroup = await api.get(`${flags}my_flags?groups=${encodeURIComponent(JSON.stringify({ organization: '7' }))}`);
    expect(withGroup.body[0].feature_flag.key).toBe('groups-flag');
    expect(withGroup.body[0].value).toBe(true);
  });

  it(t('test_evaluation_reasons'), async () => {
    const { api, flags, createFlag } = project('test_evaluation_reasons');
    await createFlag({ key: 'red_button', filters: { groups: [{ properties: [], rollout_percentage: null }] } });
    await createFlag({ name: 'Alpha feature', key: 'alpha-feature', filters: { groups: [{ rollout_percentage: 20 }], multivariate: THREE_VARIANTS } });
    await createFlag({
      key: 'email-flag',
      filters: { groups: [{ properties: [{ key: 'email', type: 'person', value: 'tim@posthog.com', operator: 'exact' }], rollout_percentage: 100 }] },
    });

    const missing = await api.get(`${flags}evaluation_reasons`);
    expect(missing.status).toBe(400);

    const reasons = await api.get(`${flags}evaluation_reasons?distinct_id=distinct_id`);
    expect(reasons.status).toBe(200);
    expect(reasons.body).toEqual({
      red_button: { value: true, evaluation: { reason: 'condition_match', condition_index: 0 } },
      'alpha-feature': { value: 'third-variant', evaluation: { reason: 'condition_match', condition_index: 0 } },
      'email-flag': { value: false, evaluation: { reason: 'no_condition_match', condition_index: 0 } },
    });
    const outOfRollout = await api.get(`${flags}evaluation_reasons?distinct_id=distinct_id_0`);
    expect(outOfRollout.body['alpha-feature']).toEqual({ value: false, evaluation: { reason: 'out_of_rollout_bound', condition_index: 0 } });
  });

  it(t('test_create_feature_flag_usage_dashboard'), async () => {
    const { api, flags, createFlag } = project('test_create_feature_flag_usage_dashboard');
    const flag = await createFlag({ name: 'Alpha feature', key: 'alpha-feature', filters: { groups: [{ rollout_percentage: 50 }] } });
    expect(flag.key).toBe('alpha-feature');
    expect(typeof flag.usage_dashboard).toBe('number');

    expect((await api.patch(`${flags}${flag.id}/`, { has_enriched_analytics: true })).status).toBe(200);
    const enriched = await api.post(`${flags}${flag.id}/enrich_usage_dashboard`);
    expect(enriched.status).toBe(200);
    const after = await api.get(`${flags}${flag.id}/`);
    expect(after.body.usage_dashboard).toBe(flag.usage_dashboard);
  });

  it(t('test_dashboard_enrichment_fails_if_already_enriched'), async () => {
    const { api, flags, createFlag } = project('test_dashboard_enrichment_fails_if_already_enriched');
    const flag = await createFlag({ name: 'Alpha feature', key: 'alpha-feature', filters: { groups: [{ rollout_percentage: 50 }] } });
    await api.patch(`${flags}${flag.id}/`, { has_enriched_analytics: true });
    expect((await api.post(`${flags}${flag.id}/enrich_usage_dashboard`)).status).toBe(200);
    const again = await api.post(`${flags}${flag.id}/enrich_usage_dashboard`);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'Usage dashboard already has enriched data', success: false });
  });

  it(t('test_dashboard_enrichment_fails_if_no_enriched_data'), async () => {
    const { api, flags, createFlag } = project('test_dashboard_enrichment_fails_if_no_enriched_data');
    const flag = await createFlag({ name: 'Alpha feature', key: 'alpha-feature', filters: { groups: [{ rollout_percentage: 50 }] } });
    const response = await api.post(`${flags}${flag.id}/enrich_usage_dashboard`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'No enriched analytics available for this feature flag', success: false });
  });

  it(t('test_local_evaluation_for_invalid_cohorts'), async () => {
    const { api, flags, createFlag, cohort } = project('test_local_evaluation_for_invalid_cohorts');
    const byCohort = (id: number) => ({ properties: [{ key: 'id', value: id, type: 'cohort' }] });
    await createFlag({ key: 'cohort-flag-2', filters: { groups: [byCohort(cohort('nested_invalid'))] } });
    await createFlag({ key: 'cohort-flag-4', filters: { groups: [byCohort(cohort('valid')), byCohort(cohort('nested_invalid'))] } });
    await createFlag({ key: 'alpha-feature', filters: { groups: [{ rollout_percentage: 100, properties: [] }] } });

    const response = await api.get(`${flags}local_evaluation?send_cohorts`);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(expect.arrayContaining(['flags', 'group_type_mapping', 'cohorts']));
    expect(response.body.flags).toHaveLength(3);
    expect(Object.keys(response.body.cohorts).sort()).toEqual([String(cohort('valid')), String(cohort('nested_invalid'))].sort());
  });

  it(t('test_local_evaluation_for_cohorts_with_variant_overrides'), async () => {
    const { api, flags, createFlag, cohort } = project('test_local_evaluation_for_cohorts_with_variant_overrides');
    const filters = {
      groups: [
        { variant: 'test', properties: [{ key: 'id', type: 'cohort', value: cohort('cohort1') }], rollout_percentage: 100 },
        { variant: 'test', properties: [{ key: 'email', type: 'person', value: '@posthog.com', operator: 'icontains' }], rollout_percentage: 100 },
      ],
      multivariate: {
        variants: [
          { key: 'control', name: '', rollout_percentage: 100 },
          { key: 'test', name: '', rollout_percentage: 0 },
        ],
      },
    };
    await createFlag({ name: 'Alpha feature', key: 'alpha-feature', filters });

    const response = await api.get(`${flags}local_evaluation`);
    expect(response.status).toBe(200);
    expect(response.body.flags).toHaveLength(1);
    // A condition with a variant override is not expanded into its cohort's properties.
    expect(response.body.flags[0]).toMatchObject({
      name: 'Alpha feature',
      key: 'alpha-feature',
      deleted: false,
      active: true,
      ensure_experience_continuity: false,
    });
    expect(response.body.flags[0].filters.groups).toEqual(asStored(filters.groups));
    expect(response.body.flags[0].filters.multivariate).toEqual(filters.multivariate);
  });

  it(t('test_local_evaluation_for_static_cohorts'), async () => {
    const { api, flags, createFlag, cohort } = project('test_local_evaluation_for_static_cohorts');
    const groups = [{ rollout_percentage: 20, properties: [{ key: 'id', type: 'cohort', value: cohort('cohort1') }] }];
    await createFlag({ name: 'Alpha feature', key: 'alpha-feature', filters: { groups, multivariate: THREE_VARIANTS } });

    const response = await api.get(`${flags}local_evaluation?send_cohorts`);
    expect(response.status).toBe(200);
    expect(response.body.flags).toHaveLength(1);
    expect(response.body.flags[0]).toMatchObject({ key: 'alpha-feature', deleted: false, active: true, ensure_experience_continuity: false });
    expect(response.body.flags[0].filters.groups).toEqual(asStored(groups));
    expect(response.body.flags[0].filters.multivariate).toEqual(THREE_VARIANTS);
    // Static cohorts are evaluated by the service (membership), never sent for local evaluation.
    expect(response.body.cohorts).toEqual({});
  });

  it(t('test_extract_etag_from_header'), async () => {
    const { api, flags, createFlag } = project('test_extract_etag_from_header');
    await createFlag({ key: 'etag-flag', filters: { groups: [{ rollout_percentage: 100 }] } });
    const first = await api.get(`${flags}local_evaluation`);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[^"]+"$/);
    const opaque = etag.slice(3, -1);
    // strong_etag_quoted, strong_etag_unquoted, weak_etag, etag_with_whitespace: all the same tag.
    for (const header of [`"${opaque}"`, opaque, `W/"${opaque}"`, `  "${opaque}"  `]) {
      const revalidated = await api.get(`${flags}local_evaluation`, { 'if-none-match': header });
      expect(revalidated.status, header).toBe(304);
      expect(revalidated.text, header).toBe('');
    }
    // weak_etag_malformed, empty_quotes, empty_string: never match.
    for (const header of [`W/${opaque}`, '""', '']) {
      expect((await api.get(`${flags}local_evaluation`, { 'if-none-match': header })).status, header).toBe(200);
    }
  });

  it(t('test_creating_static_cohort'), async () => {
    const { api, flags, createFlag } = project('test_creating_static_cohort');
    const flag = await createFlag({
      name: 'some feature',
      key: 'some-feature',
      filters: { groups: [{ properties: [{ key: 'key', value: 'value', type: 'person' }], rollout_percentage: 100 }] },
    });
    const response = await api.post(`${flags}${flag.id}/create_static_cohort_for_flag`);
    // The interface documents 200 (the service answers 201).
    expect(response.status).toBe(200);
    expect(response.body.cohort.name).toMatch(/^Users with feature flag some-feature enabled at /);
    expect(response.body.cohort.is_static).toBe(true);
    expect(response.body.cohort.count).toBe(1);
  });
  it(t('test_feature_flag_includes_cohort_names'), async () => {
    const { api, flags, createFlag, cohort } = project('test_feature_flag_includes_cohort_names');
    const flag = await createFlag({
      name: 'Alpha feature',
      key: 'alpha-feature',
      filters: { groups: [{ properties: [{ key: 'id', type: 'cohort', value: cohort('test_cohort') }] }] },
    });
    const response = await api.get(`${flags}${flag.id}/`);
    expect(response.status).toBe(200);
    expect(response.body.filters.groups[0].properties[0]).toEqual({ key: 'id', type: 'cohort', value: cohort('test_cohort'), cohort_name: 'test_cohort' });
  });
});
