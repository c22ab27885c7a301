// The SHA-256 digest (base64url) that stands for an API key wherever one is remembered or counted
// (verified-tokens.ts, across-requests.ts): the key itself is never a key anywhere. One-shot
// hashing (no Hash object), and the last digest is remembered: a request asks for its token's
// digest on every upstream call and again when the upstream accepts it, and most requests in a
// row carry the same token.
import { hash } from 'node:crypto';

let lastToken: string | null = null;
let lastDigest = '';

export function tokenDigest(token: string): string {
  if (token !== lastToken) {
    lastDigest = hash('sha256', token, 'base64url');
    lastToken = token;
  }
  return lastDigest;
}
