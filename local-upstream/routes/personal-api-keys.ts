import { findKey } from '../auth/authenticate.ts';
import { notFound, permissionDenied } from '../http/errors.ts';
import { ok, type ApiResponse } from '../http/request.ts';
import type { Route, RouteContext } from '../http/router.ts';
import { getApiKey, userApiKeyIds, type ApiKeyRow } from '../storage/accounts.ts';

/**
 * `/api/personal_api_keys/`, as a personal API key may use it (the service's `PersonalApiKeySelfAccessPermission`):
 * it reads itself, `@current` or by id, whatever its scopes, so clients can learn what the key may do. Every other
 * action there (listing, creating, rolling, reading another of the user's keys) needs a browser session.
 */

const SESSION_ONLY = 'This action does not support Personal API Key access';

/**
 * `PersonalAPIKeySerializer`. The key's value is only ever shown when it is created, so `value` is null. Keys are
 * not scoped to projects or organizations locally, so the two lists are empty, as the service's settings page
 * saves them. `last_used_at` is recorded at most hourly, when a request with the key succeeds; keys are never
 * rolled here.
 */
function apiKeyBody(key: ApiKeyRow): Record<string, unknown> {
  return {
    id: String(key.id),
    label: key.label,
    value: null,
    mask_value: key.mask_value,
    created_at: key.created_at,
    last_used_at: key.last_used_at,
    user_id: key.user_id,
    scopes: key.scopes.length ? key.scopes : ['*'],
    scoped_teams: [],
    scoped_organizations: [],
    last_rolled_at: null,
  };
}

function callerKey(ctx: RouteContext): ApiKeyRow {
  // The request was authenticated with this key, so it is found.
  return getApiKey(ctx.store, findKey(ctx.req)!.key)!;
}

function retrieve(ctx: RouteContext): ApiResponse {
  const key = callerKey(ctx);
  const id = ctx.req.params.id;
  if (id === '@current' || id === String(key.id)) return ok(apiKeyBody(key));
  // Another of the user's own keys exists but is not this key's to read; anything else is not found.
  if (userApiKeyIds(ctx.store, key.user_id).some((other) => String(other) === id)) throw permissionDenied(SESSION_ONLY);
  throw notFound();
}

function sessionOnly(): ApiResponse {
  throw permissionDenied(SESSION_ONLY);
}

const BASE = '/api/personal_api_keys';
export const personalApiKeyRoutes: Route[] = [
  { method: 'GET', path: `${BASE}/:id`, handler: retrieve },
  { method: 'GET', path: BASE, handler: sessionOnly },
  { method: 'POST', path: BASE, handler: sessionOnly },
  { method: 'PATCH', path: `${BASE}/:id`, handler: sessionOnly },
  { method: 'DELETE', path: `${BASE}/:id`, handler: sessionOnly },
  { method: 'POST', path: `${BASE}/:id/roll`, handler: sessionOnly },
];
