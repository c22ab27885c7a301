import { findApiKeyOwner, type User } from '../storage/accounts.ts';
import type { Store } from '../storage/db.ts';
import { authenticationFailed, notAuthenticated } from '../http/errors.ts';
import type { ApiRequest } from '../http/request.ts';

export interface Caller {
  user: User;
  scopes: string[];
}

const BEARER = /^Bearer\s+(\S.+)$/;

/**
 * Finds the personal API key the way the real service does (`PersonalAPIKeyAuthentication.find_key_with_source`):
 * the Authorization header first, then `personal_api_key` in the body, then in the query string. Only the
 * first key found is tried.
 */
export function findKey(req: ApiRequest): { key: string; source: string } | undefined {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? BEARER.exec(header) : null;
  if (match) return { key: match[1]!.trim(), source: 'Authorization header' };
  if (req.hasBody) {
    const body = req.body();
    if (body && typeof body === 'object' && 'personal_api_key' in body && typeof body.personal_api_key === 'string') {
      return { key: body.personal_api_key, source: 'body' };
    }
  }
  const queryKey = req.query.get('personal_api_key');
  if (queryKey) return { key: queryKey, source: 'query string' };
  return undefined;
}

export function authenticate(store: Store, req: ApiRequest): Caller {
  const found = findKey(req);
  if (!found) throw notAuthenticated();
  const owner = findApiKeyOwner(store, found.key);
  if (!owner) throw authenticationFailed(`Personal API key found in request ${found.source} is invalid.`);
  return owner;
}
