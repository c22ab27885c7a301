// Project mutations (docs/architecture.md, "Mutations"): the upstream's validation errors become
// userErrors through errors.ts `mutate`; a write's answer is remembered by the project loader.
import { mutate } from '../../errors.ts';
import type { MutationResolvers } from '../../generated/resolvers-types.ts';
import { parseIntId, toGlobalId } from '../../relay/global-id.ts';
import { createProject as create, deleteProject as remove, updateProject as update, type ProjectWrite } from '../../upstream-client/endpoints/project.ts';
import { toUpstreamBody } from '../support/input.ts';

export const createProject: MutationResolvers['createProject'] = async (_parent, { input }, ctx) => {
  const { result, userErrors } = await mutate(() => create(ctx.client, toUpstreamBody<ProjectWrite>(input)));
  return { project: result && ctx.loaders.project.remember(result), userErrors };
};

export const updateProject: MutationResolvers['updateProject'] = async (_parent, { input: { id, ...changes } }, ctx) => {
  const projectId = parseIntId('Project', id);
  const { result, userErrors } = await mutate(() => update(ctx.client, projectId, toUpstreamBody<ProjectWrite>(changes)));
  return { project: result && ctx.loaders.project.remember(result), userErrors };
};

export const deleteProject: MutationResolvers['deleteProject'] = async (_parent, { input }, ctx) => {
  const projectId = parseIntId('Project', input.id);
  const { userErrors } = await mutate(() => remove(ctx.client, projectId));
  ctx.loaders.project.forget(projectId);
  const deleted = userErrors.length === 0;
  return { deletedProjectId: deleted ? toGlobalId('Project', projectId) : null, deletedDatabaseId: deleted ? projectId : null, userErrors };
};
