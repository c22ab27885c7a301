import { ADMIN } from '../auth/access.ts';
import { notFound, permissionDenied, plainError, validationError } from '../http/errors.ts';
import { paginateArray } from '../http/pagination.ts';
import { noContent, ok, type ApiResponse } from '../http/request.ts';
import type { Route, RouteContext } from '../http/router.ts';
import {
  changeRequestVotes,
  deletePolicy,
  getChangeRequest,
  getPolicy,
  insertPolicy,
  POLICY_DEFAULTS,
  projectChangeRequests,
  projectPolicies,
  rejectChangeRequest,
  updatePolicy,
  userRoleIds,
  type ApprovalPolicyFields,
  type ChangeRequestRow,
} from '../storage/approvals.ts';
import { canApprove, canCancel, changeRequestBody, policyBody } from '../serializers/approvals.ts';
import { pythonStr } from '../python-format.ts';
import { validatePolicyInput } from '../validation/approval-policy-input.ts';
import { isDict, requireObject } from '../validation/fields.ts';
import { projectOf } from './common.ts';

/**
 * `/api/projects/{id}/approval_policies/` (`ApprovalPolicyViewSet`: members read, organization admins write; scope
 * `approvals:read` / `approvals:write`) and the change requests the policies open
 * (`/api/projects/{id}/change_requests/`): read, rejected by a reviewer or cancelled by the requester; approving
 * (and so applying) them is not reproduced (docs/rest-interface.md). The approvals product is a paid feature of the service's cloud; the local
 * upstream, like a self-hosted instance, always has it.
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

/** `ChangeRequestFilterSet`: `state` (comma-separated), `action_key`, `requester` (a user id), `resource_type`, `resource_id`. */
function changeRequestFilter(ctx: RouteContext): (request: ChangeRequestRow) => boolean {
  const query = ctx.req.query;
  const states = query.get('state')?.split(',').filter(Boolean);
  const requester = query.get('requester');
  if (requester && !/^\s*[+-]?\d+(\.\d*)?\s*$/.test(requester)) throw validationError('Enter a number.', 'requester');
  const exact = (name: string, value: unknown) => {
    const wanted = query.get(name);
    return !wanted || String(value) === wanted;
  };
  return (request) =>
    (!states?.length || states.includes(request.state)) &&
    (!requester || request.created_by === Number(requester)) &&
    exact('action_key', request.action_key) &&
    exact('resource_type', request.resource_type) &&
    exact('resource_id', request.resource_id);
}

function viewerOf(ctx: RouteContext, organizationId: string) {
  return { userId: ctx.caller.user.id, roleIds: userRoleIds(ctx.store, ctx.caller.user.id, organizationId) };
}

function listChangeRequests(ctx: RouteContext): ApiResponse {
  const { project } = projectOf(ctx, 'approvals:read');
  const viewer = viewerOf(ctx, project.organization_id);
  const requests = projectChangeRequests(ctx.store, project.id).filter(changeRequestFilter(ctx));
  return ok(
    paginateArray(
      ctx.req,
      requests.map((request) => changeRequestBody(request, changeRequestVotes(ctx.store, request.id), ctx.users, viewer)),
    ),
  );
}

function changeRequestOf(ctx: RouteContext, projectId: number): ChangeRequestRow {
  const request = getChangeRequest(ctx.store, projectId, (ctx.req.params.id ?? '').toLowerCase());
  if (!request) throw notFound();
  return request;
}

function retrieveChangeRequest(ctx: RouteContext): ApiResponse {
  const { project } = projectOf(ctx, 'approvals:read');
  const request = changeRequestOf(ctx, project.id);
  return ok(changeRequestBody(request, changeRequestVotes(ctx.store, request.id), ctx.users, viewerOf(ctx, project.organization_id)));
}

/** The answer of a vote or a cancellation: the outcome and the request as the caller now sees it. */
function decided(ctx: RouteContext, organizationId: string, status: string, message: string, request: ChangeRequestRow): ApiResponse {
  const body = changeRequestBody(request, changeRequestVotes(ctx.store, request.id), ctx.users, viewerOf(ctx, organizationId));
  return ok({ status, message, change_request: body });
}

/** `CanApprove`: a pending request, a reviewer in its approver set, the requester only when self-approval is allowed. */
function checkCanReview(request: ChangeRequestRow, viewer: { userId: number; roleIds: string[] }): void {
  if (request.state !== 'pending') throw permissionDenied('Only pending change requests can be approved');
  if (request.created_by === viewer.userId && request.policy_snapshot.allow_self_approve !== true) {
    throw permissionDenied('You cannot approve your own change request');
  }
  if (!canApprove(request, viewer)) throw permissionDenied('You are not in the approver set for this change request');
}

function reasonOf(ctx: RouteContext, fallback: string): string {
  const body = ctx.req.body();
  const reason = isDict(body) ? body.reason : undefined;
  return reason === undefined || reason === null ? fallback : pythonStr(reason);
}

/** `POST .../change_requests/{id}/reject/`: a reviewer's rejection, with a reason; the request is closed. */
function rejectRoute(ctx: RouteContext): ApiResponse {
  const { project } = projectOf(ctx, 'approvals:write');
  const request = changeRequestOf(ctx, project.id);
  checkCanReview(request, viewerOf(ctx, project.organization_id));
  const reason = reasonOf(ctx, '');
  if (!reason) throw plainError(400, { error: 'A reason is required for rejection.' });
  if (changeRequestVotes(ctx.store, request.id).some((vote) => vote.created_by === ctx.caller.user.id)) {
    throw plainError(400, { error: 'You have already voted on this change request.' });
  }
  return decided(ctx, project.organization_id, 'rejected', 'Change request rejected.', rejectChangeRequest(ctx.store, request, ctx.caller.user.id, reason));
}

/** `POST .../change_requests/{id}/cancel/`: the requester withdraws a pending request nobody approved yet. */
function cancelRoute(ctx: RouteContext): ApiResponse {
  const { project } = projectOf(ctx, 'approvals:write');
  const request = changeRequestOf(ctx, project.id);
  if (!canCancel(request, changeRequestVotes(ctx.store, request.id), ctx.caller.user.id)) throw permissionDenied('You cannot cancel this change request');
  const reason = reasonOf(ctx, 'Canceled by requester');
  return decided(ctx, project.organization_id, 'canceled', 'Change request canceled.', rejectChangeRequest(ctx.store, request, ctx.caller.user.id, reason));
}

const POLICIES = '/api/projects/:project/approval_policies';
const CHANGE_REQUESTS = '/api/projects/:project/change_requests';
export const approvalRoutes: Route[] = [
  { method: 'GET', path: POLICIES, handler: listPolicies },
  { method: 'POST', path: POLICIES, handler: createPolicy },
  { method: 'GET', path: `${POLICIES}/:id`, handler: retrievePolicy },
  { method: 'PATCH', path: `${POLICIES}/:id`, handler: updatePolicyRoute },
  { method: 'PUT', path: `${POLICIES}/:id`, handler: updatePolicyRoute },
  { method: 'DELETE', path: `${POLICIES}/:id`, handler: destroyPolicy },
  { method: 'GET', path: CHANGE_REQUESTS, handler: listChangeRequests },
  { method: 'GET', path: `${CHANGE_REQUESTS}/:id`, handler: retrieveChangeRequest },
  { method: 'POST', path: `${CHANGE_REQUESTS}/:id/reject`, handler: rejectRoute },
  { method: 'POST', path: `${CHANGE_REQUESTS}/:id/cancel`, handler: cancelRoute },
];
