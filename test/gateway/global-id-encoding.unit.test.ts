// Global ids are stored by clients: the encoding must stay base64url("<Type>:<URL-encoded key>...")
// byte for byte, whatever the keys (numbers, text, non-ASCII).
import { describe, expect, it } from 'vitest';
import { toGlobalId } from '../../src/relay/global-id.ts';

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
  });
});
