import type { ProjectRow } from '../storage/projects.ts';

/** Membership level of an organization admin (1 member, 8 admin, 15 owner). */
const ADMIN_LEVEL = 8;

/** Settings of a new project: the real service's model defaults (timezone UTC, week start unknown). */
export const PROJECT_DEFAULTS: Readonly<Record<string, unknown>> = {
  app_urls: [],
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

/** A list item (`ProjectBackwardCompatBasicSerializer`); `project_id` is the project's own id. */
export function projectListItem(project: ProjectRow): Record<string, unknown> {
  return {
    id: project.id,
    uuid: project.uuid,
    organization: project.organization_id,
    project_id: project.id,
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

/**
 * Fields of the current `ProjectBackwardCompatSerializer` that no route here sets, at the service's model defaults.
 * Features the local upstream does not have (live events, product intents, analytics configurations, secret
 * tokens) read as empty or null.
 */
const CURRENT_SERVICE_DEFAULTS: Readonly<Record<string, unknown>> = {
  product_description: null,
  autocapture_web_vitals_opt_in: null,
  autocapture_web_vitals_allowed_metrics: null,
  session_recording_masking_config: null,
  session_recording_url_trigger_config: [],
  session_recording_url_blocklist_config: [],
  session_recording_event_trigger_config: [],
  session_recording_trigger_match_type_config: null,
  session_recording_trigger_groups: null,
  session_recording_retention_period: '30d',
  session_replay_config: null,
  survey_config: null,
  modifiers: null,
  heatmaps_opt_in: null,
  flags_persistence_default: false,
  receive_org_level_activity_logs: false,
  business_model: null,
  conversations_enabled: null,
  conversations_settings: null,
  logs_settings: null,
  proactive_tasks_enabled: null,
  base_currency: 'USD',
  capture_dead_clicks: false,
  cookieless_server_hash_mode: 0,
  human_friendly_comparison_periods: false,
  feature_flag_confirmation_enabled: false,
  feature_flag_confirmation_message: null,
  default_evaluation_contexts_enabled: false,
  require_evaluation_contexts: false,
  default_data_theme: null,
  onboarding_tasks: null,
  web_analytics_pre_aggregated_tables_enabled: false,
};

/** The service's `Team.default_modifiers` for a project without modifiers of its own. */
const DEFAULT_MODIFIERS = {
  personsOnEventsMode: 'person_id_override_properties_on_events',
  personsArgMaxVersion: 'auto',
  inCohortVia: 'auto',
  materializationMode: 'legacy_null_as_null',
  optimizeJoinedFilters: false,
  bounceRatePageViewMode: 'count_pageviews',
  sessionTableVersion: 'auto',
  propertyGroupsMode: 'optimized',
  useMaterializedViews: true,
  convertToProjectTimezone: true,
};

/** `GroupTypeSerializer` entries of the project's group types (no display names or dashboards locally). */
function groupTypeList(groupTypes: Record<string, string>): Array<Record<string, unknown>> {
  return Object.entries(groupTypes).map(([index, name]) => ({
    group_type: name,
    group_type_index: Number(index),
    name_singular: null,
    name_plural: null,
    detail_dashboard: null,
    default_columns: null,
    created_at: null,
  }));
}

/**
 * The full project record: the fields of docs/rest-interface.md ("Project (team)") plus the rest of the current
 * `ProjectBackwardCompatSerializer` (docs/rest-interface.md names the version). `groupTypes` maps group type index
 * to name; `user_access_level` follows the membership (admins administer the project).
 */
export function projectBody(project: ProjectRow, membershipLevel: number, groupTypes: Record<string, string>): Record<string, unknown> {
  const field = (name: string) => (name in project.settings ? project.settings[name] : (PROJECT_DEFAULTS[name] ?? CURRENT_SERVICE_DEFAULTS[name] ?? null));
  return {
    id: project.id,
    uuid: project.uuid,
    organization: project.organization_id,
    api_token: project.api_token,
    app_urls: field('app_urls'),
    name: project.name,
    product_description: field('product_description'),
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
    autocapture_web_vitals_opt_in: field('autocapture_web_vitals_opt_in'),
    autocapture_web_vitals_allowed_metrics: field('autocapture_web_vitals_allowed_metrics'),
    autocapture_exceptions_errors_to_ignore: field('autocapture_exceptions_errors_to_ignore'),
    capture_console_log_opt_in: field('capture_console_log_opt_in'),
    capture_performance_opt_in: field('capture_performance_opt_in'),
    session_recording_opt_in: field('session_recording_opt_in'),
    session_recording_sample_rate: field('session_recording_sample_rate'),
    session_recording_minimum_duration_milliseconds: field('session_recording_minimum_duration_milliseconds'),
    session_recording_linked_flag: field('session_recording_linked_flag'),
    session_recording_network_payload_capture_config: field('session_recording_network_payload_capture_config'),
    session_recording_masking_config: field('session_recording_masking_config'),
    session_recording_url_trigger_config: field('session_recording_url_trigger_config'),
    session_recording_url_blocklist_config: field('session_recording_url_blocklist_config'),
    session_recording_event_trigger_config: field('session_recording_event_trigger_config'),
    session_recording_trigger_match_type_config: field('session_recording_trigger_match_type_config'),
    session_recording_trigger_groups: field('session_recording_trigger_groups'),
    session_recording_retention_period: field('session_recording_retention_period'),
    session_replay_config: field('session_replay_config'),
    survey_config: field('survey_config'),
    effective_membership_level: membershipLevel,
    access_control: field('access_control'),
    week_start_day: field('week_start_day'),
    has_group_types: Object.keys(groupTypes).length > 0,
    group_types: groupTypeList(groupTypes),
    live_events_token: null,
    primary_dashboard: field('primary_dashboard'),
    live_events_columns: field('live_events_columns'),
    recording_domains: field('recording_domains'),
    person_on_events_querying_enabled: true,
    inject_web_apps: field('inject_web_apps'),
    extra_settings: field('extra_settings'),
    has_completed_onboarding_for: field('has_completed_onboarding_for'),
    surveys_opt_in: field('surveys_opt_in'),
    heatmaps_opt_in: field('heatmaps_opt_in'),
    modifiers: field('modifiers'),
    default_modifiers: DEFAULT_MODIFIERS,
    product_intents: [],
    flags_persistence_default: field('flags_persistence_default'),
    secret_api_token: null,
    secret_api_token_backup: null,
    receive_org_level_activity_logs: field('receive_org_level_activity_logs'),
    business_model: field('business_model'),
    conversations_enabled: field('conversations_enabled'),
    conversations_settings: field('conversations_settings'),
    logs_settings: field('logs_settings'),
    proactive_tasks_enabled: field('proactive_tasks_enabled'),
    available_setup_task_ids: [],
    project_id: project.id,
    user_access_level: membershipLevel >= ADMIN_LEVEL ? 'admin' : 'member',
    managed_viewsets: {},
    revenue_analytics_config: { events: [], goals: [], filter_test_accounts: false },
    marketing_analytics_config: { sources_map: {}, attribution_window_days: null, attribution_mode: null },
    customer_analytics_config: {
      activity_event: null,
      signup_pageview_event: null,
      signup_event: null,
      subscription_event: null,
      payment_event: null,
      account_group_type_index: null,
    },
    workflows_config: {},
    base_currency: field('base_currency'),
    capture_dead_clicks: field('capture_dead_clicks'),
    cookieless_server_hash_mode: field('cookieless_server_hash_mode'),
    human_friendly_comparison_periods: field('human_friendly_comparison_periods'),
    feature_flag_confirmation_enabled: field('feature_flag_confirmation_enabled'),
    feature_flag_confirmation_message: field('feature_flag_confirmation_message'),
    default_evaluation_contexts_enabled: field('default_evaluation_contexts_enabled'),
    require_evaluation_contexts: field('require_evaluation_contexts'),
    default_data_theme: field('default_data_theme'),
    onboarding_tasks: field('onboarding_tasks'),
    web_analytics_pre_aggregated_tables_enabled: field('web_analytics_pre_aggregated_tables_enabled'),
    event_retention_months: null,
    events_retention_enforced: false,
    // Read-only: set by DELETE, which the service completes in the background (routes/projects.ts).
    is_pending_deletion: project.settings.is_pending_deletion === true,
  };
}
