import { isAllowedTimezone } from '../../rest-interface/timezones.ts';
import { validationError } from '../http/errors.ts';
import { pythonStr } from '../python-format.ts';
import { validateFields, type FieldSpecs } from './fields.ts';
import { checkAdminFields, checkErrorsToIgnore, linkedFlag, networkPayloadCaptureConfig, testAccountFilters, urlList } from './project-rules.ts';

/** The writable project fields of docs/rest-interface.md ("Project (team)"), in serializer order, with the real model's constraints. */
const PROJECT_FIELDS: FieldSpecs = {
  app_urls: { kind: 'stringList', maxLength: 200, dropNulls: true },
  name: { kind: 'string', maxLength: 200 },
  anonymize_ips: { kind: 'boolean' },
  completed_snippet_onboarding: { kind: 'boolean' },
  test_account_filters: { kind: 'json' },
  test_account_filters_default_checked: { kind: 'boolean', allowNull: true },
  path_cleaning_filters: { kind: 'json', allowNull: true },
  is_demo: { kind: 'boolean' },
  timezone: { kind: 'raw' },
  data_attributes: { kind: 'json' },
  person_display_name_properties: { kind: 'stringList', allowNull: true, maxLength: 400 },
  correlation_config: { kind: 'json', allowNull: true },
  autocapture_opt_out: { kind: 'boolean', allowNull: true },
  autocapture_exceptions_opt_in: { kind: 'boolean', allowNull: true },
  autocapture_exceptions_errors_to_ignore: { kind: 'json', allowNull: true },
  capture_console_log_opt_in: { kind: 'boolean', allowNull: true },
  capture_performance_opt_in: { kind: 'boolean', allowNull: true },
  session_recording_opt_in: { kind: 'boolean' },
  session_recording_sample_rate: { kind: 'decimal', allowNull: true, maxDigits: 3, decimalPlaces: 2, min: 0, max: 1 },
  session_recording_minimum_duration_milliseconds: { kind: 'integer', allowNull: true, min: 0, max: 30000 },
  session_recording_linked_flag: { kind: 'json', allowNull: true },
  session_recording_network_payload_capture_config: { kind: 'json', allowNull: true },
  access_control: { kind: 'boolean' },
  week_start_day: { kind: 'choice', choices: [0, 1], allowNull: true },
  primary_dashboard: { kind: 'integer', allowNull: true },
  live_events_columns: { kind: 'stringList', allowNull: true },
  recording_domains: { kind: 'stringList', allowNull: true, dropNulls: true },
  inject_web_apps: { kind: 'boolean', allowNull: true },
  extra_settings: { kind: 'json', allowNull: true },
  has_completed_onboarding_for: { kind: 'json', allowNull: true },
  surveys_opt_in: { kind: 'boolean', allowNull: true },
};

function checkTimezone(value: unknown): unknown {
  if (typeof value !== 'string' || !isAllowedTimezone(value)) {
    throw validationError(`"${pythonStr(value)}" is not a valid choice.`, 'timezone', 'invalid_choice');
  }
  return value;
}

/**
 * Validates a project create (`projectId` undefined) or update body by a member of the given level.
 * `primary_dashboard` is a primary key of any dashboard (`dashboardProject` says whose, or undefined when there
 * is none). Once every field is valid, the object-level rules run in the service's order: admin-only settings
 * (validation/project-rules.ts), the primary dashboard (refused on create and when another project's), then
 * the errors to ignore.
 */
export function validateProjectInput(
  body: Record<string, unknown>,
  projectId: number | undefined,
  dashboardProject: (id: number) => number | undefined,
  level: number,
): Record<string, unknown> {
  const clean = validateFields(body, PROJECT_FIELDS, [], {
    app_urls: urlList('app_urls'),
    test_account_filters: testAccountFilters,
    session_recording_linked_flag: linkedFlag,
    session_recording_network_payload_capture_config: networkPayloadCaptureConfig,
    recording_domains: urlList('recording_domains'),
    timezone: checkTimezone,
    primary_dashboard: (value) => {
      if (value !== null && dashboardProject(value as number) === undefined) {
        throw validationError(`Invalid pk "${pythonStr(value)}" - object does not exist.`, 'primary_dashboard', 'does_not_exist');
      }
      return value;
    },
  });
  checkAdminFields(clean, level, projectId === undefined);
  if ('primary_dashboard' in clean) {
    if (projectId === undefined) throw validationError('Primary dashboard cannot be set on project creation.', 'primary_dashboard');
    const dashboard = clean.primary_dashboard as number | null;
    if (dashboard !== null && dashboardProject(dashboard) !== projectId) throw validationError('Dashboard does not belong to this team.', 'primary_dashboard');
  }
  if ('autocapture_exceptions_errors_to_ignore' in clean && clean.autocapture_exceptions_errors_to_ignore !== null) {
    checkErrorsToIgnore(clean.autocapture_exceptions_errors_to_ignore);
  }
  return clean;
}
