import type { UpstreamClient } from '../upstream-client/http.ts';
import { getProject, type ProjectListItem, type ProjectParent, type ProjectRecord } from '../upstream-client/projects.ts';
import { settle, settledLoader } from './batch.ts';

/**
 * Full project records by upstream id. The REST API has no batch read, so a batch is a
 * set of parallel GETs (one wave); a failed key carries its UpstreamError (e.g. 404) so each
 * caller decides between null and an error.
 *
 * Projects a list returned are remembered as list items: a reference to one of them (a
 * flag's `project`) resolves from that item, and only fields the list item lacks cost a GET.
 */
export function createProjectLoaders(client: UpstreamClient) {
  // `loadProject` answers without a promise once that project has arrived (see settledLoader).
  const { loader: project, loadNow: loadProject } = settledLoader<number, ProjectRecord>((ids) => settle(ids.map((id) => getProject(client, id))));
  const listed = new Map<number, ProjectListItem>();

  /** Remembers the items of a project list page (this request only). */
  const primeProjectListItems = (items: ProjectListItem[]): ProjectListItem[] => {
    for (const item of items) listed.set(item.id, item);
    return items;
  };

  /** A project to resolve fields on: the listed item when this operation listed it, else the (batched) full record. */
  const projectParent = (id: number): ProjectParent | Promise<ProjectParent> => listed.get(id) ?? loadProject(id);

  return { project, loadProject, primeProjectListItems, projectParent };
}
