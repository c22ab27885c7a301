// Project domain: `projects` connection, `project(id:)`, the Project type (interface §2.7
// in camelCase) and the create/update/delete mutations.
//
// The list endpoint returns fewer fields than the full record. Fields only on the full
// record resolve through `loaders.project` (one GET per project, de-duplicated and issued
// in parallel), and only when a query asks for them.
import type { GatewayContext } from '../context.ts';
import { mutate, nullIfNotFound } from '../errors.ts';
import type { MutationResolvers, ProjectResolvers, QueryResolvers, WeekStartDay } from '../generated/resolvers-types.ts';
import { connectionFor } from '../relay/connection.ts';
import { parseIntId, toGlobalId } from '../relay/global-id.ts';
import { organizationRef } from '../upstream-client/organizations.ts';
import * as projects from '../upstream-client/projects.ts';
import type { ProjectParent, ProjectRecord } from '../upstream-client/projects.ts';
import { registerNodeType } from './node.ts';
import { toUpstreamBody } from './input.ts';

registerNodeType('Project', ([id], ctx) => ctx.loaders.project.load(parseIntId('Project', id ?? '')));

/** The full record of a project: the parent itself when it is one, else one (batched) GET. */
async function fullProject(project: ProjectParent, ctx: GatewayContext): Promise<ProjectRecord> {
  return projects.isFullProject(project) ? project : ctx.loaders.project.load(project.id);
}

function fromFull<K extends keyof ProjectRecord>(field: K) {
  return async (project: ProjectParent, _args: unknown, ctx: GatewayContext): Promise<ProjectRecord[K]> => (await fullProject(project, ctx))[field];
}

/** Records a write's answer so later fields of the same operation do not refetch it. */
function remember(ctx: GatewayContext, project: ProjectRecord): ProjectRecord {
  ctx.loaders.project.clear(project.id).prime(project.id, project);
  return project;
}

const Query: QueryResolvers = {
  projects: (_, args, ctx) =>
    connectionFor(
      args,
      async (limit, offset) => {
        const page = await projects.listProjects(ctx.client, limit, offset, args.search ?? undefined);
        return { ...page, results: Array.isArray(page?.results) ? ctx.loaders.primeProjectListItems(page.results) : page.results };
      },
      'Project',
    ),
  project: (_, { id }, ctx) => ctx.loaders.loadProject(parseIntId('Project', id)),
};

const Mutation: MutationResolvers = {
  createProject: async (_, { input }, ctx) => {
    const { result, userErrors } = await mutate(async () => remember(ctx, await projects.createProject(ctx.client, projectBody(input))));
    return { project: result, userErrors };
  },
  updateProject: async (_, { input: { id, ...changes } }, ctx) => {
    const projectId = parseIntId('Project', id);
    const { result, userErrors } = await mutate(async () => remember(ctx, await projects.updateProject(ctx.client, projectId, projectBody(changes))));
    return { project: result, userErrors };
  },
  deleteProject: async (_, { input }, ctx) => {
    const projectId = parseIntId('Project', input.id);
    const { result, userErrors } = await mutate(async () => {
      await projects.deleteProject(ctx.client, projectId);
      ctx.loaders.project.clear(projectId);
      return projectId;
    });
    return { deletedProjectId: result === null ? null : toGlobalId('Project', result), deletedDatabaseId: result, userErrors };
  },
};

const Project: ProjectResolvers = {
  // Federation: a reference by global id or by databaseId; a missing project is null, not a failed batch.
  __resolveReference: async (ref, ctx) => {
    const key = 'databaseId' in ref && ref.databaseId != null ? ref.databaseId : (ref as { id: string }).id;
    return await nullIfNotFound(ctx.loaders.project.load(parseIntId('Project', key)));
  },
  id: (project) => toGlobalId('Project', project.id),
  databaseId: (project) => project.id,
  organization: (project) => organizationRef(project.organization),
  apiToken: (project) => project.api_token,
  completedSnippetOnboarding: (project) => project.completed_snippet_onboarding,
  hasCompletedOnboardingFor: (project) => project.has_completed_onboarding_for,
  ingestedEvent: (project) => project.ingested_event,
  isDemo: (project) => project.is_demo,
  accessControl: (project) => project.access_control,
  appUrls: fromFull('app_urls'),
  slackIncomingWebhook: fromFull('slack_incoming_webhook'),
  createdAt: fromFull('created_at'),
  updatedAt: fromFull('updated_at'),
  anonymizeIps: fromFull('anonymize_ips'),
  testAccountFilters: fromFull('test_account_filters'),
  testAccountFiltersDefaultChecked: fromFull('test_account_filters_default_checked'),
  pathCleaningFilters: fromFull('path_cleaning_filters'),
  dataAttributes: fromFull('data_attributes'),
  personDisplayNameProperties: fromFull('person_display_name_properties'),
  correlationConfig: fromFull('correlation_config'),
  autocaptureOptOut: fromFull('autocapture_opt_out'),
  autocaptureExceptionsOptIn: fromFull('autocapture_exceptions_opt_in'),
  autocaptureExceptionsErrorsToIgnore: fromFull('autocapture_exceptions_errors_to_ignore'),
  captureConsoleLogOptIn: fromFull('capture_console_log_opt_in'),
  capturePerformanceOptIn: fromFull('capture_performance_opt_in'),
  sessionRecordingOptIn: fromFull('session_recording_opt_in'),
  sessionRecordingSampleRate: fromFull('session_recording_sample_rate'),
  sessionRecordingMinimumDurationMilliseconds: fromFull('session_recording_minimum_duration_milliseconds'),
  sessionRecordingLinkedFlag: fromFull('session_recording_linked_flag'),
  sessionRecordingNetworkPayloadCaptureConfig: fromFull('session_recording_network_payload_capture_config'),
  effectiveMembershipLevel: fromFull('effective_membership_level'),
  weekStartDay: async (project, _, ctx) => weekStartDay((await fullProject(project, ctx)).week_start_day),
  hasGroupTypes: fromFull('has_group_types'),
  primaryDashboard: fromFull('primary_dashboard'),
  liveEventsColumns: fromFull('live_events_columns'),
  recordingDomains: fromFull('recording_domains'),
  personOnEventsQueryingEnabled: fromFull('person_on_events_querying_enabled'),
  groupsOnEventsQueryingEnabled: fromFull('groups_on_events_querying_enabled'),
  injectWebApps: fromFull('inject_web_apps'),
  extraSettings: fromFull('extra_settings'),
  surveysOptIn: fromFull('surveys_opt_in'),
};

// WeekStartDay <-> the upstream's 0 (Sunday) / 1 (Monday).
const WEEK_START_DAYS = ['SUNDAY', 'MONDAY'] as const;

function weekStartDay(value: number | null | undefined): WeekStartDay | null {
  return value === 0 || value === 1 ? WEEK_START_DAYS[value] : null;
}

/** Project input -> REST body (weekStartDay becomes 0/1). */
function projectBody(input: object & { weekStartDay?: WeekStartDay | null }): Record<string, unknown> {
  const body = toUpstreamBody(input);
  if (input.weekStartDay != null) body.week_start_day = WEEK_START_DAYS.indexOf(input.weekStartDay);
  return body;
}

export const projectResolvers = { Query, Mutation, Project };
