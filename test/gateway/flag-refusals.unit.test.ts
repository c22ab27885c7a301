// The upstream words its flag state and flag dependency refusals as plain `invalid_input` validation errors; the
// gateway gives each its own code by the fixed wording (src/resolvers/support/flag-refusals.ts, docs/errors.md).
import { describe, expect, it } from 'vitest';
import { flagRefusal, namedFlags } from '../../src/resolvers/support/flag-refusals.ts';
import type { UserError } from '../../src/user-error.ts';

const refusal = (message: string, field: string[] | null = null): UserError => ({ field, message, code: 'INVALID_INPUT', upstreamCode: 'invalid_input' });
const FILTERS = ['input', 'filters'];

describe('flagRefusal', () => {
  // Every verb the service puts in front of its dependents' list: disable/ and PATCH `active: false`, a PATCH
  // archiving an enabled flag in newer versions, PATCH `deleted: true`.
  it.each(['disable', 'archive', 'delete'])('"Cannot %s ... because other flags depend on it" is DEPENDENT_FLAGS_ACTIVE', (verb) => {
    const message = `Cannot ${verb} this feature flag because other flags depend on it: child (ID: 7). Please update or disable the dependent flags first.`;
    expect(flagRefusal(refusal(message))).toEqual({ ...refusal(message), code: 'DEPENDENT_FLAGS_ACTIVE' });
  });

  it.each([
    [
      'Cannot enable this feature flag because it depends on disabled flags: base (ID: 3). Please enable the dependency flags first.',
      null,
      'DEPENDENCY_FLAGS_DISABLED',
    ],
    ["Cannot create dependency on disabled flag 'base' (ID: 3). Flag dependencies must reference active flags only.", FILTERS, 'DEPENDENCY_FLAGS_DISABLED'],
    ['Flag dependency references non-existent flag with ID 99', FILTERS, 'DEPENDENCY_FLAG_NOT_FOUND'],
    ["Flag dependencies must reference flag IDs (integers), not flag keys. Invalid reference: 'base'", FILTERS, 'INVALID_FLAG_REFERENCE'],
    ['Circular dependency detected: a → b → a', FILTERS, 'CIRCULAR_FLAG_DEPENDENCY'],
    ["Feature flag 'a' cannot depend on itself", FILTERS, 'CIRCULAR_FLAG_DEPENDENCY'],
    ['Cannot enable an archived feature flag. Unarchive it first.', null, 'ARCHIVED'],
  ] as const)('%s -> %s', (message, field, code) => {
    const error = refusal(message, field && [...field]);
    expect(flagRefusal(error)).toEqual({ ...error, code });
  });

  it('leaves other validation errors as they are', () => {
    const other = refusal('Filters are not valid (variant override does not exist)', FILTERS);
    expect(flagRefusal(other)).toBe(other);
  });

  it('matches only the upstream validation code, not a message someone else wrote', () => {
    const bare = { ...refusal('Flag dependency references non-existent flag with ID 99'), code: 'OTHER' as const, upstreamCode: null };
    expect(flagRefusal(bare)).toBe(bare);
  });
});

describe('namedFlags', () => {
  const classified = (message: string) => flagRefusal(refusal(message));

  it('reads a list of `key (ID: id)`, leaving the count of the unlisted ones to the message', () => {
    const message =
      'Cannot disable this feature flag because other flags depend on it: a-1 (ID: 11), b_2 (ID: 12), c (ID: 13), d (ID: 14), e (ID: 15), and 3 more. Please update or disable the dependent flags first.';
    expect(namedFlags(classified(message))).toEqual(['a-1', 'b_2', 'c', 'd', 'e'].map((key, i) => ({ key, databaseId: 11 + i })));
  });

  it("reads a quoted `'key' (ID: id)`", () => {
    const message = "Cannot create dependency on disabled flag 'base' (ID: 3). Flag dependencies must reference active flags only.";
    expect(namedFlags(classified(message))).toEqual([{ key: 'base', databaseId: 3 }]);
  });

  it('reads a missing flag by id, unless the id could not be a flag id', () => {
    expect(namedFlags(classified('Flag dependency references non-existent flag with ID 99'))).toEqual([{ key: null, databaseId: 99 }]);
    expect(namedFlags(classified('Flag dependency references non-existent flag with ID 123456789012345678901234567890'))).toEqual([]);
  });

  it('reads a cycle by key, each flag once, and a self-dependency', () => {
    expect(namedFlags(classified('Circular dependency detected: a → b → c → a'))).toEqual(['a', 'b', 'c'].map((key) => ({ key, databaseId: null })));
    expect(namedFlags(classified("Feature flag 'a' cannot depend on itself"))).toEqual([{ key: 'a', databaseId: null }]);
  });

  it('names nothing for an invalid reference or any other error', () => {
    expect(namedFlags(classified("Flag dependencies must reference flag IDs (integers), not flag keys. Invalid reference: 'base'"))).toEqual([]);
    expect(namedFlags(refusal('Filters are not valid (variant override does not exist)'))).toEqual([]);
  });
});
