import { createHash } from 'node:crypto';
import { blastRadius, evaluateFlag, evaluationReasons, localEvaluationPayload } from '../evaluation/index.ts';
import { evaluationFlag, evaluationSetup, projectCohortsForEvaluation } from '../engine.ts';
import { validationError } from '../http/errors.ts';
import { ok, type ApiRequest, type ApiResponse } from '../http/request.ts';
import type { Route, RouteContext } from '../http/router.ts';
import { allFlags } from '../storage/flags.ts';
import { projectGroups, projectPersons } from '../storage/people.ts';
import { groupTypeMapping, type ProjectRow } from '../storage/projects.ts';
import type { Store } from '../storage/db.ts';
import { minimalFlagBody } from '../serializers/flags.ts';
import { isDict } from '../python-format.ts';
import { requireObject } from '../validation/fields.ts';
import { projectOf } from './common.ts';

/**
 * The evaluation actions. The real service serves `evaluation_reasons`, `my_flags` and `user_blast_radius` to
 * sessions only; here (interface wins) a personal key works, with scope `feature_flag:read`, since none of
 * them changes anything. `local_evaluation` needs `feature_flag:read` as in the real service.
 */

/** The `groups` query parameter: a JSON object of group type -> group key (default `{}`). */
function groupsParam(req: ApiRequest): Record<string, string> {
  const text = req.query.get('groups');
  if (text === null || text === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw validationError('groups must be a JSON object', 'groups');
  }
  if (!isDict(value)) throw validationError('groups must be a JSON object', 'groups');
  return Object.fromEntries(Object.entries(value).map(([type, key]) => [type, String(key)]));
}

/** `flag_keys`, repeated or as one JSON array (as MCP clients send lists): the flags to report, else all. */
function flagKeysParam(req: ApiRequest): Set<string> | null {
  const values = req.query.getAll('flag_keys');
  if (values.length === 0) return null;
  return new Set(values.flatMap((value) => (value.trim().startsWith('[') ? jsonStrings(value) : [value])));
}

function jsonStrings(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

function reasons(ctx: RouteContext): ApiResponse {
  const { project } = projectOf(ctx, 'feature_flag:read');
  const distinctId = ctx.req.query.get('distinct_id');
  if (!distinctId) throw validationError('distinct_id is required', null);
  const setup = evaluationSetup(ctx.store, project.id, distinctId, { groups: groupsParam(ctx.req) });
  const all = evaluationReasons(setup.flags, setup.ctx);
  const keys = flagKeysParam(ctx.req);
  return ok(keys ? Object.fromEntries(Object.entries(all).filter(([key]) => keys.has(key))) : all);
}

function myFlags(ctx: RouteContext): ApiResponse {
  const { project } = projectOf(ctx, 'feature_flag:read');
  const setup = evaluationSetup(ctx.store, project.id, ctx.caller.user.distinct_id, { groups: groupsParam(ctx.req) });
  const keys = flagKeysParam(ctx.req);
  const results = setup.rows.map((row, i) => ({ feature_flag: minimalFlagBody(row), value: evaluateFlag(setup.flags[i]!, setup.ctx).value }));
  return ok(keys ? results.filter((result) => keys.has(result.feature_flag.key as string)) : results);
}

function userBlastRadius(ctx: RouteContext): ApiResponse {
  const { project } = projectOf(ctx, 'feature_flag:read');
  const body = requireObject(ctx.req.body());
  if (!('condition' in body)) throw validationError('Missing condition for which to get blast radius', null);
  const index = body.group_type_index;
  if (index !== undefined && index !== null && !Number.isInteger(index)) throw validationError('A valid integer is required.', 'group_type_index');
  const groupTypeIndex = typeof index === 'number' ? index : null;
  return ok(
    blastRadius(body.condition, groupTypeIndex, {
      persons: projectPersons(ctx.store, project.id),
      groups: groupTypeIndex === null ? [] : projectGroups(ctx.store, project.id, groupTypeIndex),
      cohorts: projectCohortsForEvaluation(ctx.store, project.id),
    }),
  );
}

/** `send_cohorts` is a bare flag: present (with any value but false/0) means true. */
function sendCohorts(req: ApiRequest): boolean {
  const value = req.query.get('send_cohorts');
  return value !== null && !['false', '0'].includes(value.toLowerCase());
}

/**
 * An entity tag without its weak marker and quotes: the service also honours an unquoted `If-None-Match`, but
 * reads a weak marker without quotes (`W/abc`) as a literal tag, which matches nothing.
 */
function opaqueTag(tag: string): string {
  return tag
    .trim()
    .replace(/^W\/(?=")/, '')
    .replace(/^"(.*)"$/, '$1');
}

/** The local-evaluation body with a weak ETag; 304 with no body when `If-None-Match` has it. */
export function localEvaluationResponse(store: Store, req: ApiRequest, project: ProjectRow): ApiResponse {
  const payload = localEvaluationPayload(allFlags(store, project.id).map(evaluationFlag), {
    teamId: project.id,
    groupTypeMapping: groupTypeMapping(store, project.id),
    cohorts: projectCohortsForEvaluation(store, project.id),
    sendCohorts: sendCohorts(req),
  });
  const text = JSON.stringify(payload);
  const etag = `W/"${createHash('sha256').update(text).digest('hex').slice(0, 32)}"`;
  const headers = { etag, 'cache-control': 'private, must-revalidate' };
  const ifNoneMatch = req.headers['if-none-match'];
  const candidates = typeof ifNoneMatch === 'string' ? ifNoneMatch.split(',').map(opaqueTag) : [];
  if (candidates.includes(opaqueTag(etag)) || candidates.includes('*')) return { status: 304, headers };
  return { status: 200, raw: text, headers: { ...headers, 'content-type': 'application/json' } };
}

function localEvaluation(ctx: RouteContext): ApiResponse {
  const { project } = projectOf(ctx, 'feature_flag:read');
  return localEvaluationResponse(ctx.store, ctx.req, project);
}

export const flagEvaluationRoutes: Route[] = [
  { method: 'GET', path: '/api/projects/:project/feature_flags/evaluation_reasons', handler: reasons },
  { method: 'GET', path: '/api/projects/:project/feature_flags/my_flags', handler: myFlags },
  { method: 'POST', path: '/api/projects/:project/feature_flags/user_blast_radius', handler: userBlastRadius },
  { method: 'GET', path: '/api/projects/:project/feature_flags/local_evaluation', handler: localEvaluation },
];
