// Feature-flag domain resolvers (schema/feature-flag.graphql), one file per concern under
// ./feature-flag/: Project fields, the FeatureFlag type, evaluation, mutations,
// organization-level routes. Activity log entries (declared in the flag SDL, also used by
// plugins) resolve in ../activity.ts.
import type { Resolvers } from '../generated/resolvers-types.ts';
import { ActivityLogEntry } from './activity.ts';
import { LocalEvaluationFlag } from './feature-flag/evaluation.ts';
import { FeatureFlag } from './feature-flag/flag.ts';
import { Mutation as flagMutations } from './feature-flag/mutations.ts';
import { CopyFeatureFlagFailure, Mutation as organizationFlagMutations, Organization, OrganizationFeatureFlag } from './feature-flag/organization-flags.ts';
import { CreateFeatureFlagStaticCohortPayload, FeatureFlagStaticCohort } from './feature-flag/payloads.ts';
import { Project } from './feature-flag/project-fields.ts';
import { parseFlagRef } from './feature-flag/refs.ts';
import { registerNodeType } from './node.ts';

registerNodeType('FeatureFlag', ([projectId = '', id = ''], ctx) => ctx.loaders.featureFlag.load(parseFlagRef(id, projectId)));

export const featureFlagResolvers: Resolvers = {
  Project,
  Organization,
  FeatureFlag,
  ActivityLogEntry,
  LocalEvaluationFlag,
  OrganizationFeatureFlag,
  CopyFeatureFlagFailure,
  CreateFeatureFlagStaticCohortPayload,
  FeatureFlagStaticCohort,
  Mutation: { ...flagMutations, ...organizationFlagMutations },
};
