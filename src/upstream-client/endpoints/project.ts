// Projects (teams; docs/rest-interface.md, "Projects"). Record types are exactly what the REST
// API returns (snake_case); they are the codegen mappers of `Project`. One function per endpoint.
import type { UpstreamClient } from '../client/http.ts';
import { decodePage, type Page, type PageArgs } from '../transport/page.ts';
import { PROJECT as PROJECT_RECORD } from '../transport/record-shapes.ts';
import { endpoint } from '../across-requests/rest-policy.ts';
import { changesOf, readsOf, recordsOf, type RecordFacts } from '../across-requests/scopes.ts';
import type { UpstreamRecord } from './upstream-record.ts';

/** A project as the list endpoint returns it (fewer fields than the full record). */
export type ProjectListItem = UpstreamRecord<{
  id: number;
  uuid: string;
  organization: string;
  api_token: string;
  name: string;
  completed_snippet_onboarding: boolean;
  has_completed_onboarding_for: unknown;
  ingested_event: boolean;
  is_demo: boolean;
  timezone: string;
  access_control: boolean;
}>;

/** The full project record returned by create, retrieve and update. */
export type ProjectRecord = UpstreamRecord<
  ProjectListItem & {
    app_urls: string[];
    slack_incoming_webhook: string | null;
    created_at: string;
    updated_at: string;
    anonymize_ips: boolean;
    test_account_filters: unknown;
    test_account_filters_default_checked: boolean | null;
    path_cleaning_filters: unknown;
    data_attributes: unknown;
    person_display_name_properties: string[] | null;
    correlation_config: unknown;
    autocapture_opt_out: boolean | null;
    autocapture_exceptions_opt_in: boolean | null;
    autocapture_exceptions_errors_to_ignore: unknown;
    capture_console_log_opt_in: boolean | null;
    capture_performance_opt_in: boolean | null;
    session_recording_opt_in: boolean;
    session_recording_sample_rate: string | null;
    session_recording_minimum_duration_milliseconds: number | null;
    session_recording_linked_flag: unknown;
    session_recording_network_payload_capture_config: unknown;
    effective_membership_level: number | null;
    week_start_day: number | null;
    has_group_types: boolean;
    primary_dashboard: number | null;
    live_events_columns: string[] | null;
    recording_domains: string[] | null;
    person_on_events_querying_enabled: boolean;
    groups_on_events_querying_enabled: boolean;
    inject_web_apps: boolean | null;
    extra_settings: unknown;
    surveys_opt_in: boolean | null;
    is_pending_deletion: boolean;
  }
>;

/** Either shape; resolvers of full-record-only fields load the full record when needed. */
export type ProjectParent = ProjectListItem | ProjectRecord;

/** True for the full record (create/retrieve/update), false for a list item. */
export function isFullProject(project: ProjectParent): project is ProjectRecord {
  return 'created_at' in project;
}

/** The writable project fields (snake_case), as sent in POST/PATCH bodies. */
export interface ProjectWrite {
  name?: string;
  timezone?: string;
  week_start_day?: number | null;
  app_urls?: string[];
  slack_incoming_webhook?: string | null;
  anonymize_ips?: boolean;
  completed_snippet_onboarding?: boolean;
  test_account_filters?: unknown;
  test_account_filters_default_checked?: boolean | null;
  path_cleaning_filters?: unknown;
  data_attributes?: unknown;
  person_display_name_properties?: string[] | null;
  correlation_config?: unknown;
  autocapture_opt_out?: boolean | null;
  autocapture_exceptions_opt_in?: boolean | null;
  autocapture_exceptions_errors_to_ignore?: unknown;
  capture_console_log_opt_in?: boolean | null;
  capture_performance_opt_in?: boolean | null;
  session_recording_opt_in?: boolean;
  session_recording_sample_rate?: string | null;
  session_recording_minimum_duration_milliseconds?: number | null;
  session_recording_linked_flag?: unknown;
  session_recording_network_payload_capture_config?: unknown;
  primary_dashboard?: number | null;
  live_events_columns?: string[] | null;
  recording_domains?: string[] | null;
  inject_web_apps?: boolean | null;
  extra_settings?: unknown;
  surveys_opt_in?: boolean | null;
}

/** List filters the projects list understands besides limit/offset. */
export interface ProjectListFilters {
  search?: string;
}

/** Each project record names its organization; a projects list, the caller's current one. */
function learnProjects(answer: unknown, facts: RecordFacts, keyHash?: string): void {
  facts.learnProjects(answer);
  const [first] = recordsOf(answer);
  if (keyHash !== undefined && first) facts.learnKeyOrganization(keyHash, first.organization);
}

/** The caller's current organization's projects; a project created there. */
const PROJECTS = endpoint('/api/projects/', {
  shape: PROJECT_RECORD,
  reads: ({ facts, keyHash }) => readsOf.keyOrganization(facts, keyHash),
  changes: ({ facts, keyHash, answer }) =>
    changesOf.organization((recordsOf(answer)[0]?.organization as string | undefined) ?? facts.organizationOfKey(keyHash)),
  learns: (answer, facts, { keyHash }) => learnProjects(answer, facts, keyHash),
});

/** One project; renamed or deleted, it also changes its organization's lists. */
const PROJECT = endpoint('/api/projects/{id}/', {
  shape: PROJECT_RECORD,
  reads: ({ params }) => readsOf.project(params.id!),
  changes: ({ facts, params, answer }) => changesOf.project(facts, params.id!, recordsOf(answer)[0]?.organization as string | undefined),
  learns: (answer, facts) => learnProjects(answer, facts),
});

export function listProjects(client: UpstreamClient, page: PageArgs, filters: ProjectListFilters = {}): Promise<Page<ProjectListItem>> {
  return client.request({ method: 'GET', ...PROJECTS, query: { ...page, search: filters.search || undefined }, decode: decodePage<ProjectListItem> });
}

export function getProject(client: UpstreamClient, id: number): Promise<ProjectRecord> {
  return client.request({ method: 'GET', ...PROJECT, params: { id } });
}

export function createProject(client: UpstreamClient, body: ProjectWrite): Promise<ProjectRecord> {
  return client.request({ method: 'POST', ...PROJECTS, body });
}

export function updateProject(client: UpstreamClient, id: number, body: ProjectWrite): Promise<ProjectRecord> {
  return client.request({ method: 'PATCH', ...PROJECT, params: { id }, body });
}

/** 204, no body. */
export async function deleteProject(client: UpstreamClient, id: number): Promise<void> {
  await client.request({ method: 'DELETE', ...PROJECT, params: { id } });
}

/** The REST values of `week_start_day`: 0 is Sunday, 1 is Monday (the WeekStartDay enum's values). */
export const WeekStartDayValue = { SUNDAY: 0, MONDAY: 1 } as const;
export type WeekStartDayValue = (typeof WeekStartDayValue)[keyof typeof WeekStartDayValue];
