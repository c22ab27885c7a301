// The resolver map: one file per GraphQL type, listed once below. A type or field resolved in
// two places is a compile error (a duplicate key here, or a field the generated type lacks),
// not a silent merge.
import type { Resolvers } from '../generated/resolvers-types.ts';
import { ActivityLogEntry } from './activity-log-entry.ts';
import { CopyFeatureFlagFailure } from './copy-feature-flag-failure.ts';
import { CopyFeatureFlagResult } from './copy-feature-flag-result.ts';
import { CreateFeatureFlagStaticCohortPayload } from './create-feature-flag-static-cohort-payload.ts';
import { FeatureFlag } from './feature-flag.ts';
import { FeatureFlagChange } from './feature-flag-change.ts';
import { FeatureFlagRoleAccess } from './feature-flag-role-access.ts';
import { FeatureFlagStaticCohort } from './feature-flag-static-cohort.ts';
import { LocalEvaluationFlag } from './local-evaluation-flag.ts';
import { Mutation } from './mutation.ts';
import { Node } from './node.ts';
import { Organization } from './organization.ts';
import { OrganizationFeatureFlag } from './organization-feature-flag.ts';
import { Plugin } from './plugin.ts';
import { PluginConfig } from './plugin-config.ts';
import { Project } from './project.ts';
import { Query } from './query.ts';
import { RepositoryPlugin } from './repository-plugin.ts';
import { RevokeFeatureFlagRoleAccessPayload } from './revoke-feature-flag-role-access-payload.ts';
import { Role } from './role.ts';
import { Subscription } from './subscription.ts';
import { PluginType, scalars, WeekStartDay } from './scalars.ts';
import { User } from './user.ts';
import { UserError } from './user-error.ts';
import { Viewer } from './viewer.ts';

export const resolvers: Resolvers = {
  ...scalars,
  PluginType,
  WeekStartDay,
  Query,
  Mutation,
  Subscription,
  Node,
  Project,
  Organization,
  User,
  Viewer,
  FeatureFlag,
  FeatureFlagRoleAccess,
  Role,
  Plugin,
  PluginConfig,
  RepositoryPlugin,
  ActivityLogEntry,
  LocalEvaluationFlag,
  OrganizationFeatureFlag,
  CopyFeatureFlagFailure,
  CopyFeatureFlagResult,
  FeatureFlagStaticCohort,
  CreateFeatureFlagStaticCohortPayload,
  RevokeFeatureFlagRoleAccessPayload,
  FeatureFlagChange,
  UserError,
};
