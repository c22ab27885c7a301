import { isApprover } from '../approvals/policy-engine.ts';
import type { ApprovalPolicyRow } from '../storage/approval-policies.ts';
import type { ChangeRequestRow, VoteRow } from '../storage/change-requests.ts';
import type { Directory } from './directory.ts';

/** Django's `duration_string` of microseconds, as DRF's `DurationField` shows it: `[D ]HH:MM:SS[.uuuuuu]`. */
function durationString(microseconds: number): string {
  const sign = microseconds < 0 ? '-' : '';
  let rest = Math.abs(microseconds);
  const micros = rest % 1_000_000;
  rest = (rest - micros) / 1_000_000;
  const seconds = rest % 60;
  const minutes = Math.floor(rest / 60) % 60;
  const hours = Math.floor(rest / 3600) % 24;
  const days = Math.floor(rest / 86400);
  const two = (n: number) => String(n).padStart(2, '0');
  let text = `${two(hours)}:${two(minutes)}:${two(seconds)}`;
  if (days) text = `${days} ${text}`;
  if (micros) text += `.${String(micros).padStart(6, '0')}`;
  return `${sign}${text}`;
}

/** `ApprovalPolicySerializer`. */
export function policyBody(policy: ApprovalPolicyRow, users: Directory): Record<string, unknown> {
  return {
    id: policy.id,
    action_key: policy.action_key,
    conditions: policy.conditions,
    approver_config: policy.approver_config,
    allow_self_approve: policy.allow_self_approve,
    bypass_org_membership_levels: policy.bypass_org_membership_levels,
    bypass_roles: policy.bypass_roles,
    expires_after: durationString(policy.expires_after_us),
    enabled: policy.enabled,
    created_by: users.basic(policy.created_by),
    created_at: policy.created_at,
    updated_at: policy.updated_at,
  };
}

/** Who is looking at a change request: its `can_*` fields depend on them (none in the gate's 409 body). */
export interface Viewer {
  userId: number;
  roleIds: string[];
}

export function canApprove(request: ChangeRequestRow, viewer: Viewer): boolean {
  const snapshot = request.policy_snapshot;
  if (request.created_by === viewer.userId && snapshot.allow_self_approve !== true) return false;
  return isApprover(snapshot, viewer);
}

/** `ApprovalSerializer`: one vote. */
function voteBody(vote: VoteRow, users: Directory): Record<string, unknown> {
  return { id: vote.id, created_by: users.basic(vote.created_by), decision: vote.decision, reason: vote.reason, created_at: vote.created_at };
}

/** `ChangeRequest.can_be_canceled_by`: the requester, while it is pending and nobody approved it. */
export function canCancel(request: ChangeRequestRow, votes: VoteRow[], userId: number): boolean {
  return request.state === 'pending' && request.created_by === userId && !votes.some((vote) => vote.decision === 'approved');
}

/** `ChangeRequestSerializer`. The local upstream never re-validates a pending request, so it stays `valid`. */
export function changeRequestBody(request: ChangeRequestRow, votes: VoteRow[], users: Directory, viewer: Viewer | null): Record<string, unknown> {
  return {
    id: request.id,
    action_key: request.action_key,
    action_version: request.action_version,
    resource_type: request.resource_type,
    resource_id: request.resource_id,
    intent: request.intent,
    intent_display: request.intent_display,
    policy_snapshot: request.policy_snapshot,
    validation_status: 'valid',
    validation_errors: null,
    validated_at: null,
    state: request.state,
    created_by: users.basic(request.created_by),
    applied_by: users.basic(request.applied_by),
    created_at: request.created_at,
    updated_at: request.updated_at,
    expires_at: request.expires_at,
    applied_at: request.applied_at,
    apply_error: request.apply_error,
    result_data: request.result_data,
    approvals: votes.map((vote) => voteBody(vote, users)),
    can_approve: viewer ? canApprove(request, viewer) : false,
    can_cancel: viewer ? canCancel(request, votes, viewer.userId) : false,
    is_requester: viewer ? request.created_by === viewer.userId : false,
    user_decision: viewer ? (votes.find((vote) => vote.created_by === viewer.userId)?.decision ?? null) : null,
  };
}
