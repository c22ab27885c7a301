// The SHA-256 digest (base64url) that stands for an API key wherever one is remembered or counted
// (verified-tokens.ts, across-requests.ts): the key itself is never a key anywhere. Computed once
// per GraphQL request, by its `UpstreamClient` (http.ts), and handed to both.
import { hash } from 'node:crypto';

export function tokenDigest(token: string): string {
  return hash('sha256', token, 'base64url');
}
