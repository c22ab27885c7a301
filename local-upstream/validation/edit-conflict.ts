import { ApiError } from '../http/errors.ts';
import type { FlagRow } from '../storage/flags.ts';
import { isDict } from '../python-format.ts';

/**
 * Optimistic concurrency of flag updates, as the service's `FeatureFlagSerializer.update` does it, after every other
 * check of the update: a PATCH whose `version` is not the stored one, sent with the `original_flag` the editor
 * started from, is refused with 409 when a field the editor changes (its value differs from `original_flag`) was also
 * changed by someone else (the stored value differs from `original_flag`) to something else than the editor's value.
 * Without `version` (or with -1), with the stored version, or without a non-empty `original_flag`, nothing is
 * checked: a stale version alone is accepted.
 *
 * `version` is a writable serializer field, so it takes part like any other sent field: an `original_flag` whose
 * `version` differs from both the sent and the stored one makes every stale edit a conflict (the gateway's
 * `expectedVersion` relies on it, docs/rest-interface.md). The service also compares `last_modified_by`, which it
 * sets to the caller before the check: an `original_flag` naming it conflicts whenever the last editor is someone
 * else (a user is never equal to the JSON sent, unless both are null).
 *
 * When a stale edit does not conflict, the fields sent as they were in `original_flag` are not edits (an editor form
 * sends every field): they are dropped from `clean` rather than written back over what someone else stored since.
 */
export interface EditConflictContext {
  flag: FlagRow;
  callerId: number;
  lastEditorEmail: string | null;
}

export function checkEditConflict(
  body: Record<string, unknown>,
  clean: Record<string, unknown>,
  { flag, callerId, lastEditorEmail }: EditConflictContext,
): void {
  const version = 'version' in body ? body.version : -1;
  if (version === -1 || version === flag.version) return;
  const original = isDict(body.original_flag) ? body.original_flag : {};
  if (Object.keys(original).length === 0) return;
  const stored = flag as unknown as Record<string, unknown>;
  const edits = Object.entries(clean).filter(([field, value]) => field in original && !same(value, original[field]));
  const conflicts = edits.filter(([field, value]) => field in stored && !same(original[field], stored[field]) && !same(value, stored[field]));
  if (conflicts.length > 0 || editorConflict(original, flag, callerId)) {
    throw new ApiError(409, {
      type: 'server_error',
      code: 'conflict',
      detail: `The feature flag was updated by ${lastEditorEmail ?? 'another user'} since you started editing it. Please refresh and try again.`,
      attr: null,
    });
  }
  for (const field of Object.keys(clean)) {
    if (field in original && same(clean[field], original[field])) delete clean[field];
  }
}

/** `last_modified_by` as the service compares it: the caller (a user object) against the JSON sent and the stored user. */
function editorConflict(original: Record<string, unknown>, flag: FlagRow, callerId: number): boolean {
  if (!('last_modified_by' in original)) return false;
  const sameAsSent = original.last_modified_by === null && flag.last_modified_by === null;
  return !sameAsSent && flag.last_modified_by !== callerId;
}

/** Python `==` on JSON values: dict key order does not matter, list order does. */
function same(left: unknown, right: unknown): boolean {
  if (Array.isArray(left) || Array.isArray(right)) {
    return Array.isArray(left) && Array.isArray(right) && left.length === right.length && left.every((item, i) => same(item, right[i]));
  }
  if (isDict(left) && isDict(right)) {
    const keys = Object.keys(left);
    return keys.length === Object.keys(right).length && keys.every((key) => key in right && same(left[key], right[key]));
  }
  return left === right;
}
