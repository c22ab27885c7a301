// The upstream words its flag state and flag dependency refusals as plain `invalid_input` validation errors; the
// gateway gives each its own code by the fixed wording (src/resolvers/support/flag-edits.ts, docs/errors.md).
import { describe, expect, it } from 'vitest';
import { flagRefusal } from '../../src/resolvers/support/flag-edits.ts';
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
