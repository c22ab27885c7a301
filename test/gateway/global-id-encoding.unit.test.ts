// Global ids are stored by clients: the encoding must stay base64url("<Type>:<URL-encoded key>...")
// byte for byte, whatever the keys (numbers, text, non-ASCII).
import { describe, expect, it } from 'vitest';
import { fromGlobalId, toGlobalId } from '../../src/relay/global-id.ts';
import { MAX_REMEMBERED_IDS, rememberedIdCount } from '../../src/relay/global-id-memo.ts';

const reference = (type: string, keys: (string | number)[]) =>
  Buffer.from([type, ...keys.map((k) => encodeURIComponent(String(k)))].join(':'), 'utf8').toString('base64url');

describe('toGlobalId encoding', () => {
  it.each([
    ['Project', [42]],
    ['FeatureFlag', [7, 1234]],
    ['FeatureFlagRoleAccess', [0, -3, Number.MAX_SAFE_INTEGER]],
    ['Odd', [1e21, 2 ** 53 + 2, 1.5, -0, NaN]],
    ['Organization', ['0191d2c4-0000-7000-8000-00000000b3c4']],
    ['Odd', ['a:b', 'c/d e', 'ü', '😀', '%41', '']],
  ] as [string, (string | number)[]][])('%s %j', (type, keys) => {
    expect(toGlobalId(type, ...keys)).toBe(reference(type, keys));
    // Integer-keyed ids are remembered: the second answer comes from memory, the same bytes.
    expect(toGlobalId(type, ...keys)).toBe(reference(type, keys));
  });

  it('refuses a type that is no type name every time (a refusal is not remembered)', () => {
    expect(() => toGlobalId('not a type', 1)).toThrow(/bad type/);
    expect(() => toGlobalId('not a type', 1)).toThrow(/bad type/);
  });

  it('an integer key count of its own is another id (Type:1 is not Type:1:2)', () => {
    expect(toGlobalId('Nested', 1, 2)).toBe(reference('Nested', [1, 2]));
    expect(toGlobalId('Nested', 1)).toBe(reference('Nested', [1]));
    expect(toGlobalId('Nested', 1, 2, 3)).toBe(reference('Nested', [1, 2, 3]));
  });

  it('remembers at most MAX_REMEMBERED_IDS ids, and answers the same past that', () => {
    for (let id = 1; id <= MAX_REMEMBERED_IDS + 50; id++) {
      expect(toGlobalId('Bulk', 9, id)).toBe(reference('Bulk', [9, id]));
      expect(rememberedIdCount()).toBeLessThanOrEqual(MAX_REMEMBERED_IDS);
    }
    expect(rememberedIdCount()).toBeGreaterThan(0);
    for (let id = 1; id <= 10; id++) expect(fromGlobalId(toGlobalId('Bulk', 9, id))).toEqual({ type: 'Bulk', keys: ['9', String(id)] });
  });
});
