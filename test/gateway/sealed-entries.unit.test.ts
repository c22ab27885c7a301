// The key identities and sealed Redis entries of the cache (docs/caching-and-quota.md, "Redis"):
// identities are HMACs with the secret, never the token's plain SHA-256; an entry opens only with
// the token that sealed it, under the Redis key it was sealed for, in the namespace it was sealed in.
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SealedEntries } from '../../src/upstream-client/across-requests/sealed-entries.ts';
import { HmacSha256, TokenDigests } from '../../src/upstream-client/across-requests/token-digest.ts';

const ALICE = 'phx_alice_000000000000000000000000000';
const BOB = 'phx_bob_00000000000000000000000000000';

describe('HmacSha256', () => {
  it('is node:crypto’s HMAC-SHA256, with short and long keys', () => {
    for (const key of [Buffer.from('k'), Buffer.alloc(64, 7), Buffer.alloc(100, 9)]) {
      for (const message of ['', ALICE, '/api/projects/1/feature_flags/?search=é']) {
        expect(new HmacSha256(key).digest(message)).toBe(createHmac('sha256', key).update(message).digest('base64url'));
      }
    }
  });
});

describe('TokenDigests', () => {
  it('is an HMAC with the secret: not the SHA-256 the service stores, equal only under the same secret', () => {
    const sha = createHash('sha256').update(ALICE).digest('base64url');
    const one = new TokenDigests('secret-one-0123456789abcdefghijklmn');
    expect(one.digest(ALICE)).not.toBe(sha);
    expect(one.digest(ALICE)).toBe(new TokenDigests('secret-one-0123456789abcdefghijklmn').digest(ALICE));
    expect(one.digest(ALICE)).not.toBe(new TokenDigests('secret-two-0123456789abcdefghijklmn').digest(ALICE));
    expect(one.digest(ALICE)).not.toBe(one.digest(BOB));
  });

  it('without a secret, uses this process’s own: stable within the process, not the SHA-256', () => {
    expect(new TokenDigests().digest(ALICE)).toBe(new TokenDigests(null).digest(ALICE));
    expect(new TokenDigests().digest(ALICE)).not.toBe(createHash('sha256').update(ALICE).digest('base64url'));
  });
});

describe('SealedEntries', () => {
  const digests = new TokenDigests('a-secret-for-the-tests-0123456789');
  const [alice, bob] = [digests.digest(ALICE), digests.digest(BOB)];
  const sealedFor = (namespace = 'ns') => {
    const seals = new SealedEntries(namespace);
    seals.remember(alice, ALICE);
    seals.remember(bob, BOB);
    return seals;
  };

  it('opens what it sealed, and the sealed text shows nothing of it', () => {
    const seals = sealedFor();
    const sealed = seals.seal(alice, 'k', '{"key":"checkout-v2"}')!;
    expect(sealed.toString('latin1')).not.toContain('checkout');
    expect(seals.open(alice, 'k', sealed)).toBe('{"key":"checkout-v2"}');
  });

  it('another tenant’s key, another Redis key, another namespace or an altered byte does not open it', () => {
    const seals = sealedFor();
    const sealed = seals.seal(alice, 'k', 'secret record')!;
    expect(seals.open(bob, 'k', sealed)).toBeNull();
    expect(seals.open(alice, 'other-key', sealed)).toBeNull();
    expect(sealedFor('other-namespace').open(alice, 'k', sealed)).toBeNull();
    const altered = Buffer.from(sealed);
    altered[altered.length - 1]! ^= 1;
    expect(seals.open(alice, 'k', altered)).toBeNull();
    expect(seals.open(alice, 'k', Buffer.from('short'))).toBeNull();
  });

  it('names a path per token, without the path in it; knows nothing of a token it was not given', () => {
    const seals = sealedFor();
    const path = '/api/projects/1/feature_flags/?search=checkout';
    expect(seals.name(alice, path)).toBe(seals.name(alice, path));
    expect(seals.name(alice, path)).not.toBe(seals.name(bob, path));
    expect(seals.name(alice, path)).not.toContain('checkout');
    const stranger = digests.digest('phx_stranger_000000000000000000000000');
    expect(seals.name(stranger, path)).toBeNull();
    expect(seals.seal(stranger, 'k', 'x')).toBeNull();
  });
});
