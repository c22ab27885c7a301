// How flag writes meet concurrent edits and the upstream's state rules (docs/errors.md, "Flag edits and
// state changes"). A leaf of the flag mutations: it shapes bodies and user errors, and makes no call itself.
import type { UserError } from '../../user-error.ts';
import type { FeatureFlagWrite } from '../../upstream-client/endpoints/feature-flag.ts';

/**
 * No flag is ever at this version (versions start at 1; 0 stands for a legacy flag without one). As the `version` of
 * `original_flag`, it makes the `version` sent differ from the original and, once the flag moved on, from the stored
 * one too: the upstream's overlap check (`version` is a writable field) then refuses every stale edit, in the same
 * write, whatever fields it names. An up-to-date edit is never checked.
 */
const NO_VERSION = -1;

/** The PATCH body that applies only at `expectedVersion`; unchanged without one. */
export function withExpectedVersion(body: FeatureFlagWrite, expectedVersion: number | null | undefined): FeatureFlagWrite {
  if (expectedVersion == null) return body;
  return { ...body, version: expectedVersion, original_flag: { version: NO_VERSION } };
}

/** A negative version would be the upstream's "no version" (-1, nothing checked) or match nothing: refused before any call. */
export function expectedVersionRefusal(expectedVersion: number | null | undefined): UserError | null {
  if (expectedVersion == null || expectedVersion >= 0) return null;
  return { field: ['input', 'expectedVersion'], message: 'Ensure this value is greater than or equal to 0.', code: 'MIN_VALUE', upstreamCode: null };
}

export const isVersionConflict = (error: UserError): boolean => error.code === 'CONFLICT' && error.upstreamCode === 'conflict';

/**
 * The upstream's refusals around flag states and flag dependencies, which it words as plain validation errors
 * (`invalid_input`), by their fixed wording (products/feature_flags/backend/api/feature_flag.py in PostHog). A PATCH
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
