import { requireScope } from '../auth/access.ts';
import { notFound } from '../http/errors.ts';
import { paginate } from '../http/pagination.ts';
import { ok, type ApiResponse } from '../http/request.ts';
import type { Route, RouteContext } from '../http/router.ts';
import { organizationBody } from '../serializers/organizations.ts';
import { userMemberships } from '../storage/organizations.ts';

/**
 * `/api/organizations/` and `/api/organizations/{id}/` (scope `organization:read`), as the service's
 * `OrganizationViewSet`: both see only the caller's own organizations.
 */

/** A paginated list of the caller's organizations, full records, in the order the caller joined them. */
function list(ctx: RouteContext): ApiResponse {
  requireScope(ctx.caller, 'organization:read');
  const memberships = userMemberships(ctx.store, ctx.caller.user.id);
  return ok(
    paginate(ctx.req, memberships.length, (limit, offset) =>
      memberships.slice(offset, offset + limit).map((membership) => organizationBody(ctx.store, membership)),
    ),
  );
}

/**
 * One of the caller's organizations, by UUID or `@current`. The service looks the organization up among the
 * caller's own before it checks the key's scopes, so another organization's id, like a missing one, is a plain
 * 404 `Not found.` whatever the scopes.
 */
function retrieve(ctx: RouteContext): ApiResponse {
  const param = ctx.req.params.id ?? '';
  const memberships = userMemberships(ctx.store, ctx.caller.user.id);
  const membership = param === '@current' ? memberships[0] : memberships.find((m) => m.id === param.toLowerCase());
  if (!membership) throw notFound(param === '@current' ? 'Current organization not found.' : 'Not found.');
  requireScope(ctx.caller, 'organization:read');
  return ok(organizationBody(ctx.store, membership));
}

export const organizationRoutes: Route[] = [
  { method: 'GET', path: '/api/organizations', handler: list },
  { method: 'GET', path: '/api/organizations/:id', handler: retrieve },
];
