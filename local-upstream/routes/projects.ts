import { ADMIN, currentOrganizationId, parseId, requireScope } from '../auth/access.ts';
import { notFound, permissionDenied } from '../http/errors.ts';
import { paginate, paginateArray } from '../http/pagination.ts';
import { noContent, ok, type ApiResponse } from '../http/request.ts';
import type { Route, RouteContext } from '../http/router.ts';
import { membershipLevel } from '../storage/accounts.ts';
import { dashboardProjectId } from '../storage/people.ts';
import {
  countProjectsForUser,
  deleteProject,
  firstProjectOfOrganization,
  getProject,
  groupTypeMapping,
  insertProject,
  listProjectsForUser,
  updateProject,
  type ProjectRow,
} from '../storage/projects.ts';
import { PROJECT_DEFAULTS, projectBody, projectListItem } from '../serializers/projects.ts';
import { requireObject } from '../validation/fields.ts';
import { validateProjectInput } from '../validation/project-input.ts';

/** `/api/projects/` and `/api/projects/{id}/` (scope `project:read` / `project:write`). */

function fullBody(ctx: RouteContext, project: ProjectRow, level: number): Record<string, unknown> {
  return projectBody(project, level, Object.keys(groupTypeMapping(ctx.store, project.id)).length > 0);
}

/**
 * The project addressed by `/api/projects/{id}/`. Only projects of the caller's organizations are visible, so
 * another organization's project is a plain 404 `Not found.` (a non-existent id reads `Project not found.`).
 */
function visibleProject(ctx: RouteContext, scope: string): { project: ProjectRow; level: number } {
  const param = ctx.req.params.id ?? '';
  let project: ProjectRow | undefined;
  if (param === '@current') {
    const organizationId = currentOrganizationId(ctx.store, ctx.caller);
    project = organizationId ? firstProjectOfOrganization(ctx.store, organizationId) : undefined;
  } else {
    const id = parseId(param);
    if (id === undefined) throw notFound();
    project = getProject(ctx.store, id);
  }
  if (!project) throw notFound('Project not found.');
  requireScope(ctx.caller, scope);
  const level = membershipLevel(ctx.store, ctx.caller.user.id, project.organization_id);
  if (level === undefined) throw notFound();
  return { project, level };
}

const dashboardProject = (ctx: RouteContext) => (id: number) => dashboardProjectId(ctx.store, id);

function list(ctx: RouteContext): ApiResponse {
  requireScope(ctx.caller, 'project:read');
  const userId = ctx.caller.user.id;
  const search = ctx.req.query.get('search')?.trim().toLowerCase();
  if (search) {
    const all = listProjectsForUser(ctx.store, userId, -1, 0).filter((project) => project.name.toLowerCase().includes(search));
    return ok(paginateArray(ctx.req, all.map(projectListItem)));
  }
  return ok(
    paginate(ctx.req, countProjectsForUser(ctx.store, userId), (limit, offset) => listProjectsForUser(ctx.store, userId, limit, offset).map(projectListItem)),
  );
}

function create(ctx: RouteContext): ApiResponse {
  requireScope(ctx.caller, 'project:write');
  const organizationId = currentOrganizationId(ctx.store, ctx.caller);
  if (!organizationId) throw permissionDenied('You need to belong to an organization.');
  const level = membershipLevel(ctx.store, ctx.caller.user.id, organizationId)!;
  const input = validateProjectInput(requireObject(ctx.req.body()), undefined, dashboardProject(ctx), level);
  const { name = 'Default project', ...settings } = input;
  const project = insertProject(ctx.store, organizationId, name as string, { ...PROJECT_DEFAULTS, ...settings });
  return ok(fullBody(ctx, project, level), 201);
}

function retrieve(ctx: RouteContext): ApiResponse {
  const { project, level } = visibleProject(ctx, 'project:read');
  return ok(fullBody(ctx, project, level));
}

function update(ctx: RouteContext): ApiResponse {
  const { project, level } = visibleProject(ctx, 'project:write');
  const input = validateProjectInput(requireObject(ctx.req.body()), project.id, dashboardProject(ctx), level);
  const { name = project.name, ...settings } = input;
  updateProject(ctx.store, project.id, name as string, { ...project.settings, ...settings });
  return ok(fullBody(ctx, getProject(ctx.store, project.id)!, level));
}

function destroy(ctx: RouteContext): ApiResponse {
  const { project, level } = visibleProject(ctx, 'project:write');
  if (level < ADMIN) throw permissionDenied("You don't have sufficient permissions in the project.");
  deleteProject(ctx.store, project.id);
  return noContent();
}

export const projectRoutes: Route[] = [
  { method: 'GET', path: '/api/projects', handler: list },
  { method: 'POST', path: '/api/projects', handler: create },
  { method: 'GET', path: '/api/projects/:id', handler: retrieve },
  { method: 'PATCH', path: '/api/projects/:id', handler: update },
  { method: 'DELETE', path: '/api/projects/:id', handler: destroy },
];
