// Organizations of one request (docs/architecture.md, "The domain template"): one GET per distinct
// organization, in parallel; a record that arrived embedded (the caller's current organization in
// `GET /api/users/@me/`) is remembered, so reading it again costs nothing.
import type { UpstreamClient } from '../upstream-client/client/http.ts';
import { getOrganization, type OrganizationRecord } from '../upstream-client/endpoints/organization.ts';
import { DomainCache, reader, fetchEach } from './domain-cache.ts';

const itemKey = (id: string): string => id.toLowerCase();

export function createOrganizationLoader(client: UpstreamClient, cache = new DomainCache()) {
  return {
    cache,

    /** The organization's full record by UUID; another organization's, like a missing one, rejects with its 404. */
    byId: cache.lookup<string, OrganizationRecord>('item:', itemKey, (ids) => fetchEach(client, ids, (id) => getOrganization(client, id))),

    read: reader(cache, client),
    /** A full record that arrived some other way replaces any known copy. */
    remember: (record: OrganizationRecord): OrganizationRecord => cache.set(`item:${itemKey(record.id)}`, record),
    /** The next lookup asks the upstream. */
    forget: (id: string): void => cache.delete(`item:${itemKey(id)}`),
  };
}

export type OrganizationLoader = ReturnType<typeof createOrganizationLoader>;
