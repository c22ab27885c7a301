// Cached answers in Redis are sealed so that neither someone reading Redis nor another tenant can
// read them (docs/caching-and-quota.md, "Redis"): AES-256-GCM with a key derived from the bearer
// token itself (HKDF-SHA256, the cache namespace as salt), and the entry's Redis key as authenticated
// data, so a value copied under another key, or read with another token, does not open. The
// entry's name in Redis is an HMAC of its path with a second key derived alike: what was read stays
// hidden too. Only a request carrying the token can derive its keys; they are remembered per key
// identity (token-digest.ts) in a small LRU, so a cached read costs no derivation.
import { createCipheriv, createDecipheriv, createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { HmacSha256 } from './token-digest.ts';

const INFO = 'graphql-gateway cached upstream answer';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Keys remembered: well above the keys in flight at once; a forgotten one is derived again on its next request. */
const REMEMBERED_KEYS = 4096;

interface TokenKeys {
  /** A key object: a raw key would be imported again by every cipher (about 20 µs each). */
  cipher: KeyObject;
  naming: HmacSha256;
}

export class SealedEntries {
  readonly #salt: string;
  readonly #keys = new LRUCache<string, TokenKeys>({ max: REMEMBERED_KEYS });

  constructor(namespace: string) {
    this.#salt = namespace;
  }

  /** Derives the token's keys for `identity` (its digest), unless they are remembered already. */
  remember(identity: string, token: string): void {
    if (this.#keys.get(identity)) return;
    const bytes = Buffer.from(hkdfSync('sha256', token, this.#salt, INFO, 64));
    this.#keys.set(identity, { cipher: createSecretKey(bytes.subarray(0, 32)), naming: new HmacSha256(bytes.subarray(32)) });
  }

  /** The entry's name for `path` (an HMAC with the token's naming key); null when the token's keys are not remembered. */
  name(identity: string, path: string): string | null {
    const keys = this.#keys.get(identity);
    return keys ? keys.naming.digest(path).slice(0, 22) : null;
  }

  /** `plaintext` sealed for `identity`, bound to `redisKey` (IV, tag, ciphertext); null when the token's keys are not remembered. */
  seal(identity: string, redisKey: string, plaintext: string): Buffer | null {
    const keys = this.#keys.get(identity);
    if (!keys) return null;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', keys.cipher, iv).setAAD(Buffer.from(redisKey));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  /** The plaintext of `sealed`; null when it does not open with the token's key for `redisKey` (another key's, moved, altered). */
  open(identity: string, redisKey: string, bytes: Buffer): string | null {
    const keys = this.#keys.get(identity);
    if (!keys) return null;
    if (bytes.length < IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', keys.cipher, bytes.subarray(0, IV_BYTES)).setAAD(Buffer.from(redisKey));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
