// Per-request loaders for feature flags. The upstream has no batch endpoint, so a batch is
// one GET per distinct (project, flag) issued in parallel; lists prime these loaders so a
// flag seen in a list is never fetched again in the same operation.
import DataLoader from 'dataloader';
import type { UpstreamClient } from '../upstream-client/http.ts';
import { getFeatureFlag, listFeatureFlags, type FeatureFlagRecord } from '../upstream-client/feature-flags.ts';

/**
 * A flag together with the project it was read from: the REST record does not name its
 * project, but the flag's global id and `project` field need it. The codegen mapper of FeatureFlag.
 */
export interface ProjectFlag {
  projectId: number;
  record: FeatureFlagRecord;
}

export interface FlagRef {
  projectId: number;
  id: number;
}

// Search results are paged at the upstream's default page size; a key lookup rarely needs more than one page.
const KEY_SEARCH_PAGE = 100;

export interface FeatureFlagLoaders {
  /** (project, flag id) -> flag. Rejects with the UpstreamError (e.g. 404) of that key only. */
  byId: DataLoader<FlagRef, ProjectFlag, string>;
  /** (project, key) -> flag or null. Costs a list search (the API has no get-by-key); never finds deleted flags. */
  byKey: DataLoader<{ projectId: number; key: string }, ProjectFlag | null, string>;
  /** Stores flags a list or mutation already returned, so later lookups cost nothing. */
  prime(projectId: number, records: FeatureFlagRecord[]): ProjectFlag[];
  /** Replaces a cached flag after a write. */
  replace(projectId: number, record: FeatureFlagRecord): ProjectFlag;
}

export function createFeatureFlagLoaders(client: UpstreamClient): FeatureFlagLoaders {
  const byId = new DataLoader<FlagRef, ProjectFlag, string>(
    (refs) => Promise.all(refs.map((ref) => getFeatureFlag(client, ref.projectId, ref.id).then((record) => ({ projectId: ref.projectId, record }), asError))),
    { cacheKeyFn: flagCacheKey },
  );

  const prime = (projectId: number, records: FeatureFlagRecord[]): ProjectFlag[] =>
    records.map((record) => {
      const flag = { projectId, record };
      byId.prime({ projectId, id: record.id }, flag);
      return flag;
    });

  const byKey = new DataLoader<{ projectId: number; key: string }, ProjectFlag | null, string>(
    (lookups) => Promise.all(lookups.map(({ projectId, key }) => findByKey(client, projectId, key, prime).catch(asError))),
    { cacheKeyFn: ({ projectId, key }) => `${projectId}/${key}` },
  );

  const replace = (projectId: number, record: FeatureFlagRecord): ProjectFlag => {
    const ref = { projectId, id: record.id };
    byId.clear(ref);
    const flag = { projectId, record };
    byId.prime(ref, flag);
    byKey.clearAll();
    return flag;
  };

  return { byId, byKey, prime, replace };
}

export function flagCacheKey(ref: FlagRef): string {
  return `${ref.projectId}/${ref.id}`;
}

async function findByKey(client: UpstreamClient, projectId: number, key: string, prime: FeatureFlagLoaders['prime']): Promise<ProjectFlag | null> {
  for (let offset = 0; ; offset += KEY_SEARCH_PAGE) {
    const page = await listFeatureFlags(client, projectId, { limit: KEY_SEARCH_PAGE, offset }, { search: key });
    const found = prime(projectId, page.results).find((flag) => flag.record.key === key);
    if (found) return found;
    if (page.results.length === 0 || offset + page.results.length >= page.count) return null;
  }
}

// DataLoader wants a per-key Error instance, not a rejection of the whole batch.
function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
