// Per-request loaders for feature flags. The upstream has no batch endpoint, so a batch is
// one GET per distinct (project, flag), issued in parallel; lists prime these loaders so a
// flag seen in a list is never fetched again in the same operation.
import DataLoader from 'dataloader';
import type { UpstreamClient } from '../upstream-client/http.ts';
import { getFeatureFlag, listFeatureFlags, type FeatureFlagRecord, type ProjectFlag } from '../upstream-client/feature-flags.ts';
import { settle } from './projects.ts';

export interface FlagRef {
  projectId: number;
  id: number;
}

export interface FlagKeyRef {
  projectId: number;
  key: string;
}

// A key search rarely matches more than one page of flags.
const KEY_SEARCH_PAGE = 100;

export function createFeatureFlagLoaders(client: UpstreamClient) {
  /** (project, flag id) -> flag; a failed key rejects with its own UpstreamError (e.g. 404). */
  const featureFlag = new DataLoader<FlagRef, ProjectFlag, string>(
    (refs) => settle(refs.map((ref) => getFeatureFlag(client, ref.projectId, ref.id).then((record) => ({ projectId: ref.projectId, record })))),
    { cacheKeyFn: (ref) => `${ref.projectId}/${ref.id}` },
  );

  /** Stores flags a list or mutation returned, so later lookups of them cost nothing. */
  const primeFeatureFlags = (projectId: number, records: FeatureFlagRecord[]): ProjectFlag[] =>
    records.map((record) => {
      const flag = { projectId, record };
      featureFlag.clear({ projectId, id: record.id }).prime({ projectId, id: record.id }, flag);
      return flag;
    });

  /**
   * (project, key) -> flag or null. The API has no get-by-key: this is a list search on the
   * key, keeping the exact match (one list call per key, more only past 100 matches). The
   * list hides soft-deleted flags, so they are never found by key.
   */
  const featureFlagByKey = new DataLoader<FlagKeyRef, ProjectFlag | null, string>(
    (lookups) => settle(lookups.map(({ projectId, key }) => findByKey(client, projectId, key, primeFeatureFlags))),
    { cacheKeyFn: ({ projectId, key }) => `${projectId}/${key}` },
  );

  /** After a write: the returned record replaces any cached copy. */
  const replaceFeatureFlag = (projectId: number, record: FeatureFlagRecord): ProjectFlag => {
    featureFlagByKey.clearAll();
    return primeFeatureFlags(projectId, [record])[0] as ProjectFlag;
  };

  return { featureFlag, featureFlagByKey, primeFeatureFlags, replaceFeatureFlag };
}

async function findByKey(client: UpstreamClient, projectId: number, key: string, prime: (projectId: number, records: FeatureFlagRecord[]) => ProjectFlag[]): Promise<ProjectFlag | null> {
  for (let offset = 0; ; offset += KEY_SEARCH_PAGE) {
    const page = await listFeatureFlags(client, projectId, { limit: KEY_SEARCH_PAGE, offset }, { search: key });
    const found = prime(projectId, page.results).find((flag) => flag.record.key === key);
    if (found) return found;
    if (page.results.length === 0 || offset + page.results.length >= page.count) return null;
  }
}
