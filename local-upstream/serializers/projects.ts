import type { ProjectRow } from '../storage/projects.ts';

/** Settings of a new project: the real service's model defaults (timezone UTC, week start unknown). */
export const PROJECT_DEFAULTS: Readonly<Record<string, unknown>> = {
  app_urls: [],
  slack_incoming_webhook: null,
  anonymize_ips: false,
  completed_snippet_onboarding: false,
  ingested_event: false,
  test_account_filters: [],
  test_account_filters_default_checked: null,
  path_cleaning_filters: [],
  is_demo: false,
  timezone: 'UTC',
  data_attributes: ['data-attr'],
  person_display_name_properties: null,
  correlation_config: {},
  autocapture_opt_out: null,
  autocapture_exceptions_opt_in: null,
  autocapture_exceptions_errors_to_ignore: null,
  capture_console_log_opt_in: true,
  capture_performance_opt_in: true,
  session_recording_opt_in: false,
  session_recording_sample_rate: null,
  session_recording_minimum_duration_milliseconds: null,
  session_recording_linked_flag: null,
  session_recording_network_payload_capture_config: null,
  access_control: false,
  week_start_day: null,
  primary_dashboard: null,
  live_events_columns: null,
  recording_domains: null,
  inject_web_apps: null,
  extra_settings: null,
  has_completed_onboarding_for: null,
  surveys_opt_in: null,
};

const setting = (project: ProjectRow, name: string): unknown => (name in project.settings ? project.settings[name] : (PROJECT_DEFAULTS[name] ?? null));

/** A list item (`ProjectBackwardCompatBasicSerializer`). */
export function projectListItem(project: ProjectRow): Record<string, unknown> {
  return {
    id: project.id,
    uuid: project.uuid,
    organization: project.organization_id,
    api_token: project.api_token,
    name: project.name,
    completed_snippet_onboarding: setting(project, 'completed_snippet_onboarding'),
    has_completed_onboarding_for: setting(project, 'has_completed_onboarding_for'),
    ingested_event: setting(project, 'ingested_event'),
    is_demo: setting(project, 'is_demo'),
    timezone: setting(project, 'timezone'),
    access_control: setting(project, 'access_control'),
  };
}

/** The full project record of docs/rest-interface.md ("Project (team)"), in its field order. */
export function projectBody(project: ProjectRow, membershipLevel: number, hasGroupTypes: boolean): Record<string, unknown> {
  const field = (name: string) => setting(project, name);
  return {
    id: project.id,
    uuid: project.uuid,
    organization: project.organization_id,
    api_token: project.api_token,
    app_urls: field('app_urls'),
    name: project.name,
    slack_incoming_webhook: field('slack_incoming_webhook'),
    created_at: project.created_at,
    updated_at: project.updated_at,
    anonymize_ips: field('anonymize_ips'),
    completed_snippet_onboarding: field('completed_snippet_onboarding'),
    ingested_event: field('ingested_event'),
    test_account_filters: field('test_account_filters'),
    test_account_filters_default_checked: field('test_account_filters_default_checked'),
    path_cleaning_filters: field('path_cleaning_filters'),
    is_demo: field('is_demo'),
    timezone: field('timezone'),
    data_attributes: field('data_attributes'),
    person_display_name_properties: field('person_display_name_properties'),
    correlation_config: field('correlation_config'),
    autocapture_opt_out: field('autocapture_opt_out'),
    autocapture_exceptions_opt_in: field('autocapture_exceptions_opt_in'),
    autocapture_exceptions_errors_to_ignore: field('autocapture_exceptions_errors_to_ignore'),
    capture_console_log_opt_in: field('capture_console_log_opt_in'),
    capture_performance_opt_in: field('capture_performance_opt_in'),
    session_recording_opt_in: field('session_recording_opt_in'),
    session_recording_sample_rate: field('session_recording_sample_rate'),
    session_recording_minimum_duration_milliseconds: field('session_recording_minimum_duration_milliseconds'),
    session_recording_linked_flag: field('session_recording_linked_flag'),
    session_recording_network_payload_capture_config: field('session_recording_network_payload_capture_config'),
    effective_membership_level: membershipLevel,
    access_control: field('access_control'),
    week_start_day: field('week_start_day'),
    has_group_types: hasGroupTypes,
    primary_dashboard: field('primary_dashboard'),
    live_events_columns: field('live_events_columns'),
    recording_domains: field('recording_domains'),
    person_on_events_querying_enabled: true,
    groups_on_events_querying_enabled: true,
    inject_web_apps: field('inject_web_apps'),
    extra_settings: field('extra_settings'),
    has_completed_onboarding_for: field('has_completed_onboarding_for'),
    surveys_opt_in: field('surveys_opt_in'),
    // Read-only: set by DELETE, which the service completes in the background (routes/projects.ts).
    is_pending_deletion: project.settings.is_pending_deletion === true,
  };
}
