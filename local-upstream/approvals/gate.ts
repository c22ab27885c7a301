import { RefusalKeepingWrites } from '../http/errors.ts';
import type { RouteContext } from '../http/router.ts';
import { membershipLevel } from '../storage/accounts.ts';
import { enabledPolicy } from '../storage/approval-policies.ts';
import { changeRequestVotes, insertChangeRequest, openChangeRequest, type ChangeRequestRow } from '../storage/change-requests.ts';
import { userRoleIds } from '../storage/roles.ts';
import type { FlagRow } from '../storage/flags.ts';
import type { ProjectRow } from '../storage/projects.ts';
import { changeRequestBody } from '../serializers/approvals.ts';
import type { FlagAction } from './flag-actions.ts';
import { evaluatePolicy } from './policy-engine.ts';

/**
 * The service's `@approval_gate` on `FeatureFlagSerializer.create` and `.update`, run after the write is validated
 * and before anything else of the write (dependency checks, the stale-version check, the save). The first action
 * that recognises the change and has an enabled policy decides: when the policy requires approval, a change request
 * is stored and the write is refused with 409, whose body names the change request (`ApprovalHandlingMixin`); an
 * open change request for the same action and flag is refused as `change_request_pending` instead of opening another.
 */

export interface GatedWrite {
  project: ProjectRow;
  /** The flag being changed; undefined on create. */
  flag: FlagRow | undefined;
  /** The write's validated fields. */
  change: Record<string, unknown>;
  /** The method the service's serializer sees: the lifecycle actions report their write as a PATCH. */
  method: 'POST' | 'PATCH' | 'PUT';
  /** A lifecycle action: its write sends no filters, and neither does its replay once approved. */
  skipFilterCleanup?: boolean;
  actions: FlagAction[];
}

function matchedPolicy(ctx: RouteContext, write: GatedWrite) {
  for (const action of write.actions) {
    if (!action.detect(write.flag, write.change)) continue;
    const policy = enabledPolicy(ctx.store, write.project.id, action.key);
    if (policy) return { action, policy };
  }
  return undefined;
}

export function approvalGate(ctx: RouteContext, write: GatedWrite): void {
  const matched = matchedPolicy(ctx, write);
  if (!matched) return;
  const { action, policy } = matched;
  const userId = ctx.caller.user.id;
  const organizationId = write.project.organization_id;
  const intent = { ...action.intent(write.flag, write.change, write.skipFilterCleanup === true), http_method: write.method };
  const actor = { userId, membershipLevel: membershipLevel(ctx.store, userId, organizationId), roleIds: userRoleIds(ctx.store, userId, organizationId) };
  const decision = evaluatePolicy(policy, actor, intent);
  if (decision.result === 'ALLOW') return;
  const resourceId = write.method === 'POST' || !write.flag ? null : String(write.flag.id);
  const open = openChangeRequest(ctx.store, write.project.id, action.key, 'feature_flag', resourceId);
  if (open) throw refusal(ctx, open, 'change_request_pending', 'A pending approval request already exists for this action', {});
  const expiresAt = new Date(Date.now() + policy.expires_after_us / 1000).toISOString().replace('Z', '000Z');
  const request = insertChangeRequest(ctx.store, {
    organization_id: organizationId,
    project_id: write.project.id,
    action_key: action.key,
    resource_type: 'feature_flag',
    resource_id: resourceId,
    intent,
    intent_display: action.display(intent),
    policy_snapshot: decision.policySnapshot,
    created_by: userId,
    expires_at: expiresAt,
  });
  throw refusal(ctx, request, 'approval_required', decision.message, decision.approvers);
}

function refusal(ctx: RouteContext, request: ChangeRequestRow, code: string, message: string, approvers: Record<string, unknown>): RefusalKeepingWrites {
  return new RefusalKeepingWrites(409, {
    code,
    status: 'approval_required',
    detail: message,
    message,
    resource_type: request.resource_type,
    resource_id: request.resource_id,
    change_request_id: request.id,
    change_request: changeRequestBody(request, changeRequestVotes(ctx.store, request.id), ctx.users, null),
    required_approvers: approvers,
  });
}
