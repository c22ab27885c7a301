// Role-access grants of one request (docs/architecture.md, "The domain template"): one GET per
// distinct grant, in parallel; list pages and write answers make grants known.
import type { UpstreamClient } from '../upstream-client/client/http.ts';
import type { Page, PageArgs } from '../upstream-client/transport/page.ts';
import { getRoleAccess, listRoleAccess, ProjectRoleAccess, type RoleAccessRecord, type RoleAccessRef } from '../upstream-client/endpoints/role-access.ts';
import { DomainCache, reader, fetchEach } from './domain-cache.ts';

const itemKey = (ref: RoleAccessRef): string => `${ref.projectId}/${ref.flagId}/${ref.id}`;

export function createRoleAccessLoader(client: UpstreamClient, cache = new DomainCache()) {
  const prime = (projectId: number, flagId: number, record: RoleAccessRecord): ProjectRoleAccess =>
    cache.set(`item:${itemKey({ projectId, flagId, id: record.id })}`, new ProjectRoleAccess(projectId, flagId, record));

  return {
    cache,

    /** (project, flag, grant id) -> grant; a failed ref rejects with its own UpstreamError. */
    byId: cache.lookup<RoleAccessRef, ProjectRoleAccess>('item:', itemKey, (refs) =>
      fetchEach(client, refs, ({ projectId, flagId, id }) =>
        getRoleAccess(client, projectId, flagId, id).then((record) => new ProjectRoleAccess(projectId, flagId, record)),
      ),
    ),

    /** One page of a flag's grants (limit/offset); its grants become known to `byId`. */
    page: (projectId: number, flagId: number, args: PageArgs): Promise<Page<ProjectRoleAccess>> =>
      cache.read(`page:${projectId}/${flagId}|${args.offset}|${args.limit}`, () =>
        listRoleAccess(client, projectId, flagId, args).then((result) => ({
          ...result,
          results: result.results.map((record) => prime(projectId, flagId, record)),
        })),
      ),

    read: reader(cache, client),
    /** A write's answer replaces any known copy of the grant. */
    remember: prime,
    /** After a write that did not answer the grant (revoke): the next lookup asks the upstream. */
    forget: (ref: RoleAccessRef): void => cache.delete(`item:${itemKey(ref)}`),
  };
}

export type RoleAccessLoader = ReturnType<typeof createRoleAccessLoader>;
