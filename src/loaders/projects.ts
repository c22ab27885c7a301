import DataLoader from 'dataloader';
import type { UpstreamClient } from '../upstream-client/http.ts';
import { getProject, type ProjectListItem, type ProjectParent, type ProjectRecord } from '../upstream-client/projects.ts';
import { settle } from './batch.ts';

/**
 * Full project records by upstream id. The REST API has no batch read, so a batch is a
 * set of parallel GETs (one wave); a failed key carries its UpstreamError (e.g. 404) so each
 * caller decides between null and an error.
 *
 * Projects a list returned are remembered as list items: a reference to one of them (a
 * flag's `project`) resolves from that item, and only fields the list item lacks cost a GET.
 */
export function createProjectLoaders(client: UpstreamClient) {
  const project = new DataLoader<number, ProjectRecord>((ids) => settle(ids.map((id) => getProject(client, id))));
  const listed = new Map<number, ProjectListItem>();

  /** Remembers the items of a project list page (this request only). */
  const primeProjectListItems = (items: ProjectListItem[]): ProjectListItem[] => {
    for (const item of items) listed.set(item.id, item);
    return items;
  };

  /** A project to resolve fields on: the listed item when this operation listed it, else the (batched) full record. */
  const projectParent = (id: number): Promise<ProjectParent> => {
    const item = listed.get(id);
    return item ? Promise.resolve(item) : project.load(id);
  };

  return { project, primeProjectListItems, projectParent };
}
