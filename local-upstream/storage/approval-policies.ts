import { randomUUID } from 'node:crypto';
import { fromBool, nowIso, parseJson, toBool, toJson, type Row, type Store } from './db.ts';

/** Approval policies (the service's approvals product): which flag writes need approval, and by whom. */

export interface ApprovalPolicyRow {
  id: string;
  organization_id: string;
  /** The project (team) the policy is scoped to; null for an organization-wide policy. */
  project_id: number | null;
  action_key: string;
  conditions: Record<string, unknown>;
  approver_config: Record<string, unknown>;
  allow_self_approve: boolean;
  bypass_org_membership_levels: number[];
  bypass_roles: string[];
  /** `expires_after` in microseconds (Django's `DurationField`). */
  expires_after_us: number;
  enabled: boolean;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export type ApprovalPolicyFields = Pick<
  ApprovalPolicyRow,
  'action_key' | 'conditions' | 'approver_config' | 'allow_self_approve' | 'bypass_org_membership_levels' | 'bypass_roles' | 'expires_after_us' | 'enabled'
>;

/** The model's defaults: 14 days to expiry, enabled, nobody bypasses. */
export const POLICY_DEFAULTS: Omit<ApprovalPolicyFields, 'action_key' | 'approver_config'> = {
  conditions: {},
  allow_self_approve: false,
  bypass_org_membership_levels: [],
  bypass_roles: [],
  expires_after_us: 14 * 24 * 3600 * 1_000_000,
  enabled: true,
};

const POLICY_COLUMNS =
  'id, organization_id, project_id, action_key, conditions, approver_config, allow_self_approve, bypass_org_membership_levels, bypass_roles, expires_after_us, enabled, created_by, created_at, updated_at';

function toPolicy(row: Row): ApprovalPolicyRow {
  return {
    id: row.id as string,
    organization_id: row.organization_id as string,
    project_id: row.project_id as number | null,
    action_key: row.action_key as string,
    conditions: parseJson(row.conditions, {}),
    approver_config: parseJson(row.approver_config, {}),
    allow_self_approve: toBool(row.allow_self_approve),
    bypass_org_membership_levels: parseJson(row.bypass_org_membership_levels, []),
    bypass_roles: parseJson(row.bypass_roles, []),
    expires_after_us: Number(row.expires_after_us),
    enabled: toBool(row.enabled),
    created_by: row.created_by as number | null,
    created_at: row.created_at as string,
    updated_at: row.updated_at as string,
  };
}

export interface PolicyFilter {
  actionKey?: string;
  enabled?: boolean;
}

/** A project's policies, newest first (the viewset's `order_by("-created_at")`). */
export function projectPolicies(store: Store, projectId: number, filter: PolicyFilter = {}): ApprovalPolicyRow[] {
  return store
    .all(`SELECT ${POLICY_COLUMNS} FROM approval_policies WHERE project_id = $project ORDER BY created_at DESC, rowid DESC`, { project: projectId })
    .map(toPolicy)
    .filter(
      (policy) =>
        (filter.actionKey === undefined || policy.action_key === filter.actionKey) && (filter.enabled === undefined || policy.enabled === filter.enabled),
    );
}

export function getPolicy(store: Store, projectId: number, id: string): ApprovalPolicyRow | undefined {
  const row = store.get(`SELECT ${POLICY_COLUMNS} FROM approval_policies WHERE id = $id AND project_id = $project`, { id, project: projectId });
  return row ? toPolicy(row) : undefined;
}

/**
 * The project's enabled policy for an action (`PolicyEngine.get_policy`). The API creates one policy per project and
 * action, and no organization-wide ones (the service's fallback), so there is at most one.
 */
export function enabledPolicy(store: Store, projectId: number, actionKey: string): ApprovalPolicyRow | undefined {
  const row = store.get(`SELECT ${POLICY_COLUMNS} FROM approval_policies WHERE project_id = $project AND action_key = $action AND enabled = 1`, {
    project: projectId,
    action: actionKey,
  });
  return row ? toPolicy(row) : undefined;
}

export function insertPolicy(store: Store, organizationId: string, projectId: number, userId: number, fields: ApprovalPolicyFields): ApprovalPolicyRow {
  const id = randomUUID();
  const now = nowIso();
  store.run(
    `INSERT INTO approval_policies (${POLICY_COLUMNS})
     VALUES ($id, $org, $project, $action, $conditions, $approvers, $self, $levels, $roles, $expires, $enabled, $by, $now, $now)`,
    { id, org: organizationId, project: projectId, by: userId, now, ...policyParams(fields) },
  );
  return getPolicy(store, projectId, id)!;
}

export function updatePolicy(store: Store, policy: ApprovalPolicyRow, fields: ApprovalPolicyFields): ApprovalPolicyRow {
  store.run(
    `UPDATE approval_policies SET action_key = $action, conditions = $conditions, approver_config = $approvers, allow_self_approve = $self,
       bypass_org_membership_levels = $levels, bypass_roles = $roles, expires_after_us = $expires, enabled = $enabled, updated_at = $now
     WHERE id = $id`,
    { id: policy.id, now: nowIso(), ...policyParams(fields) },
  );
  return getPolicy(store, policy.project_id!, policy.id)!;
}

function policyParams(fields: ApprovalPolicyFields) {
  return {
    action: fields.action_key,
    conditions: toJson(fields.conditions),
    approvers: toJson(fields.approver_config),
    self: fromBool(fields.allow_self_approve),
    levels: toJson(fields.bypass_org_membership_levels),
    roles: toJson(fields.bypass_roles),
    expires: fields.expires_after_us,
    enabled: fromBool(fields.enabled),
  };
}

export function deletePolicy(store: Store, id: string): void {
  store.run('DELETE FROM approval_policies WHERE id = $id', { id });
}
