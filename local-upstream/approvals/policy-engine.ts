import type { ApprovalPolicyRow } from '../storage/approval-policies.ts';

/**
 * The service's `PolicyEngine`: whether a change needs approval under a policy. A change is described by its intent:
 * `current_state` and `gated_changes`, each field mapped to a list of `{path, value}` (a flag's rollout percentages
 * at every place they occur) or, for enable/disable, to the plain value.
 */

export interface PathValue {
  path: string;
  value: unknown;
}

export interface Intent {
  current_state: Record<string, unknown>;
  gated_changes: Record<string, unknown>;
  [field: string]: unknown;
}

export type Decision =
  { result: 'ALLOW' } | { result: 'REQUIRE_APPROVAL'; message: string; approvers: Record<string, unknown>; policySnapshot: Record<string, unknown> };

type Compare = (a: unknown, b: unknown) => boolean;

/** Python's comparisons: numbers with numbers, strings with strings; any other pair raises, which counts as no match. */
function ordered(compare: (a: number | string, b: number | string) => boolean): Compare {
  return (a, b) => {
    const bothNumbers = typeof a === 'number' && typeof b === 'number';
    const bothStrings = typeof a === 'string' && typeof b === 'string';
    return (bothNumbers || bothStrings) && compare(a, b);
  };
}

const OPERATORS: Record<string, Compare> = {
  '>': ordered((a, b) => a > b),
  '<': ordered((a, b) => a < b),
  '>=': ordered((a, b) => a >= b),
  '<=': ordered((a, b) => a <= b),
  '==': (a, b) => JSON.stringify(a) === JSON.stringify(b),
  '!=': (a, b) => JSON.stringify(a) !== JSON.stringify(b),
};

function pathValues(state: Record<string, unknown>, field: string): Map<string, unknown> {
  const values = state[field];
  return new Map(Array.isArray(values) ? (values as PathValue[]).map((item) => [item.path, item.value]) : []);
}

/** The threshold condition types; a condition without `field`, `operator` or `value`, or of an unknown type, gates everything. */
function conditionsMatch(conditions: Record<string, unknown>, intent: Intent): boolean {
  if (Object.keys(conditions).length === 0) return true;
  const { type, field, operator, value: threshold } = conditions;
  if (typeof field !== 'string' || !field) return true;
  const before = pathValues(intent.current_state, field);
  const after = pathValues(intent.gated_changes, field);
  if (type === 'any_change') {
    return [...new Set([...before.keys(), ...after.keys()])].some((path) => JSON.stringify(before.get(path)) !== JSON.stringify(after.get(path)));
  }
  if (type !== 'before_after' && type !== 'change_amount') return true;
  const compare = typeof operator === 'string' ? OPERATORS[operator] : undefined;
  if (!compare || threshold === null || threshold === undefined) return true;
  if (type === 'before_after') return [...after.values()].some((value) => value !== null && value !== undefined && compare(value, threshold));
  return [...new Set([...before.keys(), ...after.keys()])].some((path) => {
    const old = before.get(path);
    const now = after.get(path);
    return typeof old === 'number' && typeof now === 'number' && compare(now - old, threshold);
  });
}

export interface Actor {
  userId: number;
  membershipLevel: number | undefined;
  roleIds: string[];
}

function hasBypass(policy: ApprovalPolicyRow, actor: Actor): boolean {
  if (actor.membershipLevel !== undefined && policy.bypass_org_membership_levels.includes(actor.membershipLevel)) return true;
  return policy.bypass_roles.some((role) => actor.roleIds.includes(role));
}

/** Whether the user is in an approver set (`users` ids, `roles` ids): a policy's `approver_config` or a change request's snapshot of it. */
export function isApprover(config: Record<string, unknown>, actor: Pick<Actor, 'userId' | 'roleIds'>): boolean {
  if (Array.isArray(config.users) && config.users.includes(actor.userId)) return true;
  return Array.isArray(config.roles) && config.roles.some((role) => actor.roleIds.includes(String(role)));
}

/** `PolicyEngine.evaluate`: bypass first, then the conditions; otherwise approval is required. */
export function evaluatePolicy(policy: ApprovalPolicyRow, actor: Actor, intent: Intent): Decision {
  if (hasBypass(policy, actor) || !conditionsMatch(policy.conditions, intent)) return { result: 'ALLOW' };
  const config = policy.approver_config;
  const fromOthers = !policy.allow_self_approve && isApprover(config, actor);
  return {
    result: 'REQUIRE_APPROVAL',
    message: fromOthers
      ? 'A change request has been created and is pending approval from others.'
      : 'A change request has been created and is pending approval.',
    approvers: config,
    policySnapshot: {
      quorum: config.quorum,
      users: config.users ?? [],
      roles: config.roles ?? [],
      allow_self_approve: policy.allow_self_approve,
      conditions: policy.conditions,
      bypass_org_membership_levels: policy.bypass_org_membership_levels,
      bypass_roles: policy.bypass_roles,
    },
  };
}
