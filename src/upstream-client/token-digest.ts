// The identity that stands for an API key wherever one is remembered or counted (verified-tokens.ts,
// across-requests.ts and, with Redis, every key there): an HMAC-SHA256 of the token with
// CACHE_KEY_SECRET, never the key itself nor its plain SHA-256 (the digest the service itself stores,
// so a Redis reader could match it against a leaked service database). Without CACHE_KEY_SECRET the
// secret is this process's own random one: nothing outside the process can compute or compare it,
// and replicas sharing a Redis then share no per-key entry (docs/production.md, "Replicas and Redis").
// Computed once per GraphQL request, by its `UpstreamClient` (http.ts).
import { createHmac, randomBytes } from 'node:crypto';

const PROCESS_SECRET = randomBytes(32);

export class TokenDigests {
  readonly #secret: Buffer;

  /** `secret`: CACHE_KEY_SECRET; unset, this process's random secret. */
  constructor(secret?: string | null) {
    this.#secret = secret ? Buffer.from(secret) : PROCESS_SECRET;
  }

  digest(token: string): string {
    return createHmac('sha256', this.#secret).update(token).digest('base64url');
  }
}
