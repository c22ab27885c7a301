import { randomUUID } from 'node:crypto';
import { nowIso, parseJson, toJson, type Row, type Store } from './db.ts';

/** Change requests an approval policy opened, and the votes on them. */

export type ChangeRequestState = 'pending' | 'approved' | 'applied' | 'rejected' | 'expired' | 'failed';

export interface ChangeRequestRow {
  id: string;
  organization_id: string;
  project_id: number;
  action_key: string;
  action_version: number;
  resource_type: string;
  resource_id: string | null;
  intent: Record<string, unknown>;
  intent_display: Record<string, unknown>;
  policy_snapshot: Record<string, unknown>;
  state: ChangeRequestState;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  expires_at: string;
  applied_by: number | null;
  applied_at: string | null;
  apply_error: string;
  result_data: Record<string, unknown> | null;
}

export type NewChangeRequest = Pick<
  ChangeRequestRow,
  | 'organization_id'
  | 'project_id'
  | 'action_key'
  | 'resource_type'
  | 'resource_id'
  | 'intent'
  | 'intent_display'
  | 'policy_snapshot'
  | 'created_by'
  | 'expires_at'
>;

const REQUEST_COLUMNS = `id, organization_id, project_id, action_key, action_version, resource_type, resource_id, intent, intent_display,
  policy_snapshot, state, created_by, created_at, updated_at, expires_at, applied_by, applied_at, apply_error, result_data`;

function toChangeRequest(row: Row): ChangeRequestRow {
  return {
    ...(row as unknown as ChangeRequestRow),
    intent: parseJson(row.intent, {}),
    intent_display: parseJson(row.intent_display, {}),
    policy_snapshot: parseJson(row.policy_snapshot, {}),
    result_data: parseJson(row.result_data, null),
  };
}

export function insertChangeRequest(store: Store, request: NewChangeRequest): ChangeRequestRow {
  const id = randomUUID();
  const now = nowIso();
  store.run(
    `INSERT INTO change_requests (id, organization_id, project_id, action_key, resource_type, resource_id, intent, intent_display, policy_snapshot,
       created_by, created_at, updated_at, expires_at)
     VALUES ($id, $org, $project, $action, $type, $resource, $intent, $display, $snapshot, $by, $now, $now, $expires)`,
    {
      id,
      org: request.organization_id,
      project: request.project_id,
      action: request.action_key,
      type: request.resource_type,
      resource: request.resource_id,
      intent: toJson(request.intent),
      display: toJson(request.intent_display),
      snapshot: toJson(request.policy_snapshot),
      by: request.created_by,
      now,
      expires: request.expires_at,
    },
  );
  return getChangeRequest(store, request.project_id, id)!;
}

export function getChangeRequest(store: Store, projectId: number, id: string): ChangeRequestRow | undefined {
  const row = store.get(`SELECT ${REQUEST_COLUMNS} FROM change_requests WHERE id = $id AND project_id = $project`, { id, project: projectId });
  return row ? toChangeRequest(row) : undefined;
}

/** A project's change requests, newest first. */
export function projectChangeRequests(store: Store, projectId: number): ChangeRequestRow[] {
  return store
    .all(`SELECT ${REQUEST_COLUMNS} FROM change_requests WHERE project_id = $project ORDER BY created_at DESC, rowid DESC`, { project: projectId })
    .map(toChangeRequest);
}

/** A pending or approved change request for the same action on the same resource (`_check_for_duplicate`). */
export function openChangeRequest(
  store: Store,
  projectId: number,
  actionKey: string,
  resourceType: string,
  resourceId: string | null,
): ChangeRequestRow | undefined {
  const row = store.get(
    `SELECT ${REQUEST_COLUMNS} FROM change_requests
     WHERE project_id = $project AND action_key = $action AND resource_type = $type AND resource_id IS $resource AND state IN ('pending', 'approved')
     ORDER BY created_at DESC LIMIT 1`,
    { project: projectId, action: actionKey, type: resourceType, resource: resourceId },
  );
  return row ? toChangeRequest(row) : undefined;
}

export interface VoteRow {
  id: string;
  created_by: number | null;
  decision: 'approved' | 'rejected';
  reason: string;
  created_at: string;
}

/** The votes on a change request (`Approval` rows), oldest first. */
export function changeRequestVotes(store: Store, changeRequestId: string): VoteRow[] {
  return store.all<VoteRow>(
    'SELECT id, created_by, decision, reason, created_at FROM change_request_votes WHERE change_request_id = $request ORDER BY created_at, rowid',
    { request: changeRequestId },
  );
}

/** Records a rejection (a reviewer's, or the requester's cancellation) and closes the request as rejected. */
export function rejectChangeRequest(store: Store, request: ChangeRequestRow, userId: number, reason: string): ChangeRequestRow {
  const now = nowIso();
  store.run(
    `INSERT INTO change_request_votes (id, change_request_id, created_by, decision, reason, created_at)
     VALUES ($id, $request, $by, 'rejected', $reason, $now)`,
    { id: randomUUID(), request: request.id, by: userId, reason, now },
  );
  store.run("UPDATE change_requests SET state = 'rejected', updated_at = $now WHERE id = $id", { id: request.id, now });
  return getChangeRequest(store, request.project_id, request.id)!;
}

/** Records an approval vote. */
export function recordApproval(store: Store, request: ChangeRequestRow, userId: number, reason: string): void {
  store.run(
    `INSERT INTO change_request_votes (id, change_request_id, created_by, decision, reason, created_at)
     VALUES ($id, $request, $by, 'approved', $reason, $now)`,
    { id: randomUUID(), request: request.id, by: userId, reason, now: nowIso() },
  );
}

/** How an approved change request ended: applied (with the resource's id and version) or failed (with why). */
export type ApplyOutcome = { state: 'applied'; result: Record<string, unknown> } | { state: 'failed'; error: string };

export function settleChangeRequest(store: Store, request: ChangeRequestRow, outcome: ApplyOutcome): ChangeRequestRow {
  const now = nowIso();
  if (outcome.state === 'applied') {
    store.run(
      "UPDATE change_requests SET state = 'applied', applied_at = $now, applied_by = created_by, result_data = $result, updated_at = $now WHERE id = $id",
      { id: request.id, now, result: toJson(outcome.result) },
    );
  } else {
    store.run("UPDATE change_requests SET state = 'failed', apply_error = $error, updated_at = $now WHERE id = $id", {
      id: request.id,
      now,
      error: outcome.error,
    });
  }
  return getChangeRequest(store, request.project_id, request.id)!;
}
