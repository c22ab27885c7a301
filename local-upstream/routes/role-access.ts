import { parseId } from '../auth/access.ts';
import { mayChangeFlagRoles } from '../auth/flag-edit-access.ts';
import { notFound, permissionDenied, validationError } from '../http/errors.ts';
import { paginate } from '../http/pagination.ts';
import { noContent, ok, type ApiResponse } from '../http/request.ts';
import type { Route, RouteContext } from '../http/router.ts';
import type { FlagRow } from '../storage/flags.ts';
import {
  countRoleAccess,
  deleteRoleAccess,
  findRoleAccess,
  getRoleAccess,
  insertRoleAccess,
  pageRoleAccess,
  type RoleAccessRow,
} from '../storage/role-access.ts';
import { getRole } from '../storage/roles.ts';
import { roleAccessBody } from '../serializers/roles.ts';
import { checkField, requireObject, requiredError } from '../validation/fields.ts';
import { flagOf, projectOf } from './common.ts';
import { pythonStr } from '../python-format.ts';

/**
 * `/api/projects/{project_id}/feature_flags/{flag_id}/role_access/` (scope `feature_flag:read`/`:write`).
 * A duplicate (role, flag) pair is refused with a 400 `unique` error on `role_id` (the real service only has a
 * database constraint there): "This role already has access to this feature flag."
 */

function flagOfRoute(ctx: RouteContext, scope: string): { flag: FlagRow; organizationId: string } {
  const { project } = projectOf(ctx, scope);
  return { flag: flagOf(ctx, project.id, ctx.req.params.flag, 'Feature flag not found.'), organizationId: project.organization_id };
}

/** Granting or removing access: refused under an organization-wide "only view" restriction (auth/flag-edit-access.ts). */
function flagOfWrite(ctx: RouteContext): { flag: FlagRow; organizationId: string } {
  const target = flagOfRoute(ctx, 'feature_flag:write');
  if (!mayChangeFlagRoles(ctx.store, ctx.caller.user.id, target.flag)) throw permissionDenied("You can't edit roles for this feature flag.");
  return target;
}

function body(ctx: RouteContext, access: RoleAccessRow, flag: FlagRow): Record<string, unknown> {
  return roleAccessBody(ctx.store, access, flag, getRole(ctx.store, access.role_id)!, ctx.users);
}

function list(ctx: RouteContext): ApiResponse {
  const { flag } = flagOfRoute(ctx, 'feature_flag:read');
  return ok(
    paginate(ctx.req, countRoleAccess(ctx.store, flag.id), (limit, offset) =>
      pageRoleAccess(ctx.store, flag.id, limit, offset).map((access) => body(ctx, access, flag)),
    ),
  );
}

function create(ctx: RouteContext): ApiResponse {
  const { flag, organizationId } = flagOfWrite(ctx);
  const input = requireObject(ctx.req.body());
  if (input.role_id === undefined) throw requiredError('role_id');
  const roleId = String(checkField('role_id', input.role_id, { kind: 'string' })).toLowerCase();
  const role = getRole(ctx.store, roleId);
  if (!role || role.organization_id !== organizationId) {
    throw validationError(`Invalid pk "${pythonStr(input.role_id)}" - object does not exist.`, 'role_id', 'does_not_exist');
  }
  if (findRoleAccess(ctx.store, flag.id, role.id)) throw validationError('This role already has access to this feature flag.', 'role_id', 'unique');
  return ok(body(ctx, insertRoleAccess(ctx.store, flag.id, role.id), flag), 201);
}

function accessOf(ctx: RouteContext, flag: FlagRow): RoleAccessRow {
  const id = parseId(ctx.req.params.id);
  const access = id === undefined ? undefined : getRoleAccess(ctx.store, flag.id, id);
  if (!access) throw notFound();
  return access;
}

function retrieve(ctx: RouteContext): ApiResponse {
  const { flag } = flagOfRoute(ctx, 'feature_flag:read');
  return ok(body(ctx, accessOf(ctx, flag), flag));
}

function destroy(ctx: RouteContext): ApiResponse {
  const { flag } = flagOfWrite(ctx);
  deleteRoleAccess(ctx.store, accessOf(ctx, flag).id);
  return noContent();
}

const BASE = '/api/projects/:project/feature_flags/:flag/role_access';
export const roleAccessRoutes: Route[] = [
  { method: 'GET', path: BASE, handler: list },
  { method: 'POST', path: BASE, handler: create },
  { method: 'GET', path: `${BASE}/:id`, handler: retrieve },
  { method: 'DELETE', path: `${BASE}/:id`, handler: destroy },
];
