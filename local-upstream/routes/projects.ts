import { ADMIN, currentOrganizationId, parseId, requireScope } from '../auth/access.ts';
import { checkCanCreateProject } from '../auth/project-creation.ts';
import { notFound, permissionDenied, validationError } from '../http/errors.ts';
import { paginate, paginateArray } from '../http/pagination.ts';
import { noContent, ok, type ApiResponse } from '../http/request.ts';
import type { Route, RouteContext } from '../http/router.ts';
import { getOrganization, membershipLevel } from '../storage/accounts.ts';
import { dashboardProjectId } from '../storage/people.ts';
import {
  countProjectsForUser,
  firstProjectOfOrganization,
  getProject,
  groupTypeMapping,
  insertProject,
  isPendingDeletion,
  listProjectsForUser,
  markProjectPendingDeletion,
  updateProject,
  type ProjectRow,
} from '../storage/projects.ts';
import { PROJECT_DEFAULTS, projectBody, projectListItem } from '../serializers/projects.ts';
import { requireObject } from '../validation/fields.ts';
import { validateProjectInput } from '../validation/project-input.ts';

/**
 * `/api/projects/` and `/api/projects/{id}/` (scope `project:read` / `project:write`), and the same operations under
 * `/api/organizations/{org}/projects/`, which the service serves with the same view narrowed to that organization.
 */

function fullBody(ctx: RouteContext, project: ProjectRow, level: number): Record<string, unknown> {
  return projectBody(project, level, groupTypeMapping(ctx.store, project.id));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The organization named by an organization-scoped route (undefined on `/api/projects/`). It must exist, whoever
 * asks: the service looks it up before the key's scopes, so an unknown one is 404 `Organization not found.`.
 */
function routeOrganization(ctx: RouteContext): string | undefined {
  const param = ctx.req.params.org;
  if (param === undefined) return undefined;
  const id = param === '@current' ? currentOrganizationId(ctx.store, ctx.caller) : param;
  if (!id || !UUID.test(id) || !getOrganization(ctx.store, id.toLowerCase())) throw notFound('Organization not found.');
  return id.toLowerCase();
}

/**
 * The project addressed by `{id}`. Only projects of the caller's organizations are visible, so another
 * organization's project (or, on an organization-scoped route, a project of another organization) is a plain 404
 * `Not found.`; a non-existent id reads `Project not found.`.
 */
function visibleProject(ctx: RouteContext, scope: string): { project: ProjectRow; level: number } {
  const organizationId = routeOrganization(ctx);
  const param = ctx.req.params.id ?? '';
  let project: ProjectRow | undefined;
  if (param === '@current') {
    const currentOrganization = currentOrganizationId(ctx.store, ctx.caller);
    project = currentOrganization ? firstProjectOfOrganization(ctx.store, currentOrganization) : undefined;
  } else {
    const id = parseId(param);
    if (id === undefined) throw notFound();
    project = getProject(ctx.store, id);
  }
  if (!project) throw notFound('Project not found.');
  requireScope(ctx.caller, scope);
  const level = membershipLevel(ctx.store, ctx.caller.user.id, project.organization_id);
  if (level === undefined || (organizationId !== undefined && project.organization_id !== organizationId)) throw notFound();
  return { project, level };
}

const dashboardProject = (ctx: RouteContext) => (id: number) => dashboardProjectId(ctx.store, id);

/**
 * The caller's projects, a project pending deletion included (the service lists it until it is gone). `search` is
 * one phrase (the service's PhraseSearchFilter): the name contains it, case-insensitively.
 */
function list(ctx: RouteContext): ApiResponse {
  const organizationId = routeOrganization(ctx);
  requireScope(ctx.caller, 'project:read');
  const userId = ctx.caller.user.id;
  const search = ctx.req.query.get('search')?.toLowerCase();
  if (search || organizationId !== undefined) {
    const all = listProjectsForUser(ctx.store, userId, -1, 0).filter(
      (project) => (organizationId === undefined || project.organization_id === organizationId) && (!search || project.name.toLowerCase().includes(search)),
    );
    return ok(paginateArray(ctx.req, all.map(projectListItem)));
  }
  return ok(
    paginate(ctx.req, countProjectsForUser(ctx.store, userId), (limit, offset) => listProjectsForUser(ctx.store, userId, limit, offset).map(projectListItem)),
  );
}

function create(ctx: RouteContext): ApiResponse {
  const routeOrganizationId = routeOrganization(ctx);
  requireScope(ctx.caller, 'project:write');
  const organizationId = routeOrganizationId ?? currentOrganizationId(ctx.store, ctx.caller);
  if (!organizationId) throw permissionDenied('You need to belong to an organization.');
  const body = requireObject(ctx.req.body());
  checkCanCreateProject(ctx.store, ctx.caller.user.id, organizationId, body);
  const level = membershipLevel(ctx.store, ctx.caller.user.id, organizationId)!;
  const input = validateProjectInput(body, undefined, dashboardProject(ctx), level);
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

/**
 * The service deletes a project in the background: the DELETE marks it `is_pending_deletion` and answers 204, the
 * project stays readable (and listed) until it is removed (project-deletion.ts), and a second DELETE is refused.
 */
function destroy(ctx: RouteContext): ApiResponse {
  const { project, level } = visibleProject(ctx, 'project:write');
  if (level < ADMIN) throw permissionDenied("You don't have sufficient permissions in the project.");
  if (isPendingDeletion(project)) throw validationError('This project is already being deleted.', null);
  markProjectPendingDeletion(ctx.store, project);
  ctx.deletions.schedule(project.id);
  return noContent();
}

export const projectRoutes: Route[] = [
  { method: 'GET', path: '/api/projects', handler: list },
  { method: 'POST', path: '/api/projects', handler: create },
  { method: 'GET', path: '/api/projects/:id', handler: retrieve },
  { method: 'PATCH', path: '/api/projects/:id', handler: update },
  { method: 'DELETE', path: '/api/projects/:id', handler: destroy },
  { method: 'GET', path: '/api/organizations/:org/projects', handler: list },
  { method: 'POST', path: '/api/organizations/:org/projects', handler: create },
  { method: 'GET', path: '/api/organizations/:org/projects/:id', handler: retrieve },
  { method: 'PATCH', path: '/api/organizations/:org/projects/:id', handler: update },
  { method: 'DELETE', path: '/api/organizations/:org/projects/:id', handler: destroy },
];
