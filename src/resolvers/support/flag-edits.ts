// How flag writes meet concurrent edits (docs/errors.md, "Flag edits and state changes"). A leaf of the flag
// mutations: it shapes bodies and user errors, and makes no call itself.
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
