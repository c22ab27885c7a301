// The Mutation type, field by field from the domain files in ./mutations/ (docs/architecture.md,
// "Mutations"): a mutation listed twice, or missing from the schema, is a compile error.
import type { MutationResolvers } from '../generated/resolvers-types.ts';
import {
  archiveFeatureFlag,
  copyFeatureFlags,
  createFeatureFlag,
  createFeatureFlagDashboard,
  createFeatureFlagStaticCohort,
  deleteFeatureFlag,
  disableFeatureFlag,
  enableFeatureFlag,
  enrichFeatureFlagUsageDashboard,
  restoreFeatureFlag,
  unarchiveFeatureFlag,
  updateFeatureFlag,
} from './mutations/feature-flag.ts';
import { checkPluginForUpdates, createPlugin, deletePlugin, updatePlugin, updatePluginSource, upgradePlugin } from './mutations/plugin.ts';
import { createProject, deleteProject, updateProject } from './mutations/project.ts';
import { grantFeatureFlagRoleAccess, revokeFeatureFlagRoleAccess } from './mutations/role-access.ts';

export const Mutation: MutationResolvers = {
  createProject,
  updateProject,
  deleteProject,
  createFeatureFlag,
  updateFeatureFlag,
  deleteFeatureFlag,
  restoreFeatureFlag,
  enableFeatureFlag,
  disableFeatureFlag,
  archiveFeatureFlag,
  unarchiveFeatureFlag,
  createFeatureFlagStaticCohort,
  createFeatureFlagDashboard,
  enrichFeatureFlagUsageDashboard,
  copyFeatureFlags,
  grantFeatureFlagRoleAccess,
  revokeFeatureFlagRoleAccess,
  createPlugin,
  updatePlugin,
  deletePlugin,
  updatePluginSource,
  upgradePlugin,
  checkPluginForUpdates,
};
