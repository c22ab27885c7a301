/**
 * PostHog's posthog/api/test/test_team.py (team_api_test_factory, which test_project.py runs against
 * /api/projects/ through EnvironmentToProjectRewriteClient), ported as black-box HTTP tests against the local
 * upstream (each test named `file::test_name`), for the project fields and routes of the interface. Each test
 * works on a project of its own, created through the interface (PostHog's `self.team`); the caller is an
 * owner unless the test says otherwise. TestTeamAdminFieldAuthorization and TestTeamSerializerValidationNoDB
 * are in test_team_settings.test.ts.
 *
 * Skipped, and why:
 * - activity log assertions (`_assert_activity_log`: /api/environments/{id}/activity) and every
 *   /api/environments/ action (reset_token, rotate_secret_token, delete_secret_token_backup, is_generating_demo_data,
 *   add_product_intent, complete_product_onboarding, change_organization, settings_as_of, generate_conversations_*):
 *   outside the interface.
 * - fields outside the interface's project record: group_types (test_retrieve_team_has_group_types checks only
 *   has_group_types here), receive_org_level_activity_logs, survey_config, session_replay_config, modifiers,
 *   conversations_*, logs_settings, session_recording_trigger_groups, proactive_tasks_enabled, base_currency.
 * - person_on_events_querying_enabled's value: an instance setting of the service.
 * - test_group_types_graceful_degradation_on_db_failure, test_group_types_stale_cache_*: database and cache faults.
 * - test_delete_team_own_second's Temporal workflow and capture events; test_delete_team_blocked_by_managed_warehouse.
 * - test_access_control_field_deprecated_*: the service now refuses `access_control` (400, deprecated); the interface
 *   lists it among the writable project fields, so the local upstream keeps accepting it.
 * - scoped personal API keys and OAuth tokens (test_teams_outside_*), the EU/US organization defaults, paid access
 *   control (AccessControl objects: test_team_*_with_access_control, test_web_analytics_*): outside the interface.
 * - test_project.py's own tests: in test_project.test.ts (with what it skips).
 */
import { describe, expect, it } from 'vitest';
import { client, KEYS, PROJECT_A_TOKEN, testSeed, useUpstream, validation } from '../helpers.ts';

const WRITE_ONLY_KEY = 'phx_test_project_writer_aaaaaaaaaaaaaaaaaaaaaaaaa';
const seed = testSeed();
// `create_personal_api_key_with_scopes(["project:write"])` for the admin `self.user`.
seed.users!.push({
  email: 'pw@acme.test',
  api_key: WRITE_ONLY_KEY,
  scopes: ['project:write'],
  memberships: [{ organization: seed.organizations![0]!.id, level: 8 }],
});
const ctx = useUpstream({ seed });
const FILE = 'test_team.py';
const t = (name: string) => `${FILE}::${name}`;
const NOT_FOUND = { type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null };

/** `self.team`: a fresh project of the owner's organization. */
async function newTeam(name = 'Default project'): Promise<{ id: number; path: string }> {
  const response = await ctx.owner.post('/api/projects/', { name });
  expect(response.status).toBe(201);
  return { id: response.body.id, path: `/api/projects/${response.body.id}/` };
}
const read = async (path: string) => (await ctx.owner.get(path)).body;

/** A dashboard of `project`: the usage dashboard the flag `dashboard` action creates. */
async function dashboardOf(project: number, key: string): Promise<number> {
  const flag = (await ctx.owner.post(`/api/projects/${project}/feature_flags/`, { key })).body;
  expect((await ctx.owner.post(`/api/projects/${project}/feature_flags/${flag.id}/dashboard/`, {})).status).toBe(200);
  return (await ctx.owner.get(`/api/projects/${project}/feature_flags/${flag.id}/`)).body.usage_dashboard;
}

describe('TestTeamAPI (as TestProjectAPI): reading', () => {
  it(t('test_list_teams'), async () => {
    const team = await newTeam('Listed project');
    const response = await ctx.owner.get('/api/projects/?limit=100');
    expect(response.status).toBe(200);
    const item = response.body.results.find((project: { id: number }) => project.id === team.id);
    expect(item.name).toBe('Listed project');
    for (const field of ['test_account_filters', 'data_attributes', 'event_names', 'event_properties', 'event_properties_numerical']) {
      expect(item).not.toHaveProperty(field);
    }
  });

  it(t('test_retrieve_team'), async () => {
    const team = await newTeam();
    const response = await ctx.owner.get(team.path);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'Default project', timezone: 'UTC', is_demo: false, has_group_types: false });
    for (const field of ['event_names', 'event_properties', 'event_properties_numerical', 'event_names_with_usage', 'event_properties_with_usage']) {
      expect(response.body).not.toHaveProperty(field);
    }
  });

  it(t('test_retrieve_team_has_group_types'), async () => {
    expect((await read((await newTeam()).path)).has_group_types).toBe(false);
    // Group types are seeded (PostHog creates the mappings with the ORM): "Web" has one.
    expect((await read(`/api/projects/${ctx.projectA}/`)).has_group_types).toBe(true);
  });

  it(t('test_cant_retrieve_team_from_another_org'), async () => {
    const response = await ctx.owner.get(`/api/projects/${ctx.projectB}/`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual(NOT_FOUND);
  });
});

describe('TestTeamAPI (as TestProjectAPI): updating', () => {
  it(t('test_update_team_timezone'), async () => {
    const team = await newTeam();
    const response = await ctx.owner.patch(team.path, { timezone: 'Europe/Lisbon' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'Default project', timezone: 'Europe/Lisbon' });
    expect((await read(team.path)).timezone).toBe('Europe/Lisbon');
  });

  it(t('test_update_test_filter_default_checked'), async () => {
    const team = await newTeam();
    const response = await ctx.owner.patch(team.path, { test_account_filters_default_checked: 'true' });
    expect(response.status).toBe(200);
    expect(response.body.test_account_filters_default_checked).toBe(true);
    expect((await read(team.path)).test_account_filters_default_checked).toBe(true);
  });

  it(t('test_cannot_set_invalid_timezone_for_team'), async () => {
    const team = await newTeam();
    const response = await ctx.owner.patch(team.path, { timezone: 'America/I_Dont_Exist' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validation('invalid_choice', '"America/I_Dont_Exist" is not a valid choice.', 'timezone'));
    expect((await read(team.path)).timezone).toBe('UTC');
  });

  it(t('test_cant_update_team_from_another_org'), async () => {
    const response = await ctx.owner.patch(`/api/projects/${ctx.projectB}/`, { timezone: 'Africa/Accra' });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(NOT_FOUND);
    expect((await client(ctx.upstream, KEYS.other).get(`/api/projects/${ctx.projectB}/`)).body.timezone).toBe('UTC');
  });

  it(t('test_filter_permission'), async () => {
    const team = await newTeam();
    const response = await ctx.owner.patch(team.path, { test_account_filters: [{ key: '$current_url', value: 'test' }] });
    expect(response.status).toBe(200);
    expect(response.body.name).toBe('Default project');
    expect(response.body.test_account_filters).toEqual([{ key: '$current_url', value: 'test' }]);
  });

  it(t('test_delete_team_own_second'), async () => {
    const team = await newTeam('Default project 2');
    expect((await ctx.owner.delete(team.path)).status).toBe(204);
    // "Team deletion happens async in the (mocked) Temporal workflow, so team still exists".
    expect((await ctx.owner.get(team.path)).body.is_pending_deletion).toBe(true);
  });

  it(t('test_update_primary_dashboard'), async () => {
    const dashboard = await dashboardOf(ctx.projectA, 'primary-own');
    const response = await ctx.owner.patch(`/api/projects/${ctx.projectA}/`, { primary_dashboard: dashboard });
    expect(response.status).toBe(200);
    expect(response.body.name).toBe('Web');
    expect(response.body.primary_dashboard).toBe(dashboard);
  });

  it(t('test_cant_set_primary_dashboard_to_another_teams_dashboard'), async () => {
    const team2 = await newTeam();
    const dashboard = await dashboardOf(team2.id, 'primary-foreign');
    const response = await ctx.owner.patch(`/api/projects/${ctx.projectA}/`, { primary_dashboard: dashboard });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validation('invalid_input', 'Dashboard does not belong to this team.', 'primary_dashboard'));
  });

  it('validate_team_attrs: a primary dashboard cannot be set on project creation', async () => {
    const dashboard = await dashboardOf(ctx.projectA, 'primary-create');
    const response = await ctx.owner.post('/api/projects/', { name: 'With dashboard', primary_dashboard: dashboard });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validation('invalid_input', 'Primary dashboard cannot be set on project creation.', 'primary_dashboard'));
  });

  it(t('test_team_float_config_can_be_serialized_to_activity_log'), async () => {
    const team = await newTeam();
    const response = await ctx.owner.patch(team.path, { session_recording_sample_rate: 0.4 });
    expect(response.status).toBe(200);
    // The activity entry records "0.4"; the record shows the decimal field's two places.
    expect(response.body.session_recording_sample_rate).toBe('0.40');
  });

  it(t('test_concurrent_team_patches_do_not_clobber_each_other'), async () => {
    const team = await newTeam();
    const first = await ctx.owner.patch(team.path, { completed_snippet_onboarding: true, has_completed_onboarding_for: { product_analytics: true } });
    expect(first.status).toBe(200);
    expect((await ctx.owner.patch(team.path, { session_recording_opt_in: true })).status).toBe(200);
    expect(await read(team.path)).toMatchObject({
      completed_snippet_onboarding: true,
      has_completed_onboarding_for: { product_analytics: true },
      session_recording_opt_in: true,
    });
  });
});

describe('TestTeamAPI (as TestProjectAPI): settings', () => {
  it(t('test_turn_on_exception_autocapture'), async () => {
    const team = await newTeam();
    expect((await read(team.path)).autocapture_exceptions_opt_in).toBeNull();
    const refused = await ctx.owner.patch(team.path, { autocapture_exceptions_opt_in: 'Welwyn Garden City' });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('Must be a valid boolean.');
    expect((await ctx.owner.patch(team.path, { autocapture_exceptions_opt_in: true })).status).toBe(200);
    expect((await read(team.path)).autocapture_exceptions_opt_in).toBe(true);
  });

  it(t('test_configure_exception_autocapture_event_dropping'), async () => {
    const team = await newTeam();
    expect((await read(team.path)).autocapture_exceptions_errors_to_ignore).toBeNull();
    const notList = await ctx.owner.patch(team.path, { autocapture_exceptions_errors_to_ignore: { wat: 'am i' } });
    expect(notList.status).toBe(400);
    expect(notList.body.detail).toBe('Must provide a list for field: autocapture_exceptions_errors_to_ignore.');
    const notStrings = await ctx.owner.patch(team.path, { autocapture_exceptions_errors_to_ignore: [1, false] });
    expect(notStrings.status).toBe(400);
    expect(notStrings.body.detail).toBe('Must provide a list of strings to field: autocapture_exceptions_errors_to_ignore.');
    expect((await ctx.owner.patch(team.path, { autocapture_exceptions_errors_to_ignore: ['wat am i'] })).status).toBe(200);
    expect((await read(team.path)).autocapture_exceptions_errors_to_ignore).toEqual(['wat am i']);
  });

  it(t('test_configure_exception_autocapture_event_dropping_only_allows_simple_config'), async () => {
    const team = await newTeam();
    const response = await ctx.owner.patch(team.path, { autocapture_exceptions_errors_to_ignore: ['abc'.repeat(300)] });
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe(
      'Field autocapture_exceptions_errors_to_ignore must be less than 300 characters. Complex config should be provided in posthog-js initialization.',
    );
  });

  it(t('test_invalid_session_recording_config_returns_validation_error_envelope'), async () => {
    const team = await newTeam();
    const response = await ctx.owner.patch(team.path, { session_recording_sample_rate: 'Welwyn Garden City' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validation('invalid_input', 'A valid number is required.', 'session_recording_sample_rate'));
  });

  for (const [name, config] of [
    ['test_can_set_and_unset_session_recording_linked_flag', { id: 1, key: 'provided_value' }],
    ['test_can_set_and_unset_session_recording_linked_flag_variant', { id: 1, key: 'provided_value', variant: 'test' }],
  ] as const) {
    it(t(name), async () => {
      const team = await newTeam();
      expect((await ctx.owner.patch(team.path, { session_recording_linked_flag: config })).status).toBe(200);
      expect((await read(team.path)).session_recording_linked_flag).toEqual(config);
      expect((await ctx.owner.patch(team.path, { session_recording_linked_flag: null })).status).toBe(200);
      expect((await read(team.path)).session_recording_linked_flag).toBeNull();
    });
  }

  it(t('test_can_set_and_unset_session_recording_network_payload_capture_config'), async () => {
    const team = await newTeam();
    for (const config of [{ recordHeaders: true }, { recordBody: false }, null]) {
      expect((await ctx.owner.patch(team.path, { session_recording_network_payload_capture_config: config })).status).toBe(200);
      expect((await read(team.path)).session_recording_network_payload_capture_config).toEqual(config);
    }
  });

  const NULL_CASES = [
    ['app_urls_mixed_nulls', 'app_urls', ['https://example.com', null, 'https://test.com', null], ['https://example.com', 'https://test.com'], null],
    ['app_urls_all_nulls', 'app_urls', [null, null, null], [], null],
    [
      'app_urls_mixed_valid_and_null',
      'app_urls',
      ['https://new.com', null, 'https://another.com'],
      ['https://new.com', 'https://another.com'],
      ['https://existing.com'],
    ],
    [
      'recording_domains_mixed_nulls',
      'recording_domains',
      [null, 'https://example.com', null, 'https://test.com'],
      ['https://example.com', 'https://test.com'],
      null,
    ],
    ['recording_domains_none_field', 'recording_domains', null, null, null],
  ] as const;
  for (const [name, field, input, expected, setup] of NULL_CASES) {
    it(t(`test_filters_null_values_${name}`), async () => {
      const team = await newTeam();
      if (setup) expect((await ctx.owner.patch(team.path, { [field]: setup })).status).toBe(200);
      const response = await ctx.owner.patch(team.path, { [field]: input });
      expect(response.status).toBe(200);
      expect(response.body[field]).toEqual(expected);
      expect((await read(team.path))[field]).toEqual(expected);
    });
  }

  const INVALID_FILTERS = [
    ['missing_key', [{ type: 'person', operator: 'exact', value: 'posthog.com' }]],
    ['invalid_type', [{ key: 'email', type: 'not_a_type', operator: 'exact', value: 'posthog.com' }]],
    ['invalid_operator', [{ key: 'email', type: 'person', operator: 'not_an_operator', value: 'posthog.com' }]],
    ['invalid_cohort_value', [{ key: 'id', type: 'cohort', operator: 'in', value: 'not-a-cohort-id' }]],
  ] as const;
  for (const [name, filters] of INVALID_FILTERS) {
    it(t(`test_validate_test_account_filters_rejects_invalid_filters_${name}`), async () => {
      const team = await newTeam();
      const response = await ctx.owner.patch(team.path, { test_account_filters: filters });
      expect(response.status).toBe(400);
      expect(response.body.attr).toBe('test_account_filters');
      expect(response.body.detail).toContain('Must provide an array of valid property filters.');
      expect((await read(team.path)).test_account_filters).toEqual([]);
    });
  }

  it(t('test_validate_test_account_filters_allows_is_set_filters_without_value'), async () => {
    const team = await newTeam();
    const filters = [{ key: 'email', type: 'person', operator: 'is_set' }];
    const response = await ctx.owner.patch(team.path, { test_account_filters: filters });
    expect(response.status).toBe(200);
    expect(response.body.test_account_filters).toEqual(filters);
  });
});

describe('TestTeamAPI (as TestProjectAPI): keys and membership levels', () => {
  it(t('test_read_only_api_key_cannot_update_team_config_fields'), async () => {
    // Rita's key has project:read only.
    const response = await client(ctx.upstream, KEYS.reader).patch(`/api/projects/${ctx.projectA}/`, { timezone: 'Europe/Lisbon' });
    expect(response.status).toBe(403);
    expect(response.body.detail).toContain('project:write');
    expect((await read(`/api/projects/${ctx.projectA}/`)).timezone).toBe('UTC');
  });

  it(t('test_write_api_key_can_update_team_config_fields'), async () => {
    const team = await newTeam();
    const response = await client(ctx.upstream, WRITE_ONLY_KEY).patch(team.path, { timezone: 'Europe/Lisbon', session_recording_opt_in: true });
    expect(response.status).toBe(200);
    expect(await read(team.path)).toMatchObject({ timezone: 'Europe/Lisbon', session_recording_opt_in: true });
  });

  it(t('test_read_only_api_key_cannot_update_team_non_config_fields'), async () => {
    const team = await newTeam('Original name');
    expect((await client(ctx.upstream, KEYS.reader).patch(team.path, { name: 'New Team Name' })).status).toBe(403);
    expect((await read(team.path)).name).toBe('Original name');
  });

  it(t('test_write_api_key_can_update_team_non_config_fields'), async () => {
    const team = await newTeam();
    expect((await client(ctx.upstream, WRITE_ONLY_KEY).patch(team.path, { name: 'New Team Name' })).status).toBe(200);
    expect((await read(team.path)).name).toBe('New Team Name');
  });

  for (const name of [
    'test_session_auth_member_can_still_update_member_safe_config_fields',
    'test_team_member_can_write_to_member_safe_team_config_without_access_control',
    'test_team_member_can_write_to_member_safe_team_patch_without_access_control',
  ]) {
    it(t(name), async () => {
      // A member's personal key (scope *) passes the scope check; the settings are member-safe.
      const team = await newTeam();
      const response = await client(ctx.upstream, KEYS.member).patch(team.path, { session_recording_opt_in: true, surveys_opt_in: true });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ session_recording_opt_in: true, surveys_opt_in: true });
      expect(await read(team.path)).toMatchObject({ session_recording_opt_in: true, surveys_opt_in: true });
    });
  }

  it(t('test_team_member_cannot_write_to_admin_team_config_without_access_control'), async () => {
    const team = await newTeam();
    const response = await client(ctx.upstream, KEYS.member).patch(team.path, { timezone: 'Europe/Lisbon' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      type: 'authentication_error',
      code: 'permission_denied',
      detail: 'Only project admins can modify these settings: timezone',
      attr: null,
    });
    expect((await read(team.path)).timezone).toBe('UTC');
  });

  it('routing (_get_team_from_request): an invalid ?token= on project routes is 401', async () => {
    for (const path of [`/api/projects/${ctx.projectA}/`, `/api/projects/${ctx.projectA}/feature_flags/`]) {
      const response = await ctx.owner.get(`${path}?token=not-a-project-token`);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        type: 'authentication_error',
        code: 'authentication_failed',
        detail: 'Incorrect authentication credentials.',
        attr: null,
      });
    }
    expect((await ctx.owner.get(`/api/projects/${ctx.projectA}/feature_flags/?token=${PROJECT_A_TOKEN}`)).status).toBe(200);
    expect((await client(ctx.upstream, KEYS.reader).get(`/api/projects/${ctx.projectA}/?token=nope`)).status).toBe(401);
  });
});
