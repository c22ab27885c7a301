// The caller's own user record, once per request (docs/architecture.md, "The domain template"):
// users otherwise only arrive embedded in other records, so this domain has one read.
import type { UpstreamClient } from '../upstream-client/client/http.ts';
import { getViewer, type ViewerRecord } from '../upstream-client/endpoints/viewer.ts';
import { DomainCache, reader } from './domain-cache.ts';

export function createUserLoader(client: UpstreamClient, cache = new DomainCache()) {
  return {
    cache,
    /** `GET /api/users/@me/`, once per request (read again after a write, like every read). */
    viewer: (): Promise<ViewerRecord> => cache.read('viewer', () => getViewer(client)),
    read: reader(cache, client),
  };
}

export type UserLoader = ReturnType<typeof createUserLoader>;
