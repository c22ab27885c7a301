// The Query type: the root lookups, the projects connection and the caller (`viewer`).
import type { QueryResolvers } from '../generated/resolvers-types.ts';
import { connectionFor } from '../relay/connection.ts';
import { parseIntId, parseUuidId } from '../relay/global-id.ts';
import { organizationRef } from '../upstream-client/endpoints/organization.ts';
import { resolveNode, resolveNodes } from './node.ts';
import { projectWithFlagPages } from './support/flag-prefetch.ts';
import { rateLimitOf } from './rate-limit.ts';

export const Query: QueryResolvers = {
  projects: (_parent, { search, ...args }, ctx) =>
    connectionFor(args, (limit, offset) => ctx.loaders.project.page({ limit, offset }, { search: search ?? undefined }), 'Project'),
  project: (_parent, { id }, ctx, info) => projectWithFlagPages(parseIntId('Project', id), ctx, info),
  organization: (_parent, { id }) => organizationRef(parseUuidId('Organization', id)),
  viewer: (_parent, _args, ctx) => ctx.loaders.user.viewer(),
  node: (_parent, { id }, ctx, info) => resolveNode(id, ctx, info) as never,
  nodes: (_parent, { ids }, ctx, info) => resolveNodes(ids, ctx, info) as never,
  rateLimit: (_parent, _args, ctx) => rateLimitOf(ctx),
};
