import { permissionDenied, validationError } from '../http/errors.ts';
import { isDict } from '../python-format.ts';
import { isKnownOperator } from './operators.ts';

/**
 * The service's own checks on project settings beyond DRF's field types: the `validate_<field>` hooks of its
 * team serializer, and the object-level rules (admin-only settings, primary dashboard, errors to ignore).
 */

/** Settings only project admins may change (the service's `TEAM_CONFIG_ADMIN_FIELDS_SET`, fields of the interface). */
const ADMIN_FIELDS: ReadonlySet<string> = new Set([
  'app_urls',
  'name',
  'anonymize_ips',
  'test_account_filters',
  'test_account_filters_default_checked',
  'path_cleaning_filters',
  'is_demo',
  'timezone',
  'data_attributes',
  'person_display_name_properties',
  'correlation_config',
  'autocapture_opt_out',
  'autocapture_exceptions_errors_to_ignore',
  'capture_console_log_opt_in',
  'capture_performance_opt_in',
  'session_recording_sample_rate',
  'session_recording_minimum_duration_milliseconds',
  'session_recording_linked_flag',
  'session_recording_network_payload_capture_config',
  'access_control',
  'week_start_day',
  'live_events_columns',
  'recording_domains',
  'inject_web_apps',
  'extra_settings',
]);

const ADMIN = 8;
const invalid = (detail: string, attr: string | null) => validationError(detail, attr, 'invalid_input');

/** `validate_team_attrs`: members may change only member-safe settings, and set no admin-only one on creation. */
export function checkAdminFields(input: Record<string, unknown>, level: number, isCreate: boolean): void {
  if (level >= ADMIN) return;
  const touched = Object.keys(input)
    .filter((field) => ADMIN_FIELDS.has(field) && !(isCreate && (field === 'is_demo' || field === 'name')))
    .sort();
  if (touched.length === 0) return;
  if (isCreate) throw permissionDenied(`Only organization admins can set these settings on project creation: ${touched.join(', ')}`);
  throw permissionDenied(`Only project admins can modify these settings: ${touched.join(', ')}`);
}

/** Python's `len(json.dumps(value))`: ASCII-escaped, with `", "` between items. */
const pythonJsonLength = (value: string[]): number => `[${value.map((item) => JSON.stringify(item).replace(/[\u0080-\uffff]/g, '\\uXXXX')).join(', ')}]`.length;

export function checkErrorsToIgnore(value: unknown): void {
  if (!Array.isArray(value)) throw invalid('Must provide a list for field: autocapture_exceptions_errors_to_ignore.', null);
  if (!value.every((item) => typeof item === 'string')) {
    throw invalid('Must provide a list of strings to field: autocapture_exceptions_errors_to_ignore.', null);
  }
  if (pythonJsonLength(value) > 300) {
    throw invalid(
      'Field autocapture_exceptions_errors_to_ignore must be less than 300 characters. Complex config should be provided in posthog-js initialization.',
      null,
    );
  }
}

const LINKED_FLAG_KEYS = ['id,key', 'id,key,variant'];

/** `validate_session_recording_linked_flag`: `{id, key}` or `{id, key, variant}`, a numeric string id made a number. */
export function linkedFlag(value: unknown): unknown {
  const attr = 'session_recording_linked_flag';
  if (value === null) return null;
  if (!isDict(value)) throw invalid('Must provide a dictionary or None.', attr);
  if (!LINKED_FLAG_KEYS.includes(Object.keys(value).sort().join(','))) {
    throw invalid("Must provide a dictionary with only 'id' and 'key' keys. _or_ only 'id', 'key', and 'variant' keys.", attr);
  }
  const id = value.id;
  const integer = typeof id === 'number' ? Number.isInteger(id) : typeof id === 'string' && /^\s*[+-]?\d+\s*$/.test(id);
  if (!integer) throw invalid("Must provide an integer 'id'.", attr);
  return { ...value, id: Number.parseInt(String(id), 10) };
}

export function networkPayloadCaptureConfig(value: unknown): unknown {
  const attr = 'session_recording_network_payload_capture_config';
  if (value === null) return null;
  if (!isDict(value)) throw invalid('Must provide a dictionary or None.', attr);
  if (!Object.keys(value).every((key) => key === 'recordHeaders' || key === 'recordBody')) {
    throw invalid("Must provide a dictionary with only 'recordHeaders' and/or 'recordBody' keys.", attr);
  }
  return value;
}

/** URL lists (`app_urls`, `recording_domains`): at most five `*` in an entry. */
export function urlList(attr: string) {
  return (value: unknown): unknown => {
    if (Array.isArray(value) && value.some((url) => typeof url === 'string' && url.split('*').length - 1 > 5)) {
      throw invalid('Each URL can include up to 5 wildcards. Remove the extra ones from this entry.', attr);
    }
    return value;
  };
}

/** Property filter types of the service's `AnyPropertyFilter`. */
const FILTER_TYPES: ReadonlySet<string> = new Set([
  'event',
  'event_metadata',
  'person',
  'element',
  'session',
  'cohort',
  'recording',
  'log_entry',
  'group',
  'feature',
  'flag',
  'hogql',
  'empty',
  'data_warehouse',
  'data_warehouse_person_property',
  'error_tracking_issue',
  'log',
  'revenue_analytics',
]);

function propertyFilterError(filter: unknown): string | null {
  if (!isDict(filter)) return 'not a property filter';
  // An event property filter's `type` defaults to "event" in the service's schema.
  const type = filter.type ?? 'event';
  if (typeof type !== 'string' || !FILTER_TYPES.has(type)) return `unknown type ${JSON.stringify(type)}`;
  if (type === 'empty') return null;
  if (typeof filter.key !== 'string') return 'key: Field required';
  if (type === 'hogql') return null;
  if (type === 'cohort') return Number.isInteger(filter.value) ? null : 'value: Input should be a valid integer';
  if (filter.operator !== undefined && filter.operator !== null && !isKnownOperator(filter.operator))
    return `operator: unknown ${JSON.stringify(filter.operator)}`;
  return null;
}

/**
 * `validate_test_account_filters`: a list of property filters the service's schema accepts. The detail's tail
 * is the service's pydantic report; here a shorter one names the first bad filter.
 */
export function testAccountFilters(value: unknown): unknown {
  const problem = Array.isArray(value)
    ? value.map((filter, index) => [index, propertyFilterError(filter)] as const).find(([, error]) => error !== null)
    : ([null, 'not a list'] as const);
  if (problem) {
    const [index, error] = problem;
    throw invalid(`Must provide an array of valid property filters. ${index === null ? '' : `${index}: `}${error}`, 'test_account_filters');
  }
  return value;
}
