import { requireScope } from '../auth/access.ts';
import { permissionDenied } from '../http/errors.ts';
import { ok, type ApiResponse } from '../http/request.ts';
import type { Route, RouteContext } from '../http/router.ts';
import { userBody } from '../serializers/users.ts';

/**
 * `/api/users/@me/` (scope `user:read`), as the service's `UserViewSet`: the key's scopes are checked first, and
 * any other user, the caller's own uuid included, is refused to a non-staff user (the local upstream has no staff).
 */
function retrieve(ctx: RouteContext): ApiResponse {
  requireScope(ctx.caller, 'user:read');
  if (ctx.req.params.uuid !== '@me') throw permissionDenied("As a non-staff user you're only allowed to access the `@me` user instance.");
  return ok(userBody(ctx.store, ctx.caller.user));
}

export const userRoutes: Route[] = [{ method: 'GET', path: '/api/users/:uuid', handler: retrieve }];
