import { requireScope, currentOrganizationId } from '../auth/access.ts';
import { evaluateFlag } from '../evaluation/index.ts';
import { evaluationSetup } from '../engine.ts';
import { ApiError, authenticationFailed, permissionDenied } from '../http/errors.ts';
import { ok, type ApiRequest, type ApiResponse } from '../http/request.ts';
import type { PublicRoute, Route, RouteContext } from '../http/router.ts';
import { membershipLevel } from '../storage/accounts.ts';
import type { Store } from '../storage/db.ts';
import { firstProjectOfOrganization, getProjectByToken, type ProjectRow } from '../storage/projects.ts';
import { localEvaluationResponse } from './flag-evaluation.ts';
import { isDict, pythonStr } from '../python-format.ts';

/**
 * The paths the official server SDKs use, so posthog-node can evaluate flags locally against this server:
 * definitions polling (`/flags/definitions` in current SDKs, `/api/feature_flag/local_evaluation` in older
 * ones; project from the `token` query parameter, bearer personal key still required), remote evaluation
 * (`/flags/`, `/decide/`; token in the body) and event capture (`/batch/` and friends, answered and dropped).
 */

function tokenProject(ctx: RouteContext): ProjectRow {
  const token = ctx.req.query.get('token');
  let project: ProjectRow | undefined;
  if (token) {
    project = getProjectByToken(ctx.store, token);
  } else {
    const organizationId = currentOrganizationId(ctx.store, ctx.caller);
    project = organizationId ? firstProjectOfOrganization(ctx.store, organizationId) : undefined;
  }
  if (!project) throw authenticationFailed('Project API key invalid. You can find your project API key in your project settings.');
  requireScope(ctx.caller, 'feature_flag:read');
  if (membershipLevel(ctx.store, ctx.caller.user.id, project.organization_id) === undefined) {
    throw permissionDenied("You don't have access to the project.");
  }
  return project;
}

function definitions(ctx: RouteContext): ApiResponse {
  return localEvaluationResponse(ctx.store, ctx.req, tokenProject(ctx));
}

function readSdkBody(req: ApiRequest): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(req.text() || '{}');
  } catch {
    throw new ApiError(400, { type: 'validation_error', code: 'malformed_request', detail: 'Malformed request data', attr: null });
  }
  return isDict(value) ? value : {};
}

/** Remote evaluation for SDK fallbacks: both the v2 `flags` map and the older `featureFlags` maps. */
function remoteEvaluation({ store, req }: { store: Store; req: ApiRequest }): ApiResponse {
  const body = readSdkBody(req);
  const token = typeof body.token === 'string' ? body.token : typeof body.api_key === 'string' ? body.api_key : req.query.get('token');
  const project = token ? getProjectByToken(store, token) : undefined;
  if (!project) throw authenticationFailed('Project API key invalid. You can find your project API key in your project settings.');
  const distinctId = body.distinct_id === undefined || body.distinct_id === null ? '' : pythonStr(body.distinct_id);
  const groups = isDict(body.groups) ? Object.fromEntries(Object.entries(body.groups).map(([k, v]) => [k, String(v)])) : {};
  const personProperties = withDeviceId(isDict(body.person_properties) ? body.person_properties : {}, body.$device_id);
  const groupProperties = isDict(body.group_properties)
    ? (Object.fromEntries(Object.entries(body.group_properties).filter(([, props]) => isDict(props))) as Record<string, Record<string, unknown>>)
    : {};
  const setup = evaluationSetup(store, project.id, distinctId, { groups, personProperties, groupProperties });
  const flags: Record<string, unknown> = {};
  const featureFlags: Record<string, boolean | string> = {};
  const featureFlagPayloads: Record<string, unknown> = {};
  const runtime = body.evaluation_runtime;
  setup.flags.forEach((flag, i) => {
    const row = setup.rows[i]!;
    if (!runsIn(row.evaluation_runtime, runtime)) return;
    const result = evaluateFlag(flag, setup.ctx);
    flags[flag.key] = {
      key: flag.key,
      enabled: result.value !== false,
      variant: typeof result.value === 'string' ? result.value : null,
      reason: { code: result.reason, condition_index: result.conditionIndex, description: result.reason },
      metadata: { id: flag.id, version: row.version, payload: result.payload ?? null, description: row.name },
    };
    featureFlags[flag.key] = result.value;
    if (result.payload !== undefined) featureFlagPayloads[flag.key] = result.payload;
  });
  return ok({ flags, featureFlags, featureFlagPayloads, errorsWhileComputingFlags: false, quotaLimited: [], requestId: crypto.randomUUID() });
}

/** SDKs send the device id beside the person properties; device-bucketed flags read it from there. */
function withDeviceId(personProperties: Record<string, unknown>, deviceId: unknown): Record<string, unknown> {
  if (typeof deviceId !== 'string' || deviceId === '' || personProperties.$device_id !== undefined) return personProperties;
  return { ...personProperties, $device_id: deviceId };
}

/** A flag evaluated only on servers (or only on clients) is left out of the other runtime's answers. */
function runsIn(flagRuntime: string | null, requestRuntime: unknown): boolean {
  if (requestRuntime !== 'server' && requestRuntime !== 'client') return true;
  return flagRuntime !== (requestRuntime === 'server' ? 'client' : 'server');
}

const accepted = (): ApiResponse => ok({ status: 1 });

export const sdkRoutes: Route[] = [
  { method: 'GET', path: '/flags/definitions', handler: definitions },
  { method: 'GET', path: '/api/feature_flag/local_evaluation', handler: definitions },
];

export const sdkPublicRoutes: PublicRoute[] = [
  ...['/flags', '/decide'].map((path) => ({ method: 'POST', path, handler: remoteEvaluation, public: true as const })),
  ...['/batch', '/e', '/i/v0/e', '/capture', '/track', '/engage'].map((path) => ({ method: 'POST', path, handler: accepted, public: true as const })),
];
