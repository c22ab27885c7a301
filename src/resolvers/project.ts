// The Project type: the REST project record in camelCase, plus what hangs off a project
// (its flags, their activity, evaluation helpers). The list endpoint returns fewer fields than
// the full record: fields only on the full record read it through `loaders.project.full` (one
// GET per project, de-duplicated and issued in parallel), and only when a query asks for them.
import type { GatewayContext } from '../context.ts';
import { badUserInput, notFound } from '../errors.ts';
import type { ProjectResolvers } from '../generated/resolvers-types.ts';
import { connectionFor } from '../relay/connection.ts';
import { toGlobalId } from '../relay/global-id.ts';
import {
  getEvaluationReasons,
  getLocalEvaluation,
  getMyFlags,
  getUserBlastRadius,
  listAllFeatureFlagsActivity,
  type EvaluationReasonsRecord,
} from '../upstream-client/endpoints/feature-flag.ts';
import { organizationRef } from '../upstream-client/endpoints/organization.ts';
import type { ProjectParent, ProjectRecord } from '../upstream-client/endpoints/project.ts';
import { references } from './node.ts';
import { flagFilters } from './support/flag-prefetch.ts';
import { activityConnection } from './support/activity-connection.ts';
import { flagsWithDeleted } from './support/flags-with-deleted.ts';
import { parseFlagRef } from './support/ids.ts';
import { jsonObject } from './support/json-argument.ts';
import { restField } from './support/rest-field.ts';

const rest = restField((project: ProjectParent) => project);

/** A field only the full record has (see the file comment): a resolver, since it may need a GET. */
function full<K extends keyof ProjectRecord>(key: K) {
  return async (project: ProjectParent, _args: unknown, ctx: GatewayContext): Promise<NonNullable<ProjectRecord[K]> | null> =>
    (await ctx.loaders.project.full(project))[key] ?? null;
}

export const Project: ProjectResolvers = {
  __resolveReference: references.Project,
  id: (project) => toGlobalId('Project', project.id),
  databaseId: rest('id'),
  organization: (project) => organizationRef(project.organization),
  apiToken: rest('api_token'),
  completedSnippetOnboarding: rest('completed_snippet_onboarding'),
  hasCompletedOnboardingFor: rest('has_completed_onboarding_for'),
  ingestedEvent: rest('ingested_event'),
  isDemo: rest('is_demo'),
  accessControl: rest('access_control'),
  appUrls: full('app_urls'),
  slackIncomingWebhook: full('slack_incoming_webhook'),
  createdAt: full('created_at'),
  updatedAt: full('updated_at'),
  anonymizeIps: full('anonymize_ips'),
  testAccountFilters: full('test_account_filters'),
  testAccountFiltersDefaultChecked: full('test_account_filters_default_checked'),
  pathCleaningFilters: full('path_cleaning_filters'),
  dataAttributes: full('data_attributes'),
  personDisplayNameProperties: full('person_display_name_properties'),
  correlationConfig: full('correlation_config'),
  autocaptureOptOut: full('autocapture_opt_out'),
  autocaptureExceptionsOptIn: full('autocapture_exceptions_opt_in'),
  autocaptureExceptionsErrorsToIgnore: full('autocapture_exceptions_errors_to_ignore'),
  captureConsoleLogOptIn: full('capture_console_log_opt_in'),
  capturePerformanceOptIn: full('capture_performance_opt_in'),
  sessionRecordingOptIn: full('session_recording_opt_in'),
  sessionRecordingSampleRate: full('session_recording_sample_rate'),
  sessionRecordingMinimumDurationMilliseconds: full('session_recording_minimum_duration_milliseconds'),
  sessionRecordingLinkedFlag: full('session_recording_linked_flag'),
  sessionRecordingNetworkPayloadCaptureConfig: full('session_recording_network_payload_capture_config'),
  effectiveMembershipLevel: full('effective_membership_level'),
  // The REST 0/1 is the enum's value (codegen.ts enumValues); anything else is null. `as never`:
  // codegen types the resolver result of an enum with mapped values as null (its own bug).
  weekStartDay: async (project, _args, ctx) => {
    const day = (await ctx.loaders.project.full(project)).week_start_day;
    return (day === 0 || day === 1 ? day : null) as never;
  },
  hasGroupTypes: full('has_group_types'),
  primaryDashboard: full('primary_dashboard'),
  liveEventsColumns: full('live_events_columns'),
  recordingDomains: full('recording_domains'),
  personOnEventsQueryingEnabled: full('person_on_events_querying_enabled'),
  groupsOnEventsQueryingEnabled: full('groups_on_events_querying_enabled'),
  injectWebApps: full('inject_web_apps'),
  extraSettings: full('extra_settings'),
  surveysOptIn: full('surveys_opt_in'),
  // An upstream without background deletion does not report it: its projects are never pending.
  isPendingDeletion: async (project, _args, ctx) => (await ctx.loaders.project.full(project)).is_pending_deletion ?? false,

  featureFlags: (project, { includeDeleted, search, active, archived, ...args }, ctx) => {
    const filters = flagFilters({ search, active, archived });
    if (includeDeleted) return connectionFor(args, flagsWithDeleted(ctx, project.id, filters), 'FeatureFlag');
    return connectionFor(args, (limit, offset) => ctx.loaders.featureFlag.page(project.id, { limit, offset }, filters), 'FeatureFlag');
  },

  featureFlag: async (project, { id, key }, ctx) => {
    if ((id == null) === (key == null)) throw badUserInput('Give exactly one of "id" and "key".', { argument: 'id' });
    if (id != null) return ctx.loaders.featureFlag.byId(parseFlagRef(id, project.id));
    const flag = await ctx.loaders.featureFlag.byKey({ projectId: project.id, key: key as string });
    if (!flag) throw notFound(`No feature flag with key "${key}" in project ${project.id} (soft-deleted flags cannot be found by key).`);
    return flag;
  },

  featureFlagActivity: (project, args, ctx) => activityConnection(args, (page) => ctx.loaders.featureFlag.read(listAllFeatureFlagsActivity, project.id, page)),

  evaluationReasons: async (project, { distinctId, groups }, ctx) => {
    const reasons = await ctx.loaders.featureFlag.read(getEvaluationReasons, project.id, distinctId, jsonObject(groups, 'groups'));
    return Object.entries(reasons).map(([key, result]) => evaluation(key, result));
  },

  localEvaluation: async (project, { sendCohorts }, ctx) => {
    const data = await ctx.loaders.featureFlag.read(getLocalEvaluation, project.id, sendCohorts === true);
    return {
      flags: data.flags.map((record) => ({ projectId: project.id, record })),
      groupTypeMapping: data.group_type_mapping ?? null,
      cohorts: data.cohorts ?? null,
    };
  },

  myFlags: async (project, { groups }, ctx) => {
    const flags = await ctx.loaders.featureFlag.read(getMyFlags, project.id, jsonObject(groups, 'groups'));
    return flags.map((entry) => ({ flag: { projectId: project.id, record: entry.feature_flag }, value: entry.value, enabled: isOn(entry.value) }));
  },

  // A POST that reads: not cached, and (like every non-GET) it drops the request's reads.
  userBlastRadius: async (project, { condition, groupTypeIndex }, ctx) => {
    const body = { condition: jsonObject(condition, 'condition'), ...(groupTypeIndex != null ? { group_type_index: groupTypeIndex } : {}) };
    const radius = await getUserBlastRadius(ctx.client, project.id, body);
    return { usersAffected: radius.users_affected, totalUsers: radius.total_users };
  },
};

function evaluation(key: string, result: EvaluationReasonsRecord[string]) {
  return {
    key,
    value: result.value ?? null,
    enabled: isOn(result.value),
    variant: typeof result.value === 'string' ? result.value : null,
    reason: result.evaluation?.reason ?? 'unknown',
    conditionIndex: result.evaluation?.condition_index ?? null,
  };
}

/** A flag value is "on" when it is true or a variant key. */
function isOn(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value !== '');
}
