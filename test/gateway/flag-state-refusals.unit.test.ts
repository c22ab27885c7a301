// The upstream words its state refusals as plain `invalid_input` validation errors; the gateway gives each its own
// code by the fixed opening words (src/resolvers/support/flag-edits.ts, docs/errors.md).
import { describe, expect, it } from 'vitest';
import { stateRefusal } from '../../src/resolvers/support/flag-edits.ts';
import type { UserError } from '../../src/user-error.ts';

const refusal = (message: string): UserError => ({ field: null, message, code: 'INVALID_INPUT', upstreamCode: 'invalid_input' });

describe('stateRefusal', () => {
  // Every verb the service puts in front of its dependents' list: disable/ and PATCH `active: false`, a PATCH
  // archiving an enabled flag in newer versions, PATCH `deleted: true`.
  it.each(['disable', 'archive', 'delete'])('"Cannot %s ... because other flags depend on it" is DEPENDENT_FLAGS_ACTIVE', (verb) => {
    const message = `Cannot ${verb} this feature flag because other flags depend on it: child (ID: 7). Please update or disable the dependent flags first.`;
    expect(stateRefusal(refusal(message))).toEqual({ ...refusal(message), code: 'DEPENDENT_FLAGS_ACTIVE' });
  });

  it('leaves other validation errors as they are', () => {
    const other = refusal('Cannot enable this feature flag because it depends on disabled flags: base (ID: 3). Please enable the dependency flags first.');
    expect(stateRefusal(other)).toBe(other);
  });
});
