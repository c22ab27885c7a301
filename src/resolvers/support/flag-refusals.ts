// Codes for the upstream's flag refusals and the flags their messages name (docs/errors.md, "Flag dependencies").
// A leaf: the flag mutations and the UserError type use it; it makes no call.
import type { UserError } from '../../user-error.ts';

/**
 * The upstream's refusals around flag states and flag dependencies, which it gives as plain validation errors
 * (`invalid_input`), known by their fixed wording (products/feature_flags/backend/api/feature_flag.py in PostHog). A PATCH
 * meets the same rules as the state endpoints: `active: false` and `deleted: true` are refused while enabled flags
 * depend on the flag, `active: true` while a flag it depends on is disabled. A write's `filters` are refused a
 * condition on a disabled, missing (deleted, another project's) or key-named flag, and a dependency cycle.
 */
const FLAG_REFUSALS: ReadonlyArray<readonly [wording: RegExp, code: UserError['code']]> = [
  [/^Cannot (disable|archive|delete) this feature flag because other flags depend on it/, 'DEPENDENT_FLAGS_ACTIVE'],
  [/^Cannot enable an archived feature flag/, 'ARCHIVED'],
  [/^Cannot enable this feature flag because it depends on disabled flags/, 'DEPENDENCY_FLAGS_DISABLED'],
  [/^Cannot create dependency on disabled flag /, 'DEPENDENCY_FLAGS_DISABLED'],
  [/^Flag dependency references non-existent flag with ID /, 'DEPENDENCY_FLAG_NOT_FOUND'],
  [/^Flag dependencies must reference flag IDs \(integers\), not flag keys/, 'INVALID_FLAG_REFERENCE'],
  [/^Circular dependency detected: /, 'CIRCULAR_FLAG_DEPENDENCY'],
  [/^Feature flag '.*' cannot depend on itself$/s, 'CIRCULAR_FLAG_DEPENDENCY'],
];

/** A flag refusal with its specific code; the upstream's own code stays in `upstreamCode`. Other errors are unchanged. */
export function flagRefusal(error: UserError): UserError {
  if (error.upstreamCode !== 'invalid_input') return error;
  const refusal = FLAG_REFUSALS.find(([wording]) => wording.test(error.message));
  return refusal ? { ...error, code: refusal[1] } : error;
}

/**
 * `copy_flags` with `copy_dependencies` refuses the whole copy with a bare `{"error": ...}` (no upstream code) when
 * the source flags' dependencies cannot be walked (OrganizationFeatureFlagView `_resolve_dependency_copy_graph` in
 * PostHog's products/feature_flags/backend/api/organization_feature_flag.py), known by its fixed wording.
 */
const COPY_REFUSALS: ReadonlyArray<readonly [wording: RegExp, code: UserError['code']]> = [
  [/^A circular flag dependency was detected, so dependencies can't be copied automatically\./, 'CIRCULAR_FLAG_DEPENDENCY'],
  [
    /^Removed a flag dependency \(source flag reference .*\) because the dependency flag could not be resolved in the source project\.$/s,
    'DEPENDENCY_FLAG_NOT_FOUND',
  ],
  [/^This flag depends on more than \d+ flags, so dependencies can't be copied automatically\./, 'TOO_MANY_FLAG_DEPENDENCIES'],
];

/** A whole-copy refusal of `copyFeatureFlags` with its specific code; other errors are unchanged. */
export function copyRefusal(error: UserError): UserError {
  if (error.upstreamCode !== null || error.code !== 'OTHER') return error;
  const refusal = COPY_REFUSALS.find(([wording]) => wording.test(error.message));
  return refusal ? { ...error, code: refusal[1] } : error;
}

/** A flag a refusal's message names: by key and id, by id only (a missing flag) or by key only (a cycle). */
export interface NamedFlag {
  databaseId: number | null;
  key: string | null;
}

const MAX_INT = 2 ** 31 - 1;
// `key (ID: 7)` in a list of flags, or `'key' (ID: 7)` for a condition on a disabled flag.
const KEY_AND_ID = /(?:'([^']+)'|([^\s',]+)) \(ID: (\d+)\)/g;

/**
 * The flags a dependency refusal's message names, in its order (each once); none for any other error. The upstream
 * lists at most five flags of a state refusal and says how many more there are in the message only.
 */
export function namedFlags(error: UserError): NamedFlag[] {
  if (error.upstreamCode !== 'invalid_input') return [];
  switch (error.code) {
    case 'DEPENDENT_FLAGS_ACTIVE':
    case 'DEPENDENCY_FLAGS_DISABLED':
      return [...error.message.matchAll(KEY_AND_ID)].map((match) => ({ key: (match[1] ?? match[2])!, databaseId: Number(match[3]) }));
    case 'DEPENDENCY_FLAG_NOT_FOUND': {
      // An id past GraphQL's Int names no flag that could exist: nothing to point at.
      const id = Number(/with ID (\d+)$/.exec(error.message)?.[1]);
      return Number.isSafeInteger(id) && id <= MAX_INT ? [{ key: null, databaseId: id }] : [];
    }
    case 'CIRCULAR_FLAG_DEPENDENCY':
      return cycleKeys(error.message).map((key) => ({ key, databaseId: null }));
    default:
      return [];
  }
}

/** `Circular dependency detected: a → b → a` gives a and b; `Feature flag 'a' cannot depend on itself` gives a. */
function cycleKeys(message: string): string[] {
  const self = /^Feature flag '(.*)' cannot depend on itself$/s.exec(message);
  if (self) return [self[1]!];
  const path = message.replace(/^Circular dependency detected: /, '').split(' → ');
  return [...new Set(path)];
}
