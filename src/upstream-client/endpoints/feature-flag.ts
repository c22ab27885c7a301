// Feature flags of a project and the organization-level flag routes (docs/rest-interface.md,
// "Feature flags"). Record types are exactly what the REST API returns (snake_case); one
// function per endpoint.
import type { UpstreamClient } from '../client/http.ts';
import type { ActivityLogRecord } from './activity.ts';
import { decodeActivityPage, decodePage, type ActivityPage, type ActivityPageArgs, type Page, type PageArgs } from '../transport/page.ts';
import { decodeRecord, decodeRecords, expectRecord, expectRecords, FLAG as FLAG_RECORD, MINIMAL_FLAG, type Shape } from '../transport/record-shapes.ts';
import { endpoint, type Endpoint, type PrimedEntry, type RestPolicy } from '../across-requests/rest-policy.ts';
import { changesOf, readsOf, recordsOf } from '../across-requests/scopes.ts';
import type { UserRecord } from './user.ts';
import type { UserError } from '../../user-error.ts';
import type { UpstreamRecord } from './upstream-record.ts';

/** A feature flag (docs/rest-interface.md, "Feature flags"). Fields newer or older upstreams omit are optional. */
export type FeatureFlagRecord = UpstreamRecord<{
  id: number;
  /** The flag's description (kept as `name` upstream for backwards compatibility). */
  name: string;
  key: string;
  filters: Record<string, unknown>;
  deleted: boolean;
  active: boolean;
  /** Current service only (lifecycle endpoints); absent on older upstreams. An archived flag is also disabled. */
  archived?: boolean;
  created_by: UserRecord | null;
  created_at: string;
  /** Real service only; absent on older upstreams. */
  updated_at?: string | null;
  version?: number | null;
  last_modified_by?: UserRecord | null;
  /** `ACTIVE`, `STALE`, `DELETED`, `INACTIVE` or `UNKNOWN`; absent on some upstream versions. */
  status?: string | null;
  is_simple_flag?: boolean;
  rollout_percentage?: number | null;
  ensure_experience_continuity: boolean | null;
  experiment_set?: number[];
  surveys?: unknown;
  features?: unknown;
  rollback_conditions?: unknown;
  performed_rollback?: boolean | null;
  can_edit?: boolean;
  tags?: string[];
  usage_dashboard?: number | null;
  analytics_dashboards?: number[];
  has_enriched_analytics?: boolean | null;
}>;

/** The writable flag fields. */
export interface FeatureFlagWrite {
  name?: string;
  key?: string;
  filters?: unknown;
  deleted?: boolean;
  active?: boolean;
  created_at?: string;
  ensure_experience_continuity?: boolean;
  rollback_conditions?: unknown;
  performed_rollback?: boolean;
  tags?: string[];
  analytics_dashboards?: number[];
  has_enriched_analytics?: boolean;
  /** The version the edit started from; with `original_flag`, the service refuses a stale edit (409 `conflict`). */
  version?: number;
  /** The fields as the editor read them: a stale edit of a field changed since is refused, the others merged. */
  original_flag?: Record<string, unknown>;
}

/** List filters the flags list understands besides limit/offset. */
export interface FeatureFlagListFilters {
  search?: string;
  active?: boolean;
  /**
   * Archived flags are left out of the list unless `archived` is sent; its value then picks archived (`true`) or
   * not archived (`false`) flags (docs/rest-interface.md, "Feature flags"). Older upstreams ignore it.
   */
  archived?: boolean;
}

/** evaluation_reasons/: flag key -> value and reason. */
export type EvaluationReasonsRecord = UpstreamRecord<Record<string, { value: unknown; evaluation: { reason: string; condition_index: number | null } }>>;

/** The minimal flag definition of local_evaluation/ and my_flags/. */
export type MinimalFeatureFlagRecord = UpstreamRecord<{
  id: number;
  team_id?: number;
  name?: string;
  key: string;
  filters?: Record<string, unknown>;
  deleted?: boolean;
  active?: boolean;
  ensure_experience_continuity?: boolean | null;
  has_encrypted_payloads?: boolean | null;
  version?: number | null;
  evaluation_runtime?: string | null;
}>;

export type LocalEvaluationRecord = UpstreamRecord<{
  flags: MinimalFeatureFlagRecord[];
  group_type_mapping: Record<string, string>;
  cohorts: Record<string, unknown>;
}>;

export type MyFlagRecord = UpstreamRecord<{
  feature_flag: MinimalFeatureFlagRecord;
  value: unknown;
}>;

export type UserBlastRadiusRecord = UpstreamRecord<{
  users_affected: number;
  total_users: number;
}>;

/** create_static_cohort_for_flag/ answers `{cohort: <Cohort>}`. */
export type StaticCohortResponse = UpstreamRecord<{
  cohort: CohortRecord;
}>;

export type CohortRecord = UpstreamRecord<{
  id: number;
  name?: string | null;
  is_static?: boolean;
  is_calculating?: boolean;
  created_at?: string | null;
  [other: string]: unknown;
}>;

/** dashboard/ and enrich_usage_dashboard/ answer `{success: true}` or 400 `{success: false, error}`. */
export type DashboardActionResponse = UpstreamRecord<{
  success: boolean;
  error?: string;
}>;

/** One entry of GET /api/organizations/{org_id}/feature_flags/{key}/ (a plain array). */
export type OrganizationFlagRecord = UpstreamRecord<{
  flag_id: number;
  team_id: number;
  created_by: UserRecord | null;
  filters: Record<string, unknown>;
  created_at: string;
  active: boolean;
}>;

export interface CopyFlagsBody {
  feature_flag_key: string;
  from_project: number;
  target_project_ids: number[];
  copy_schedule?: boolean;
  copy_dependencies?: boolean;
  disable_copied_flag?: boolean;
}

/** copy_flags/ answers 200 `{success: [flag...], failed: [{project_id, error_message}]}` (`errors` in older services). */
export type CopyFlagsResponse = UpstreamRecord<{
  success: CopyFlagsSuccessRecord[];
  failed: CopyFlagsFailureRecord[];
}>;

/**
 * A copied flag's record, with the target's id (`team_id`, newer services) and, only when non-empty, what the copy
 * could not carry: dropped dependency conditions, dependency flags copied first and their warnings, skipped schedules.
 */
export type CopyFlagsSuccessRecord = FeatureFlagRecord & {
  team_id?: number;
  flag_dependency_warnings?: unknown;
  copied_dependency_keys?: unknown;
  dependency_copy_warnings?: unknown;
  schedule_copy_warning?: unknown;
};

/** One target's copy: the flag under its project, and the record's warnings. The codegen mapper of CopyFeatureFlagResult. */
export interface ProjectFlagCopy {
  flag: ProjectFlag;
  record: CopyFlagsSuccessRecord;
}

export type CopyFlagsFailureRecord = UpstreamRecord<{
  project_id: number;
  error_message?: unknown;
  errors?: unknown;
}>;

const FLAGS_ROUTE = '/api/projects/{project_id}/feature_flags/';
const FLAG_ROUTE = '/api/projects/{project_id}/feature_flags/{id}/';

/** Each record of a flags page is the very record its own GET answers (the service serializes both alike). */
function flagsOfPage({ params, answer }: { params: Readonly<Record<string, string | number>>; answer: unknown }): PrimedEntry[] {
  const projectId = params.project_id!;
  return recordsOf(answer)
    .filter((record) => typeof record.id === 'number' && Number.isSafeInteger(record.id))
    .map((record) => ({
      path: `/api/projects/${projectId}/feature_flags/${record.id as number}/`,
      value: record,
      scopes: readsOf.flag(projectId, record.id as number),
    }));
}

/** The project's flags page; a flag created there. */
const FLAGS = endpoint(FLAGS_ROUTE, {
  shape: FLAG_RECORD,
  reads: ({ params }) => readsOf.projectLists(params.project_id!),
  changes: ({ facts, params }) => changesOf.project(facts, params.project_id!),
  primes: flagsOfPage,
});

/** One flag; its fields written (soft delete included). */
const FLAG = endpoint(FLAG_ROUTE, {
  shape: FLAG_RECORD,
  reads: ({ params }) => readsOf.flag(params.project_id!, params.id!),
  changes: ({ facts, params }) => changesOf.flag(facts, params.project_id!, params.id!),
});

/** An action on one flag (a cohort, a dashboard made from it): it changes that flag. */
const flagAction = (action: string, shape?: Shape) =>
  endpoint(`${FLAG_ROUTE}${action}/`, { ...(shape ? { shape } : {}), changes: ({ facts, params }) => changesOf.flag(facts, params.project_id!, params.id!) });
const STATIC_COHORT = flagAction('create_static_cohort_for_flag');
const DASHBOARD = flagAction('dashboard');
const ENRICH_DASHBOARD = flagAction('enrich_usage_dashboard');

/** Live state, never kept (what live updates poll, what debugging needs now); concurrent identical reads still share. */
const live = (route: string, reads: RestPolicy['reads']) => endpoint(route, { reads, live: true });
const FLAG_ACTIVITY = live(`${FLAG_ROUTE}activity/`, ({ params }) => readsOf.flag(params.project_id!, params.id!));
const FLAGS_ACTIVITY = live(`${FLAGS_ROUTE}activity/`, ({ params }) => readsOf.projectLists(params.project_id!));
const EVALUATION_REASONS = live(`${FLAGS_ROUTE}evaluation_reasons/`, ({ params }) => readsOf.projectLists(params.project_id!));
const MY_FLAGS = live(`${FLAGS_ROUTE}my_flags/`, ({ params }) => readsOf.projectLists(params.project_id!));

const LOCAL_EVALUATION = endpoint(`${FLAGS_ROUTE}local_evaluation/`, { reads: ({ params }) => readsOf.projectLists(params.project_id!) });
/** A read sent as a POST: no write, never kept. */
const USER_BLAST_RADIUS = endpoint(`${FLAGS_ROUTE}user_blast_radius/`, { postReads: true });

/** The endpoints the work across requests is tested with (test/gateway/across-requests.unit.test.ts). */
export { FLAGS as FLAGS_ENDPOINT, FLAG as FLAG_ENDPOINT, FLAGS_ACTIVITY as FLAGS_ACTIVITY_ENDPOINT };

/** A flag across the organization's projects: each entry names its project (`team_id`). */
const ORGANIZATION_FLAGS = endpoint('/api/organizations/{org_id}/feature_flags/{feature_flag_key}/', {
  reads: ({ params }) => readsOf.organization(String(params.org_id)),
  learns: (answer, facts, { params }) =>
    facts.learnProjects(
      recordsOf(answer).map((entry) => ({ id: entry.team_id })),
      String(params.org_id),
    ),
});

/** Copies a flag into target projects of the organization: every read of those projects. */
const COPY_FLAGS = endpoint('/api/organizations/{org_id}/feature_flags/copy_flags/', {
  changes: ({ facts, params, body }) => {
    const orgId = String(params.org_id);
    const targets = (body as Partial<CopyFlagsBody> | null)?.target_project_ids ?? [];
    return [...changesOf.organization(orgId), ...targets.flatMap((projectId) => changesOf.project(facts, projectId, orgId))];
  },
});

export function listFeatureFlags(
  client: UpstreamClient,
  projectId: number,
  page: PageArgs,
  filters: FeatureFlagListFilters = {},
): Promise<Page<FeatureFlagRecord>> {
  const query = { ...page, search: filters.search, active: filters.active, archived: filters.archived };
  return client.request({ method: 'GET', ...FLAGS, params: { project_id: projectId }, query, decode: decodePage<FeatureFlagRecord> });
}

export function createFeatureFlag(client: UpstreamClient, projectId: number, body: FeatureFlagWrite): Promise<FeatureFlagRecord> {
  return client.request({ method: 'POST', ...FLAGS, params: { project_id: projectId }, body });
}

export function getFeatureFlag(client: UpstreamClient, projectId: number, id: number): Promise<FeatureFlagRecord> {
  return client.request({ method: 'GET', ...FLAG, params: { project_id: projectId, id } });
}

/** PATCH; also the only way to soft-delete (`deleted: true`) or restore a flag. There is deliberately no DELETE function. */
export function updateFeatureFlag(client: UpstreamClient, projectId: number, id: number, body: FeatureFlagWrite): Promise<FeatureFlagRecord> {
  return client.request({ method: 'PATCH', ...FLAG, params: { project_id: projectId, id }, body });
}

/**
 * The lifecycle endpoints: each changes only `active` and/or `archived` and takes no body, so a toggle never
 * re-sends the flag's filters. A flag already in the asked state is answered unchanged, with no write.
 */
export type FlagLifecycleAction = 'enable' | 'disable' | 'archive' | 'unarchive';

/** POST .../feature_flags/{id}/enable|disable|archive|unarchive/: the flag after the change. */
export function changeFeatureFlagState(client: UpstreamClient, projectId: number, id: number, action: FlagLifecycleAction): Promise<FeatureFlagRecord> {
  return client.request({ method: 'POST', ...LIFECYCLE[action], params: { project_id: projectId, id }, body: {} });
}

/** Each answers the flag after the change, so its shape is checked like the flag's own. */
const LIFECYCLE: Record<FlagLifecycleAction, Endpoint> = {
  enable: flagAction('enable', FLAG_RECORD),
  disable: flagAction('disable', FLAG_RECORD),
  archive: flagAction('archive', FLAG_RECORD),
  unarchive: flagAction('unarchive', FLAG_RECORD),
};

export function listFeatureFlagActivity(
  client: UpstreamClient,
  projectId: number,
  id: number,
  page: ActivityPageArgs,
): Promise<ActivityPage<ActivityLogRecord>> {
  const params = { project_id: projectId, id };
  return client.request({ method: 'GET', ...FLAG_ACTIVITY, params, query: { ...page }, decode: decodeActivityPage<ActivityLogRecord> });
}

export function createStaticCohortForFlag(client: UpstreamClient, projectId: number, id: number): Promise<StaticCohortResponse> {
  return client.request({ method: 'POST', ...STATIC_COHORT, params: { project_id: projectId, id }, body: {} });
}

export function createFlagDashboard(client: UpstreamClient, projectId: number, id: number): Promise<DashboardActionResponse> {
  return client.request({ method: 'POST', ...DASHBOARD, params: { project_id: projectId, id }, body: {} });
}

export function enrichFlagUsageDashboard(client: UpstreamClient, projectId: number, id: number): Promise<DashboardActionResponse> {
  return client.request({ method: 'POST', ...ENRICH_DASHBOARD, params: { project_id: projectId, id }, body: {} });
}

export function listAllFeatureFlagsActivity(client: UpstreamClient, projectId: number, page: ActivityPageArgs): Promise<ActivityPage<ActivityLogRecord>> {
  const params = { project_id: projectId };
  return client.request({ method: 'GET', ...FLAGS_ACTIVITY, params, query: { ...page }, decode: decodeActivityPage<ActivityLogRecord> });
}

export function getEvaluationReasons(client: UpstreamClient, projectId: number, distinctId: string, groups: unknown): Promise<EvaluationReasonsRecord> {
  const query = { distinct_id: distinctId, groups: jsonQueryValue(groups) };
  return client.request({ method: 'GET', ...EVALUATION_REASONS, params: { project_id: projectId }, query, decode: decodeEvaluationReasons });
}

/** Flag key -> an object whose `value` and `evaluation` are read. */
function decodeEvaluationReasons(body: unknown): EvaluationReasonsRecord {
  expectRecord(body, '');
  for (const [key, result] of Object.entries(body)) expectRecord(result, key);
  return body as EvaluationReasonsRecord;
}

export function getLocalEvaluation(client: UpstreamClient, projectId: number, sendCohorts: boolean): Promise<LocalEvaluationRecord> {
  return client.request({
    method: 'GET',
    ...LOCAL_EVALUATION,
    params: { project_id: projectId },
    query: { send_cohorts: sendCohorts ? 'true' : undefined },
    decode: decodeLocalEvaluation,
  });
}

function decodeLocalEvaluation(body: unknown): LocalEvaluationRecord {
  expectRecord(body, '');
  expectRecords(body.flags, 'flags', MINIMAL_FLAG);
  return body as LocalEvaluationRecord;
}

export function getMyFlags(client: UpstreamClient, projectId: number, groups: unknown): Promise<MyFlagRecord[]> {
  const query = { groups: jsonQueryValue(groups) };
  return client.request({ method: 'GET', ...MY_FLAGS, params: { project_id: projectId }, query, decode: decodeMyFlags });
}

function decodeMyFlags(body: unknown): MyFlagRecord[] {
  expectRecords(body, '');
  for (let index = 0; index < body.length; index++) expectRecord(body[index]?.feature_flag, `[${index}].feature_flag`, MINIMAL_FLAG);
  return body as MyFlagRecord[];
}

export function getUserBlastRadius(
  client: UpstreamClient,
  projectId: number,
  body: { condition: unknown; group_type_index?: number | null },
): Promise<UserBlastRadiusRecord> {
  return client.request({
    method: 'POST',
    ...USER_BLAST_RADIUS,
    params: { project_id: projectId },
    body,
    decode: decodeRecord<UserBlastRadiusRecord>,
  });
}

// `groups` travels as a JSON-encoded query parameter; absent when not given.
function jsonQueryValue(value: unknown): string | undefined {
  return value === undefined || value === null ? undefined : JSON.stringify(value);
}

export function getOrganizationFlagsByKey(client: UpstreamClient, organizationId: string, key: string): Promise<OrganizationFlagRecord[]> {
  return client.request({
    method: 'GET',
    ...ORGANIZATION_FLAGS,
    params: { org_id: organizationId, feature_flag_key: key },
    decode: decodeRecords<OrganizationFlagRecord>,
  });
}

export function copyFeatureFlags(client: UpstreamClient, organizationId: string, body: CopyFlagsBody): Promise<CopyFlagsResponse> {
  return client.request({ method: 'POST', ...COPY_FLAGS, params: { org_id: organizationId }, body, decode: decodeCopyFlags });
}

/** The copied flags become FeatureFlags and each failure is read; either list may be left out. */
function decodeCopyFlags(body: unknown): CopyFlagsResponse {
  expectRecord(body, '');
  if (body.success != null) expectRecords(body.success, 'success', FLAG_RECORD);
  if (body.failed != null) expectRecords(body.failed, 'failed');
  return body as CopyFlagsResponse;
}

/** A flag named by its project and its numeric id. */
export interface FlagRef {
  projectId: number;
  id: number;
}

/**
 * A flag together with the project it was read from: the REST record does not name its
 * project, but the flag's global id and `project` field need it. The codegen mapper of FeatureFlag.
 * A class, so the resolvers can give it getters for plain fields (docs/performance.md, "Plain fields as getters").
 */
export class ProjectFlag {
  declare private readonly nominal: never; // only the constructor makes one, never an object literal
  readonly projectId: number;
  readonly record: FeatureFlagRecord;

  constructor(projectId: number, record: FeatureFlagRecord) {
    this.projectId = projectId;
    this.record = record;
  }
}

/** A minimal flag definition (local evaluation, my flags) with its project. The codegen mapper of LocalEvaluationFlag. */
export interface ProjectMinimalFlag {
  projectId: number;
  record: MinimalFeatureFlagRecord;
}

/** The codegen mapper of CreateFeatureFlagStaticCohortPayload: the flag is read back only if selected. */
export interface StaticCohortPayload {
  cohort: CohortRecord | null;
  flagRef: FlagRef;
  userErrors: UserError[];
}
