import DataLoader from 'dataloader';
import type { UpstreamClient } from '../upstream-client/http.ts';
import { getProject, type ProjectRecord } from '../upstream-client/projects.ts';

/**
 * Full project records by upstream id. The REST API has no batch read, so a batch is a
 * set of parallel GETs (one wave); a failed key carries its UpstreamError (e.g. 404) so each
 * caller decides between null and an error.
 */
export function createProjectLoaders(client: UpstreamClient) {
  return {
    project: new DataLoader<number, ProjectRecord>((ids) => settle(ids.map((id) => getProject(client, id)))),
  };
}

/** Promise.all that keeps per-key failures as Error values, as DataLoader expects. */
export async function settle<T>(calls: Promise<T>[]): Promise<(T | Error)[]> {
  const results = await Promise.allSettled(calls);
  return results.map((r) => (r.status === 'fulfilled' ? r.value : r.reason instanceof Error ? r.reason : new Error(String(r.reason))));
}
