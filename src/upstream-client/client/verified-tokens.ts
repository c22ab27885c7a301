// Tokens the upstream recently accepted, remembered (by their identities, never the key itself) so
// that work that fans out per item (federation `_entities`, a flag page started with its project)
// can first make sure the caller is authenticated without paying a check on every request.
// Bounded in size and age, and forgotten as soon as the upstream refuses the token (a revoked key).
// Keyed by the token's identity (token-digest.ts: an HMAC), which the caller computed.

export class VerifiedTokens {
  readonly #expiresAt = new Map<string, number>();
  readonly #maxEntries: number;
  readonly #ttlMs: number;

  constructor(maxEntries = 10_000, ttlMs = 60_000) {
    this.#maxEntries = maxEntries;
    this.#ttlMs = ttlMs;
  }

  has(digest: string): boolean {
    const expiry = this.#expiresAt.get(digest);
    if (expiry === undefined) return false;
    if (expiry > performance.now()) return true;
    this.#expiresAt.delete(digest);
    return false;
  }

  /** The upstream refused the token (401): it is no longer known to be accepted. */
  delete(digest: string): void {
    this.#expiresAt.delete(digest);
  }

  add(digest: string): void {
    this.#expiresAt.delete(digest); // re-inserted last: Map order is the eviction order
    this.#expiresAt.set(digest, performance.now() + this.#ttlMs);
    if (this.#expiresAt.size > this.#maxEntries) this.#expiresAt.delete(this.#expiresAt.keys().next().value!);
  }
}
