// The Query type: the root lookups, the projects connection and the caller (`viewer`).
import type { QueryResolvers } from '../generated/resolvers-types.ts';
import { connectionFor } from '../relay/connection.ts';
import { parseIntId, parseUuidId } from '../relay/global-id.ts';
import { organizationRef } from '../upstream-client/endpoints/organization.ts';
import { resolveNode, resolveNodes } from './node.ts';
import { prefetchFlagPages, prefetchFlagPagesOfNode } from './support/flag-prefetch.ts';
import { rateLimitOf } from './rate-limit.ts';

export const Query: QueryResolvers = {
  projects: (_parent, { search, ...args }, ctx) =>
    connectionFor(args, (limit, offset) => ctx.loaders.project.page({ limit, offset }, { search: search ?? undefined }), 'Project'),
  project: (_parent, { id }, ctx, info) => {
    const projectId = parseIntId('Project', id);
    const project = ctx.loaders.project.byId(projectId);
    prefetchFlagPages(info, projectId, ctx);
    return project;
  },
  organization: (_parent, { id }) => organizationRef(parseUuidId('Organization', id)),
  viewer: (_parent, _args, ctx) => ctx.loaders.user.viewer(),
  node: (_parent, { id }, ctx, info) => {
    const node = resolveNode(id, ctx);
    prefetchFlagPagesOfNode(info, id, ctx);
    return node as never;
  },
  nodes: (_parent, { ids }, ctx, info) => {
    const nodes = resolveNodes(ids, ctx);
    for (const id of ids) prefetchFlagPagesOfNode(info, id, ctx);
    return nodes as never;
  },
  rateLimit: (_parent, _args, ctx) => rateLimitOf(ctx),
};
