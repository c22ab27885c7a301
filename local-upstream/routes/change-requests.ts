import { notFound, permissionDenied, plainError, validationError } from '../http/errors.ts';
import { paginate } from '../http/pagination.ts';
import { ok, type ApiResponse } from '../http/request.ts';
import type { Route, RouteContext } from '../http/router.ts';
import {
  changeRequestVotes,
  getChangeRequest,
  projectChangeRequests,
  recordApproval,
  rejectChangeRequest,
  settleChangeRequest,
  type ChangeRequestRow,
} from '../storage/change-requests.ts';
import { userRoleIds } from '../storage/roles.ts';
import { canApprove, canCancel, changeRequestBody } from '../serializers/approvals.ts';
import { isDict, pythonStr } from '../python-format.ts';
import { applyFlagChangeRequest } from './approval-apply.ts';
import { projectOf } from './common.ts';

/**
 * `/api/projects/{id}/change_requests/` (`ChangeRequestViewSet`, scope `approvals:read`; the votes `approvals:write`):
 * the requests approval policies open, read, approved (and applied at the quorum) or rejected by a reviewer,
 * cancelled by the requester.
 */

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
  // Only the page's requests are serialized: each reads its votes.
  const body = (request: ChangeRequestRow) => changeRequestBody(request, changeRequestVotes(ctx.store, request.id), ctx.users, viewer);
  return ok(paginate(ctx.req, requests.length, (limit, offset) => requests.slice(offset, offset + limit).map(body)));
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

/**
 * `POST .../change_requests/{id}/approve/`: a reviewer's approval. The vote that reaches the quorum applies the change
 * at once (as the requester): `applied` with the resource's id and version, or `failed` with why; below it, the
 * request stays pending.
 */
function approveRoute(ctx: RouteContext): ApiResponse {
  const { project } = projectOf(ctx, 'approvals:write');
  const request = changeRequestOf(ctx, project.id);
  checkCanReview(request, viewerOf(ctx, project.organization_id));
  if (changeRequestVotes(ctx.store, request.id).some((vote) => vote.created_by === ctx.caller.user.id)) {
    throw plainError(400, { error: 'You have already voted on this change request.' });
  }
  recordApproval(ctx.store, request, ctx.caller.user.id, reasonOf(ctx, ''));
  const approvals = changeRequestVotes(ctx.store, request.id).filter((vote) => vote.decision === 'approved').length;
  const quorum = typeof request.policy_snapshot.quorum === 'number' ? request.policy_snapshot.quorum : 1;
  if (approvals < quorum) return decided(ctx, project.organization_id, 'approved', `Approval recorded. ${approvals}/${quorum} approvals received.`, request);
  const outcome = applyFlagChangeRequest(ctx, project, request);
  const settled = settleChangeRequest(ctx.store, request, outcome);
  if (outcome.state === 'failed') return decided(ctx, project.organization_id, 'failed', `Quorum reached but application failed: ${outcome.message}`, settled);
  const answer = decided(ctx, project.organization_id, 'applied', 'Quorum reached. Change applied successfully.', settled);
  return { ...answer, body: { ...(answer.body as Record<string, unknown>), result: outcome.result } };
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

const CHANGE_REQUESTS = '/api/projects/:project/change_requests';
export const changeRequestRoutes: Route[] = [
  { method: 'GET', path: CHANGE_REQUESTS, handler: listChangeRequests },
  { method: 'GET', path: `${CHANGE_REQUESTS}/:id`, handler: retrieveChangeRequest },
  { method: 'POST', path: `${CHANGE_REQUESTS}/:id/approve`, handler: approveRoute },
  { method: 'POST', path: `${CHANGE_REQUESTS}/:id/reject`, handler: rejectRoute },
  { method: 'POST', path: `${CHANGE_REQUESTS}/:id/cancel`, handler: cancelRoute },
];
