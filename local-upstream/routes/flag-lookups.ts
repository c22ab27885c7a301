import { ApiError, plainError } from '../http/errors.ts';
import { ok, type ApiResponse } from '../http/request.ts';
import type { Route, RouteContext } from '../http/router.ts';
import { isDict, pythonStr } from '../python-format.ts';
import { allFlags, getFlagByKey, type FlagRow } from '../storage/flags.ts';
import { flagStatusReport } from '../serializers/flag-status.ts';
import { parseId } from '../auth/access.ts';
import { flagOf, projectOf } from './common.ts';

/**
 * Read-only flag actions of the current service (scope `feature_flag:read`): `status/`, `dependent_flags/`,
 * `remote_config/` and `POST bulk_keys/`.
 */

function status(ctx: RouteContext): ApiResponse {
  const { project } = projectOf(ctx, 'feature_flag:read');
  return ok(flagStatusReport(flagOf(ctx, project.id)));
}

function dependsOn(flag: FlagRow, id: number): boolean {
  const groups = Array.isArray(flag.filters.groups) ? (flag.filters.groups as Array<{ properties?: unknown }>) : [];
  return groups.some(
    (group) => Array.isArray(group?.properties) && (group.properties as Array<Record<string, unknown>>).some((p) => p?.type === 'flag' && p.key === String(id)),
  );
}

/** Other enabled, live flags with a condition on this flag, by key; `name` falls back to the key. Not paginated. */
function dependentFlags(ctx: RouteContext): ApiResponse {
  const { project } = projectOf(ctx, 'feature_flag:read');
  const flag = flagOf(ctx, project.id);
  const dependents = allFlags(ctx.store, project.id)
    .filter((other) => other.id !== flag.id && other.active && dependsOn(other, flag.id))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return ok(dependents.map((other) => ({ id: other.id, key: other.key, name: other.name || other.key })));
}

/** Python's `or None`: falsy payloads (empty string, 0, false, empty object or list) read as no payload. */
function orNone(value: unknown): unknown {
  const empty =
    value === undefined || value === '' || value === 0 || value === false || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);
  return empty ? null : value;
}

/**
 * The payload of a remote-configuration flag, by id or key (posthog-node's `getRemoteConfigPayload` asks by key
 * under `@current` with the project's `?token=`). Anything else, a missing, deleted or ordinary flag, is a 404
 * with an empty body, as the service answers. Payloads are stored readable, so an encrypted one is returned as a
 * personal key sees it: decrypted.
 */
function remoteConfig(ctx: RouteContext): ApiResponse {
  const { project } = projectOf(ctx, 'feature_flag:read');
  const param = ctx.req.params.id ?? '';
  const id = parseId(param);
  const flag = id !== undefined ? allFlags(ctx.store, project.id).find((candidate) => candidate.id === id) : getFlagByKey(ctx.store, project.id, param);
  if (!flag || flag.deleted || !flag.is_remote_configuration) return { status: 404 };
  const payloads = flag.filters.payloads as Record<string, unknown> | undefined;
  return ok(orNone(payloads?.true));
}

/** Python truthiness of a JSON value. */
const truthy = (value: unknown): boolean => orNone(value) !== null && value !== null;

/** What Python's `for flag_id in ids` walks: a list's items, a string's characters, an object's keys. */
function iterate(ids: unknown): unknown[] {
  if (Array.isArray(ids)) return ids;
  if (typeof ids === 'string') return [...ids];
  if (typeof ids === 'object' && ids !== null) return Object.keys(ids);
  throw new ApiError(500, { type: 'server_error', code: 'error', detail: 'A server error occurred.', attr: null });
}

/** `{ids}` to `{keys: {id: key}}` for the project's live flags; non-numeric ids are named in `warning`. */
function bulkKeys(ctx: RouteContext): ApiResponse {
  const { project } = projectOf(ctx, 'feature_flag:read');
  const body = ctx.req.body();
  const ids = isDict(body) ? body.ids : undefined;
  if (!truthy(ids)) return ok({ keys: {} });
  const valid: number[] = [];
  const invalid: unknown[] = [];
  for (const item of iterate(ids)) {
    if ((typeof item === 'number' && Number.isInteger(item)) || typeof item === 'boolean') valid.push(Number(item));
    else if (typeof item === 'string' && /^\d+$/.test(item)) valid.push(Number(item));
    else invalid.push(item);
  }
  if (valid.length === 0) throw plainError(400, { error: 'Invalid flag IDs provided' });
  const wanted = new Set(valid);
  const keys = Object.fromEntries(
    allFlags(ctx.store, project.id)
      .filter((flag) => wanted.has(flag.id))
      .map((flag) => [String(flag.id), flag.key]),
  );
  return ok(invalid.length ? { keys, warning: `Invalid flag IDs ignored: ${pythonStr(invalid)}` } : { keys });
}

const BASE = '/api/projects/:project/feature_flags';
export const flagLookupRoutes: Route[] = [
  { method: 'GET', path: `${BASE}/:id/status`, handler: status },
  { method: 'GET', path: `${BASE}/:id/dependent_flags`, handler: dependentFlags },
  { method: 'GET', path: `${BASE}/:id/remote_config`, handler: remoteConfig },
  { method: 'POST', path: `${BASE}/bulk_keys`, handler: bulkKeys },
];
