// The OrganizationFeatureFlag type: one project's copy of a flag, from the organization-level
// flags-by-key route.
import type { OrganizationFeatureFlagResolvers } from '../generated/resolvers-types.ts';
import type { OrganizationFlagRecord } from '../upstream-client/endpoints/feature-flag.ts';
import { restField } from './support/rest-field.ts';

const rest = restField((entry: OrganizationFlagRecord) => entry);

export const OrganizationFeatureFlag: OrganizationFeatureFlagResolvers = {
  project: (entry, _args, ctx) => ctx.loaders.project.parent(entry.team_id),
  featureFlag: (entry, _args, ctx) => ctx.loaders.featureFlag.byId({ projectId: entry.team_id, id: entry.flag_id }),
  flagDatabaseId: rest('flag_id'),
  projectDatabaseId: rest('team_id'),
  createdBy: rest('created_by'),
  filters: rest('filters'),
  createdAt: rest('created_at'),
  active: rest('active'),
};
