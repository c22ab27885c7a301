// Fields the flag domain adds to Project: the flags connection, lookups, the all-flags
// activity log and the evaluation helpers.
import { badUserInput, notFound } from '../../errors.ts';
import { connectionFor } from '../../relay/connection.ts';
import {
  getAllFeatureFlagsActivity,
  getEvaluationReasons,
  getLocalEvaluation,
  getMyFlags,
  getUserBlastRadius,
  type EvaluationReasonsRecord,
} from '../../upstream-client/feature-flags.ts';
import type { ProjectResolvers } from '../../generated/resolvers-types.ts';
import { activityConnection } from '../activity.ts';
import { flagsWithDeleted } from './with-deleted.ts';
import { jsonObject, parseFlagRef } from './refs.ts';

export const Project: ProjectResolvers = {
  featureFlags: (project, { includeDeleted, search, active, ...args }, ctx) => {
    const filters = { search: search ?? undefined, active: active ?? undefined };
    if (includeDeleted) return connectionFor(args, flagsWithDeleted(ctx, project.id, filters), 'FeatureFlag');
    return connectionFor(args, (limit, offset) => ctx.loaders.featureFlagPage(project.id, { limit, offset }, filters), 'FeatureFlag');
  },

  featureFlag: async (project, { id, key }, ctx) => {
    if ((id == null) === (key == null)) throw badUserInput('Give exactly one of "id" and "key".', { argument: 'id' });
    if (id != null) return ctx.loaders.featureFlag.load(parseFlagRef(id, project.id));
    const flag = await ctx.loaders.featureFlagByKey.load({ projectId: project.id, key: key as string });
    if (!flag) throw notFound(`No feature flag with key "${key}" in project ${project.id} (soft-deleted flags cannot be found by key).`);
    return flag;
  },

  featureFlagActivity: (project, args, ctx) => activityConnection(args, (page) => getAllFeatureFlagsActivity(ctx.client, project.id, page)),

  evaluationReasons: async (project, { distinctId, groups }, ctx) => {
    const reasons = await getEvaluationReasons(ctx.client, project.id, distinctId, jsonObject(groups, 'groups'));
    return Object.entries(reasons).map(([key, result]) => evaluation(key, result));
  },

  localEvaluation: async (project, { sendCohorts }, ctx) => {
    const data = await getLocalEvaluation(ctx.client, project.id, sendCohorts === true);
    return {
      flags: data.flags.map((record) => ({ projectId: project.id, record })),
      groupTypeMapping: data.group_type_mapping ?? null,
      cohorts: data.cohorts ?? null,
    };
  },

  myFlags: async (project, { groups }, ctx) => {
    const flags = await getMyFlags(ctx.client, project.id, jsonObject(groups, 'groups'));
    return flags.map((entry) => ({ flag: { projectId: project.id, record: entry.feature_flag }, value: entry.value, enabled: isOn(entry.value) }));
  },

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
