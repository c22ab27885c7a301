import { notFound } from '../http/errors.ts';
import { paginate } from '../http/pagination.ts';
import { ok, type ApiResponse } from '../http/request.ts';
import type { Route, RouteContext } from '../http/router.ts';
import { countOrganizationRoles, getRole, pageOrganizationRoles } from '../storage/roles.ts';
import { roleRecord } from '../serializers/roles.ts';
import { organizationOf } from './common.ts';

/**
 * An organization's roles, read-only here (`RoleViewSet`, scope `organization:read`; any member may read them). The
 * list is paginated as the service's default: limit/offset, 100 a page.
 */

function list(ctx: RouteContext): ApiResponse {
  const { organization } = organizationOf(ctx, 'organization:read');
  return ok(
    paginate(ctx.req, countOrganizationRoles(ctx.store, organization.id), (limit, offset) =>
      pageOrganizationRoles(ctx.store, organization.id, limit, offset).map((role) => roleRecord(ctx.store, role, ctx.users)),
    ),
  );
}

function retrieve(ctx: RouteContext): ApiResponse {
  const { organization } = organizationOf(ctx, 'organization:read');
  const role = getRole(ctx.store, (ctx.req.params.id ?? '').toLowerCase());
  if (!role || role.organization_id !== organization.id) throw notFound();
  return ok(roleRecord(ctx.store, role, ctx.users));
}

const BASE = '/api/organizations/:org/roles';
export const roleRoutes: Route[] = [
  { method: 'GET', path: BASE, handler: list },
  { method: 'GET', path: `${BASE}/:id`, handler: retrieve },
];
