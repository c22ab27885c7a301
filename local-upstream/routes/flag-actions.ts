import { evaluateFlag } from '../evaluation/index.ts';
import { evaluationSetup } from '../engine.ts';
import { ApiError, plainError } from '../http/errors.ts';
import { activityPage } from '../http/pagination.ts';
import { ok, type ApiResponse } from '../http/request.ts';
import type { Route, RouteContext } from '../http/router.ts';
import { countActivity, pageActivity, type ActivityQuery } from '../storage/activity.ts';
import { getFlag, setFlagDashboard } from '../storage/flags.ts';
import { getDashboard, insertCohort, insertDashboard, markDashboardEnriched, projectPersons, type CohortRow } from '../storage/people.ts';
import { parseId } from '../auth/access.ts';
import { activityBody, flagOf, projectOf } from './common.ts';
import { flagLifecycleRoutes } from './flag-lifecycle.ts';
import { flagLookupRoutes } from './flag-lookups.ts';

/**
 * Flag actions besides evaluation. Scopes: the activity endpoints need `activity_log:read` (as in the real
 * service); `create_static_cohort_for_flag`, `dashboard` and `enrich_usage_dashboard` have no scope in the
 * real service (session only) and need `feature_flag:write` here, since they create objects and change the flag.
 */

function activityResponse(ctx: RouteContext, query: ActivityQuery): ApiResponse {
  return ok(
    activityPage(ctx.req, countActivity(ctx.store, query), (limit, offset) =>
      pageActivity(ctx.store, query, limit, offset).map((entry) => activityBody(ctx, entry)),
    ),
  );
}

function allActivity(ctx: RouteContext): ApiResponse {
  const { project } = projectOf(ctx, 'activity_log:read');
  return activityResponse(ctx, { projectId: project.id, scopes: ['FeatureFlag'] });
}

/** One flag's activity; an unknown flag is a 404 with no body, as in the real service. */
function flagActivity(ctx: RouteContext): ApiResponse {
  const { project } = projectOf(ctx, 'activity_log:read');
  const id = parseId(ctx.req.params.id);
  if (id === undefined || !getFlag(ctx.store, project.id, id)) throw new ApiError(404, undefined);
  return activityResponse(ctx, { projectId: project.id, scopes: ['FeatureFlag'], itemId: String(id) });
}

const pad = (n: number) => String(n).padStart(2, '0');
const cohortTimestamp = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;

function cohortBody(ctx: RouteContext, cohort: CohortRow): Record<string, unknown> {
  return {
    id: cohort.id,
    name: cohort.name,
    description: cohort.description,
    groups: [],
    deleted: false,
    filters: cohort.filters,
    query: null,
    is_calculating: false,
    created_by: ctx.users.basic(cohort.created_by),
    created_at: cohort.created_at,
    last_calculation: cohort.created_at,
    errors_calculating: 0,
    count: cohort.member_distinct_ids.length,
    is_static: cohort.is_static,
    experiment_set: [],
  };
}

/**
 * A static cohort of the project's persons for whom the flag is enabled now (computed at once, not by a job).
 * The interface documents 200 where the real service answers 201; the interface wins (local-upstream/README.md, "Fidelity").
 */
function createStaticCohort(ctx: RouteContext): ApiResponse {
  const { project } = projectOf(ctx, 'feature_flag:write');
  const flag = flagOf(ctx, project.id);
  const setup = evaluationSetup(ctx.store, project.id, '', {});
  const target = setup.flags.find((candidate) => candidate.id === flag.id)!;
  const members = projectPersons(ctx.store, project.id).filter(
    (person) => evaluateFlag(target, { ...setup.ctx, distinctId: person.distinct_id, personProperties: person.properties }).value !== false,
  );
  const cohort = insertCohort(ctx.store, {
    project_id: project.id,
    name: `Users with feature flag ${flag.key} enabled at ${cohortTimestamp(new Date())}`,
    description: '',
    is_static: true,
    filters: null,
    created_by: ctx.caller.user.id,
    member_distinct_ids: members.map((person) => person.distinct_id),
  });
  return ok({ cohort: cohortBody(ctx, cohort) });
}

/** Creates a new usage dashboard for the flag and points `usage_dashboard` at it. */
function dashboard(ctx: RouteContext): ApiResponse {
  const { project } = projectOf(ctx, 'feature_flag:write');
  const flag = flagOf(ctx, project.id);
  const id = insertDashboard(ctx.store, project.id, `Generated Dashboard: ${flag.key} Usage`, ctx.caller.user.id);
  setFlagDashboard(ctx.store, flag.id, id);
  return ok({ success: true });
}

/**
 * The real service's checks, in its order. The enrichment is recorded on the dashboard; `has_enriched_analytics`
 * is the flag's own writable switch that allows it, and stays as the client set it.
 */
function enrichUsageDashboard(ctx: RouteContext): ApiResponse {
  const { project } = projectOf(ctx, 'feature_flag:write');
  const flag = flagOf(ctx, project.id);
  const usage = flag.usage_dashboard === null ? undefined : getDashboard(ctx.store, project.id, flag.usage_dashboard);
  if (!usage) throw plainError(400, { success: false, error: 'Usage dashboard not found' });
  if (usage.enriched) throw plainError(400, { success: false, error: 'Usage dashboard already has enriched data' });
  if (!flag.has_enriched_analytics) throw plainError(400, { success: false, error: 'No enriched analytics available for this feature flag' });
  markDashboardEnriched(ctx.store, usage.id);
  return ok({ success: true });
}

const BASE = '/api/projects/:project/feature_flags';
export const flagActionRoutes: Route[] = [
  { method: 'GET', path: `${BASE}/activity`, handler: allActivity },
  { method: 'GET', path: `${BASE}/:id/activity`, handler: flagActivity },
  { method: 'POST', path: `${BASE}/:id/create_static_cohort_for_flag`, handler: createStaticCohort },
  { method: 'POST', path: `${BASE}/:id/dashboard`, handler: dashboard },
  { method: 'POST', path: `${BASE}/:id/enrich_usage_dashboard`, handler: enrichUsageDashboard },
  ...flagLifecycleRoutes,
  ...flagLookupRoutes,
];
