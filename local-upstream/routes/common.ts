import { organizationAccess, parseId, projectAccess, type OrganizationAccess, type ProjectAccess } from '../auth/access.ts';
import { notFound } from '../http/errors.ts';
import type { RouteContext } from '../http/router.ts';
import { getFlag, type FlagRow } from '../storage/flags.ts';
import type { ActivityRow } from '../storage/activity.ts';

/** The project of a nested route, checked for the given scope (null: lookup and membership only). */
export const projectOf = (ctx: RouteContext, scope: string | null): ProjectAccess =>
  projectAccess(ctx.store, ctx.caller, ctx.req.params.project ?? '', scope, projectToken(ctx));

/** The service's `get_token` on a GET: `token`, else `api_key`, from the query string, trimmed. */
function projectToken(ctx: RouteContext): string | null {
  if (ctx.req.method !== 'GET') return null;
  const token = ctx.req.query.get('token') || ctx.req.query.get('api_key');
  return token ? token.trim() : null;
}

export const organizationOf = (ctx: RouteContext, scope: string | null): OrganizationAccess =>
  organizationAccess(ctx.store, ctx.caller, ctx.req.params.org ?? '', scope);

/** A flag of the project by the `:id` (or given) path parameter; a non-integer id is a 404 like a missing one. */
export function flagOf(ctx: RouteContext, projectId: number, param = ctx.req.params.id, detail = 'Not found.'): FlagRow {
  const id = parseId(param);
  const flag = id === undefined ? undefined : getFlag(ctx.store, projectId, id);
  if (!flag) throw notFound(detail);
  return flag;
}

/** An activity log entry as the real `ActivityLogSerializer` shows it. */
export function activityBody(ctx: RouteContext, entry: ActivityRow): Record<string, unknown> {
  const user = ctx.users.basic(entry.user_id);
  return {
    id: entry.id,
    user: user ? { first_name: user.first_name, email: user.email } : { first_name: 'System', email: null, is_system: true },
    activity: entry.activity,
    scope: entry.scope,
    item_id: entry.item_id,
    detail: entry.detail,
    created_at: entry.created_at,
  };
}
