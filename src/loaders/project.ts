// Projects of one request (docs/architecture.md, "The domain template"). The list endpoint
// returns fewer fields than the full record: listed projects are kept as list items
// ("listed:"), and only a field the list item lacks costs a GET of the full record ("item:").
import type { UpstreamClient } from '../upstream-client/client/http.ts';
import { listOrganizationProjects } from '../upstream-client/endpoints/organization.ts';
import type { Page, PageArgs } from '../upstream-client/transport/page.ts';
import {
  getProject,
  isFullProject,
  listProjects,
  type ProjectListFilters,
  type ProjectListItem,
  type ProjectParent,
  type ProjectRecord,
} from '../upstream-client/endpoints/project.ts';
import { DomainCache, reader, fetchEach, type Loaded } from './domain-cache.ts';

export function createProjectLoader(client: UpstreamClient, cache = new DomainCache()) {
  // The full record by id: parallel GETs, one per distinct id (a failed id carries its UpstreamError, e.g. 404).
  const fullRecord = cache.lookup<number, ProjectRecord>('item:', String, (ids) => fetchEach(client, ids, (id) => getProject(client, id)));
  const known = (result: Page<ProjectListItem>): Page<ProjectListItem> => {
    for (const item of result.results) cache.set(`listed:${item.id}`, item);
    return result;
  };

  return {
    cache,

    /** The full record of a project. */
    byId: fullRecord,

    /** What this request knows of a project: its list item when it was listed, else the full record. */
    parent: (id: number): Loaded<ProjectParent> => cache.arrived<ProjectListItem>(`listed:${id}`)?.value ?? fullRecord(id),

    /** The full record of a project at hand: itself when it is one, else `byId`. */
    full: (project: ProjectParent): Loaded<ProjectRecord> => (isFullProject(project) ? project : fullRecord(project.id)),

    /** One page of the caller's projects; its items become known (`parent`). */
    page: (page: PageArgs, filters: ProjectListFilters = {}): Promise<Page<ProjectListItem>> =>
      cache.read(`page:${page.offset}|${page.limit}|${filters.search ?? ''}`, () => listProjects(client, page, filters).then(known)),

    /** One page of an organization's projects; its items become known (`parent`). */
    organizationPage: (orgId: string, page: PageArgs): Promise<Page<ProjectListItem>> =>
      cache.read(`org-page:${orgId.toLowerCase()}|${page.offset}|${page.limit}`, () => listOrganizationProjects(client, orgId, page).then(known)),

    read: reader(cache, client),
    /** A write's answer replaces whatever this request knew of the project. */
    remember: (record: ProjectRecord): ProjectRecord => {
      cache.delete(`listed:${record.id}`);
      return cache.set(`item:${record.id}`, record);
    },

    /** After a write that did not answer the project (delete): the next lookup asks the upstream. */
    forget: (id: number): void => {
      cache.delete(`listed:${id}`);
      cache.delete(`item:${id}`);
    },
  };
}

export type ProjectLoader = ReturnType<typeof createProjectLoader>;
