// The identity that stands for an API key wherever one is remembered or counted (verified-tokens.ts,
// across-requests.ts and, with Redis, every key there): an HMAC-SHA256 of the token with
// CACHE_KEY_SECRET, never the key itself nor its plain SHA-256 (the digest the service itself stores,
// so a Redis reader could match it against a leaked service database). Without CACHE_KEY_SECRET the
// secret is this process's own random one: nothing outside the process can compute or compare it,
// and replicas sharing a Redis then share no per-key entry (docs/production.md, "Replicas and Redis").
// Computed once per GraphQL request, by its `UpstreamClient` (http.ts).
import { hash, randomBytes } from 'node:crypto';

const PROCESS_SECRET = randomBytes(32);

export class TokenDigests {
  readonly #hmac: HmacSha256;

  /** `secret`: CACHE_KEY_SECRET; unset, this process's random secret. */
  constructor(secret?: string | null) {
    this.#hmac = new HmacSha256(secret ? Buffer.from(secret) : PROCESS_SECRET);
  }

  digest(token: string): string {
    return this.#hmac.digest(token);
  }
}

const BLOCK_BYTES = 64;

/**
 * HMAC-SHA256 (RFC 2104) as two one-shot hashes with the key's pads computed once. Written out
 * because node:crypto's `createHmac` imports its key again on every call: about 10 µs with a key
 * object and 40 µs with a buffer, against 1-2 µs here, paid on every request and every cached read
 * (docs/caching-and-quota.md, "Redis"). test/gateway/sealed-entries.unit.test.ts checks it against `createHmac`.
 */
export class HmacSha256 {
  readonly #inner: Buffer;
  readonly #outer: Buffer;

  constructor(key: Buffer) {
    const block = Buffer.alloc(BLOCK_BYTES);
    (key.length > BLOCK_BYTES ? hash('sha256', key, 'buffer') : key).copy(block);
    this.#inner = Buffer.from(block.map((byte) => byte ^ 0x36));
    this.#outer = Buffer.from(block.map((byte) => byte ^ 0x5c));
  }

  digest(message: string): string {
    const inner = hash('sha256', Buffer.concat([this.#inner, Buffer.from(message)]), 'buffer');
    return hash('sha256', Buffer.concat([this.#outer, inner]), 'base64url');
  }
}
