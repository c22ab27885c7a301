import { describe, expect, it } from 'vitest';
import { client, envelope, KEYS, ORG_A, ORG_B, useUpstream, validation } from './helpers.ts';

const ctx = useUpstream();

describe('projects', () => {
  it('lists list items with the basic fields only', async () => {
    const response = await ctx.owner.get('/api/projects/');
    expect(response.status).toBe(200);
    expect(response.body.results[0]).toEqual({
      id: ctx.projectA,
      uuid: expect.any(String),
      organization: ORG_A,
      project_id: ctx.projectA,
      api_token: 'phc_test_project_a_token_0123456789',
      name: 'Web',
      completed_snippet_onboarding: false,
      has_completed_onboarding_for: null,
      ingested_event: false,
      is_demo: false,
      timezone: 'UTC',
      access_control: false,
    });
  });

  it("creates a project in the caller's current organization: 201 with the full record and defaults", async () => {
    const response = await ctx.owner.post('/api/projects/', { name: 'Mobile', week_start_day: 1, timezone: 'Europe/Warsaw' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'Mobile',
      organization: ORG_A,
      timezone: 'Europe/Warsaw',
      week_start_day: 1,
      effective_membership_level: 15,
      anonymize_ips: false,
      app_urls: [],
      has_group_types: false,
      is_demo: false,
    });
    expect(response.body.api_token).toMatch(/^phc_[0-9A-Za-z]{40,}$/);
    const fetched = await ctx.owner.get(`/api/projects/${response.body.id}/`);
    expect(fetched.body).toEqual(response.body);
  });

  it('defaults the name and the timezone', async () => {
    const response = await ctx.owner.post('/api/projects/', {});
    expect(response.body).toMatchObject({ name: 'Default project', timezone: 'UTC', week_start_day: null });
  });

  it("retrieves the interface's full project record", async () => {
    const response = await ctx.owner.get(`/api/projects/${ctx.projectA}/`);
    const fields = [
      'id',
      'uuid',
      'organization',
      'api_token',
      'app_urls',
      'name',
      'created_at',
      'updated_at',
      'anonymize_ips',
      'completed_snippet_onboarding',
      'ingested_event',
      'test_account_filters',
      'test_account_filters_default_checked',
      'path_cleaning_filters',
      'is_demo',
      'timezone',
      'data_attributes',
      'person_display_name_properties',
      'correlation_config',
      'autocapture_opt_out',
      'autocapture_exceptions_opt_in',
      'autocapture_exceptions_errors_to_ignore',
      'capture_console_log_opt_in',
      'capture_performance_opt_in',
      'session_recording_opt_in',
      'session_recording_sample_rate',
      'session_recording_minimum_duration_milliseconds',
      'session_recording_linked_flag',
      'session_recording_network_payload_capture_config',
      'effective_membership_level',
      'access_control',
      'week_start_day',
      'has_group_types',
      'primary_dashboard',
      'live_events_columns',
      'recording_domains',
      'person_on_events_querying_enabled',
      'inject_web_apps',
      'extra_settings',
      'has_completed_onboarding_for',
      'surveys_opt_in',
      'is_pending_deletion',
    ];
    // Every field the interface lists, then the rest of the current ProjectBackwardCompatSerializer.
    const current = [
      'product_description', 'autocapture_web_vitals_opt_in', 'autocapture_web_vitals_allowed_metrics',
      'session_recording_masking_config', 'session_recording_url_trigger_config', 'session_recording_url_blocklist_config',
      'session_recording_event_trigger_config', 'session_recording_trigger_match_type_config', 'session_recording_trigger_groups',
      'session_recording_retention_period', 'session_replay_config', 'survey_config', 'group_types', 'live_events_token',
      'heatmaps_opt_in', 'modifiers', 'default_modifiers', 'product_intents', 'flags_persistence_default', 'secret_api_token',
      'secret_api_token_backup', 'receive_org_level_activity_logs', 'business_model', 'conversations_enabled',
      'conversations_settings', 'logs_settings', 'proactive_tasks_enabled', 'available_setup_task_ids', 'project_id',
      'user_access_level', 'managed_viewsets', 'revenue_analytics_config', 'marketing_analytics_config',
      'customer_analytics_config', 'workflows_config', 'base_currency', 'capture_dead_clicks', 'cookieless_server_hash_mode',
      'human_friendly_comparison_periods', 'feature_flag_confirmation_enabled', 'feature_flag_confirmation_message',
      'default_evaluation_contexts_enabled', 'require_evaluation_contexts', 'default_data_theme', 'onboarding_tasks',
      'web_analytics_pre_aggregated_tables_enabled', 'event_retention_months', 'events_retention_enforced',
    ]; // prettier-ignore
    expect(Object.keys(response.body).sort()).toEqual([...fields, ...current].sort());
    expect(response.body).toMatchObject({
      has_group_types: true,
      group_types: [{ group_type: 'company', group_type_index: 0, name_singular: null, name_plural: null }],
      project_id: ctx.projectA,
      user_access_level: 'admin',
      product_intents: [],
    });
    expect(response.body.default_modifiers).toMatchObject({ personsOnEventsMode: expect.any(String) });
  });

  it('patches fields and keeps the others', async () => {
    const response = await ctx.owner.patch(`/api/projects/${ctx.projectA}/`, {
      anonymize_ips: true,
      app_urls: ['https://acme.test'],
      session_recording_sample_rate: 0.5,
      week_start_day: '0',
      timezone: 'US/Eastern',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'Web',
      anonymize_ips: true,
      app_urls: ['https://acme.test'],
      session_recording_sample_rate: '0.50',
      week_start_day: 0,
      timezone: 'US/Eastern',
    });
  });

  it.each([
    [{ timezone: 'America/I_Dont_Exist' }, validation('invalid_choice', '"America/I_Dont_Exist" is not a valid choice.', 'timezone')],
    [{ timezone: 'Factory' }, validation('invalid_choice', '"Factory" is not a valid choice.', 'timezone')],
    [{ week_start_day: 3 }, validation('invalid_choice', '"3" is not a valid choice.', 'week_start_day')],
    // DRF formats the rejected value with Python's str(): a dict prints with single quotes.
    [{ timezone: { zone: 'UTC', dst: false } }, validation('invalid_choice', `"{'zone': 'UTC', 'dst': False}" is not a valid choice.`, 'timezone')],
    [{ anonymize_ips: 'maybe' }, validation('invalid_input', 'Must be a valid boolean.', 'anonymize_ips')],
    [{ name: ['x'] }, validation('invalid_input', 'Not a valid string.', 'name')],
    [{ name: 'x'.repeat(201) }, validation('max_length', 'Ensure this field has no more than 200 characters.', 'name')],
    [
      { session_recording_minimum_duration_milliseconds: 'soon' },
      validation('invalid_input', 'A valid integer is required.', 'session_recording_minimum_duration_milliseconds'),
    ],
    [{ app_urls: 'https://x' }, validation('not_a_list', 'Expected a list of items but got type "str".', 'app_urls')],
    [{ app_urls: ['ok', 5, true] }, validation('invalid_input', 'Not a valid string.', 'app_urls__2')],
    [{ anonymize_ips: null }, validation('null', 'This field may not be null.', 'anonymize_ips')],
    [{ primary_dashboard: 424242 }, validation('does_not_exist', 'Invalid pk "424242" - object does not exist.', 'primary_dashboard')],
    [['not', 'a', 'dict'], validation('invalid_input', 'Invalid data. Expected a dictionary, but got list.', null)],
  ])('rejects %j with the real envelope and changes nothing', async (body, expected) => {
    const before = await ctx.owner.get(`/api/projects/${ctx.projectA}/`);
    // A valid change rides along: it must not be applied either.
    const payload = Array.isArray(body) ? body : { name: 'Changed?', ...body };
    const response = await ctx.owner.patch(`/api/projects/${ctx.projectA}/`, payload);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
    expect((await ctx.owner.get(`/api/projects/${ctx.projectA}/`)).body).toEqual(before.body);
  });

  it('accepts legacy time-zone aliases', async () => {
    for (const timezone of ['Asia/Calcutta', 'GB', 'Etc/GMT+5', 'UTC']) {
      expect((await ctx.owner.patch(`/api/projects/${ctx.projectA}/`, { timezone })).body.timezone).toBe(timezone);
    }
  });

  it('refuses project deletion below admin level, then deletes with 204, keeping the project pending deletion', async () => {
    const created = await ctx.owner.post('/api/projects/', { name: 'Doomed' });
    expect(created.body.is_pending_deletion).toBe(false);
    const member = await client(ctx.upstream, KEYS.member).delete(`/api/projects/${created.body.id}/`);
    expect(member.status).toBe(403);
    expect(member.body).toEqual(envelope('authentication_error', 'permission_denied', "You don't have sufficient permissions in the project."));
    const deleted = await ctx.owner.delete(`/api/projects/${created.body.id}/`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    // The service deletes in the background; until then the project reads, lists and serves its flags.
    const pending = await ctx.owner.get(`/api/projects/${created.body.id}/`);
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ name: 'Doomed', is_pending_deletion: true });
    const listed = (await ctx.owner.get('/api/projects/?search=Doomed')).body.results;
    expect(listed.map((p: { id: number }) => p.id)).toEqual([created.body.id]);
    expect((await ctx.owner.get(`/api/projects/${created.body.id}/feature_flags/`)).status).toBe(200);
    const again = await ctx.owner.delete(`/api/projects/${created.body.id}/`);
    expect(again.status).toBe(400);
    expect(again.body).toEqual(envelope('validation_error', 'invalid_input', 'This project is already being deleted.'));
  });

  it('filters the list by search on the name', async () => {
    const response = await ctx.owner.get('/api/projects/?search=mobi');
    expect(response.body.results.map((p: { name: string }) => p.name)).toEqual(['Mobile']);
  });
});

// posthog-cli reads and changes projects through the organization-scoped routes.
describe('projects under /api/organizations/{org}/projects/', () => {
  const orgPath = (org: string, rest = '') => `/api/organizations/${org}/projects/${rest}`;

  it("lists the organization's projects only, and nothing of an organization the caller is not in", async () => {
    const own = await ctx.owner.get(orgPath(ORG_A));
    expect(own.status).toBe(200);
    expect(own.body.results.length).toBeGreaterThan(0);
    expect(own.body.results.every((p: { organization: string }) => p.organization === ORG_A)).toBe(true);
    expect((await ctx.owner.get(orgPath('@current'))).body.count).toBe(own.body.count);
    expect((await ctx.owner.get(orgPath(ORG_B))).body).toMatchObject({ count: 0, results: [] });
    expect((await ctx.owner.get(`${orgPath(ORG_A)}?search=web`)).body.results.map((p: { name: string }) => p.name)).toEqual(['Web']);
  });

  it('answers 404 Organization not found. for an unknown organization, before the scope check', async () => {
    for (const org of ['0190c000-0000-7000-8000-0000000000ff', 'not-a-uuid']) {
      const response = await client(ctx.upstream, KEYS.reader).post(orgPath(org), { name: 'Nope' });
      expect(response.status).toBe(404);
      expect(response.body).toEqual(envelope('invalid_request', 'not_found', 'Organization not found.'));
    }
  });

  it('creates in the named organization, with the same rules as /api/projects/', async () => {
    const created = await ctx.owner.post(orgPath(ORG_A), { name: 'Via organization' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Via organization', organization: ORG_A, is_pending_deletion: false });
    const byMember = await client(ctx.upstream, KEYS.member).post(orgPath(ORG_A), { name: 'Member project' });
    expect(byMember.status).toBe(403);
    expect(byMember.body.detail).toBe('You need to be an organization admin or above to create new projects.');
    // Not a member of Globex: the service's project-creation permission answers 404.
    const elsewhere = await ctx.owner.post(orgPath(ORG_B), { name: 'Foreign' });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.detail).toBe('Organization not found.');
  });

  it('reads, patches and deletes a project of the organization; another organization in the path is a 404', async () => {
    const id = (await ctx.owner.post(orgPath(ORG_A), { name: 'Scoped' })).body.id;
    expect((await ctx.owner.get(orgPath(ORG_A, `${id}/`))).body.name).toBe('Scoped');
    expect((await ctx.owner.patch(orgPath(ORG_A, `${id}/`), { name: 'Scoped renamed' })).body.name).toBe('Scoped renamed');
    expect((await ctx.owner.get(orgPath(ORG_B, `${id}/`))).body).toEqual(envelope('invalid_request', 'not_found', 'Not found.'));
    expect((await client(ctx.upstream, KEYS.other).get(orgPath(ORG_B, `${ctx.projectA}/`))).status).toBe(404);
    expect((await ctx.owner.delete(orgPath(ORG_A, `${id}/`))).status).toBe(204);
    expect((await ctx.owner.get(orgPath(ORG_A, `${id}/`))).body.is_pending_deletion).toBe(true);
    expect((await ctx.owner.delete(orgPath(ORG_A, `${id}/`))).status).toBe(400);
  });
});
