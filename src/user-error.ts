// A mutation's business failure, as its payload's `userErrors` carries it (schema/common.graphql
// `UserError`, docs/errors.md). A leaf module: the upstream client's payload mappers, the error
// mapping and the resolvers all use it.

/**
 * Every `UserErrorCode` (schema/common.graphql holds each one's doc string; a test keeps the two
 * lists equal). Most are the upstream's own validation codes upper-cased (`unique` -> UNIQUE).
 */
export const USER_ERROR_CODES = [
  'REQUIRED',
  'NULL',
  'BLANK',
  'EMPTY',
  'INVALID_INPUT',
  'INVALID_CHOICE',
  'INCORRECT_TYPE',
  'NOT_A_LIST',
  'NOT_A_DICT',
  'MAX_LENGTH',
  'MIN_LENGTH',
  'MAX_VALUE',
  'MIN_VALUE',
  'MAX_DIGITS',
  'MAX_DECIMAL_PLACES',
  'MAX_WHOLE_DIGITS',
  'UNIQUE',
  'DOES_NOT_EXIST',
  'INVALID_KEY',
  'COHORT_DOES_NOT_EXIST',
  'BEHAVIORAL_COHORT_FOUND',
  'INVALID_DATE',
  'INVALID_VALUE',
  'INVALID_OPERATOR',
  'MALFORMED_REQUEST',
  'CONFLICT',
  'DEPENDENT_FLAGS_ACTIVE',
  'DEPENDENCY_FLAGS_DISABLED',
  'DEPENDENCY_FLAG_NOT_FOUND',
  'INVALID_FLAG_REFERENCE',
  'CIRCULAR_FLAG_DEPENDENCY',
  'TOO_MANY_FLAG_DEPENDENCIES',
  'ARCHIVED',
  'APPROVAL_REQUIRED',
  'OTHER',
] as const;

export type UserErrorCode = (typeof USER_ERROR_CODES)[number];

/** A business failure of a mutation, returned in the payload's `userErrors`. */
export interface UserError {
  /** Path to the offending input field, e.g. ["input", "filters", "groups", "0"]; null when not field-specific. */
  field: string[] | null;
  message: string;
  code: UserErrorCode;
  /** The upstream's own code (e.g. "unique"); null when the upstream gave none or the gateway found the problem. */
  upstreamCode: string | null;
  /** APPROVAL_REQUIRED: the change request awaiting approval. */
  changeRequestId?: string | null;
  /** CONFLICT of a flag edit with `expectedVersion`: the flag's version now. */
  currentVersion?: number | null;
}

/** The `UserError` GraphQL type's parent (codegen.ts maps it here; the generated file has its own `UserError`). */
export type UserErrorRecord = UserError;

const KNOWN = new Set<string>(USER_ERROR_CODES);

/** The upstream's code as a `UserErrorCode`: upper-cased when listed, else OTHER (also when absent). */
export function userErrorCode(upstreamCode: string | null): UserErrorCode {
  const candidate = upstreamCode?.toUpperCase();
  return candidate !== undefined && KNOWN.has(candidate) ? (candidate as UserErrorCode) : 'OTHER';
}
