import { ADMIN } from '../auth/access.ts';
import { notFound, permissionDenied, validationError } from '../http/errors.ts';
import { paginateArray } from '../http/pagination.ts';
import { noContent, ok, type ApiResponse } from '../http/request.ts';
import type { Route, RouteContext } from '../http/router.ts';
import {
  deletePolicy,
  getPolicy,
  insertPolicy,
  POLICY_DEFAULTS,
  projectPolicies,
  updatePolicy,
  type ApprovalPolicyFields,
} from '../storage/approval-policies.ts';
import { policyBody } from '../serializers/approvals.ts';
import { validatePolicyInput } from '../validation/approval-policy-input.ts';
import { requireObject } from '../validation/fields.ts';
import { projectOf } from './common.ts';

/**
 * `/api/projects/{id}/approval_policies/` (`ApprovalPolicyViewSet`: members read, organization admins write; scope
 * `approvals:read` / `approvals:write`). The approvals product is a paid feature of the service's cloud; the local
 * upstream, like a self-hosted instance, always has it. The policies gate flag writes (approvals/gate.ts).
 */

function writableProject(ctx: RouteContext) {
  const access = projectOf(ctx, 'approvals:write');
  if (access.level < ADMIN) throw permissionDenied('Your organization access level is insufficient.');
  return access;
}

function listPolicies(ctx: RouteContext): ApiResponse {
  const { project } = projectOf(ctx, 'approvals:read');
  const enabled = ctx.req.query.get('enabled');
  const policies = projectPolicies(ctx.store, project.id, {
    actionKey: ctx.req.query.get('action_key') ?? undefined,
    enabled: enabled === null ? undefined : enabled.toLowerCase() === 'true',
  });
  return ok(
    paginateArray(
      ctx.req,
      policies.map((policy) => policyBody(policy, ctx.users)),
    ),
  );
}

function policyOf(ctx: RouteContext, projectId: number) {
  const policy = getPolicy(ctx.store, projectId, (ctx.req.params.id ?? '').toLowerCase());
  if (!policy) throw notFound();
  return policy;
}

function retrievePolicy(ctx: RouteContext): ApiResponse {
  const { project } = projectOf(ctx, 'approvals:read');
  return ok(policyBody(policyOf(ctx, project.id), ctx.users));
}

function createPolicy(ctx: RouteContext): ApiResponse {
  const { project } = writableProject(ctx);
  const body = requireObject(ctx.req.body());
  // The viewset refuses a second policy for the action before the serializer validates anything.
  if (typeof body.action_key === 'string' && body.action_key && projectPolicies(ctx.store, project.id, { actionKey: body.action_key }).length) {
    throw validationError('A policy for this action already exists. You can edit the existing policy instead.', null);
  }
  const input = validatePolicyInput(body, ctx.store, project.organization_id, true);
  const fields = { ...POLICY_DEFAULTS, ...input } as ApprovalPolicyFields;
  return ok(policyBody(insertPolicy(ctx.store, project.organization_id, project.id, ctx.caller.user.id, fields), ctx.users), 201);
}

function updatePolicyRoute(ctx: RouteContext): ApiResponse {
  const { project } = writableProject(ctx);
  const policy = policyOf(ctx, project.id);
  const input = validatePolicyInput(requireObject(ctx.req.body()), ctx.store, project.organization_id, ctx.req.method === 'PUT');
  return ok(policyBody(updatePolicy(ctx.store, policy, { ...policy, ...input }), ctx.users));
}

function destroyPolicy(ctx: RouteContext): ApiResponse {
  const { project } = writableProject(ctx);
  deletePolicy(ctx.store, policyOf(ctx, project.id).id);
  return noContent();
}

const POLICIES = '/api/projects/:project/approval_policies';
export const approvalPolicyRoutes: Route[] = [
  { method: 'GET', path: POLICIES, handler: listPolicies },
  { method: 'POST', path: POLICIES, handler: createPolicy },
  { method: 'GET', path: `${POLICIES}/:id`, handler: retrievePolicy },
  { method: 'PATCH', path: `${POLICIES}/:id`, handler: updatePolicyRoute },
  { method: 'PUT', path: `${POLICIES}/:id`, handler: updatePolicyRoute },
  { method: 'DELETE', path: `${POLICIES}/:id`, handler: destroyPolicy },
];
