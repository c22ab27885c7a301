import { ApiError } from '../http/errors.ts';
import type { FlagRow } from '../storage/flags.ts';
import { isDict } from './fields.ts';

/**
 * Optimistic concurrency of flag updates, as the service does it: a PATCH carrying a `version` other than the
 * stored one, together with the `original_flag` the editor started from, is refused with 409 when a field the
 * editor changes was also changed by someone else since. Without `version` or `original_flag` nothing is checked.
 *
 * When there is no conflict the edits are merged: a field the editor sends as it was in `original_flag` is not an
 * edit (an editor form sends every field), so it is dropped from `clean` rather than written back over what someone
 * else stored since, e.g. another user's `active: false`.
 */
export function checkEditConflict(body: Record<string, unknown>, clean: Record<string, unknown>, flag: FlagRow, lastEditorEmail: string | null): void {
  if (!('version' in body) || body.version === -1 || body.version === flag.version) return;
  const original = body.original_flag;
  if (!isDict(original) || Object.keys(original).length === 0) return;
  const stored = flag as unknown as Record<string, unknown>;
  const edits = Object.entries(clean).filter(([field, value]) => field in original && !same(value, original[field]));
  const conflicts = edits.filter(([field, value]) => field in stored && !same(original[field], stored[field]) && !same(value, stored[field]));
  if (conflicts.length > 0) {
    throw new ApiError(409, {
      type: 'server_error',
      code: 'conflict',
      detail: `The feature flag was updated by ${lastEditorEmail ?? 'another user'} since you started editing it. Please refresh and try again.`,
      attr: null,
    });
  }
  for (const field of Object.keys(clean)) {
    if (field in original && field in stored && same(clean[field], original[field])) delete clean[field];
  }
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
