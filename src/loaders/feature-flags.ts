// Per-request loaders for feature flags. The upstream has no batch endpoint, so a batch is
// one GET per distinct (project, flag), issued in parallel. Lists prime these loaders, and a
// lookup that starts while a list of the same project is in flight waits for that list
// first: sibling fields like `featureFlags` and `featureFlag(id:)` then cost one call, not two.
import DataLoader from 'dataloader';
import type { Page, UpstreamClient } from '../upstream-client/http.ts';
import { getFeatureFlag, listFeatureFlags, type FeatureFlagListFilters, type FeatureFlagRecord, type ProjectFlag } from '../upstream-client/feature-flags.ts';
import { listsInFlight, settle } from './batch.ts';

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
  const known = new Map<string, ProjectFlag>();
  const lists = listsInFlight<number>();
  // Projects whose whole unfiltered flag list this operation read: a key missing from it does not exist (live).
  const fullyListed = new Set<number>();

  /** (project, flag id) -> flag; a failed key rejects with its own UpstreamError (e.g. 404). */
  const featureFlag = new DataLoader<FlagRef, ProjectFlag, string>(
    async (refs) => {
      await lists.settled(refs.map((ref) => ref.projectId));
      return settle(
        refs.map((ref) => cached(known.get(refKey(ref))) ?? getFeatureFlag(client, ref.projectId, ref.id).then((record) => remember(ref.projectId, record))),
      );
    },
    { cacheKeyFn: refKey },
  );

  const remember = (projectId: number, record: FeatureFlagRecord): ProjectFlag => {
    const flag = { projectId, record };
    const ref = { projectId, id: record.id };
    known.set(refKey(ref), flag);
    featureFlag.clear(ref).prime(ref, flag);
    return flag;
  };

  /** Stores flags a list or mutation returned, so later lookups of them cost nothing. */
  const primeFeatureFlags = (projectId: number, records: FeatureFlagRecord[]): ProjectFlag[] => records.map((record) => remember(projectId, record));

  /** One page of a project's flags (limit/offset); primes the item loaders. */
  const featureFlagPage = (projectId: number, page: { limit: number; offset: number }, filters: FeatureFlagListFilters = {}) => {
    const request = listFeatureFlags(client, projectId, page, filters).then((result): Page<ProjectFlag> => {
      if (!Array.isArray(result?.results)) return result as unknown as Page<ProjectFlag>; // malformed: connectionFor reports it
      const unfiltered = filters.search === undefined && filters.active === undefined;
      if (unfiltered && page.offset === 0 && result.results.length >= result.count) fullyListed.add(projectId);
      return { ...result, results: primeFeatureFlags(projectId, result.results) };
    });
    return lists.track(projectId, request);
  };

  /**
   * (project, key) -> flag or null. The API has no get-by-key: a flag already listed in this
   * operation is used as is, otherwise this is a list search on the key keeping the exact
   * match (one list call per key; more only past 100 matches), unless this operation already
   * read the project's whole unfiltered list, which then settles it for free. The list hides
   * soft-deleted flags, so those are never found by key.
   */
  const featureFlagByKey = new DataLoader<FlagKeyRef, ProjectFlag | null, string>(
    async (lookups) => {
      await lists.settled(lookups.map((lookup) => lookup.projectId));
      return settle(
        lookups.map((lookup) => cached(listedWithKey(lookup)) ?? (fullyListed.has(lookup.projectId) ? Promise.resolve(null) : searchByKey(lookup))),
      );
    },
    { cacheKeyFn: ({ projectId, key }) => `${projectId}/${key}` },
  );

  const listedWithKey = ({ projectId, key }: FlagKeyRef): ProjectFlag | undefined =>
    [...known.values()].find((flag) => flag.projectId === projectId && flag.record.key === key && !flag.record.deleted);

  const searchByKey = async ({ projectId, key }: FlagKeyRef): Promise<ProjectFlag | null> => {
    for (let offset = 0; ; offset += KEY_SEARCH_PAGE) {
      const page = await featureFlagPage(projectId, { limit: KEY_SEARCH_PAGE, offset }, { search: key });
      const found = page.results.find((flag) => flag.record.key === key);
      if (found) return found;
      if (page.results.length === 0 || offset + page.results.length >= page.count) return null;
    }
  };

  /** After a write: the returned record replaces any cached copy (key lookups are recomputed). */
  const replaceFeatureFlag = (projectId: number, record: FeatureFlagRecord): ProjectFlag => {
    featureFlagByKey.clearAll();
    return remember(projectId, record);
  };

  /** After a write that did not return the flag: the next lookup refetches it. */
  const forgetFeatureFlag = (ref: FlagRef): void => {
    known.delete(refKey(ref));
    fullyListed.delete(ref.projectId);
    featureFlag.clear(ref);
    featureFlagByKey.clearAll();
  };

  /** After a write that may have added flags the operation has not seen (copy_flags): key lookups search again. */
  const forgetFlagLists = (projectId: number): void => {
    fullyListed.delete(projectId);
    featureFlagByKey.clearAll();
  };

  return { featureFlag, featureFlagByKey, featureFlagPage, primeFeatureFlags, replaceFeatureFlag, forgetFeatureFlag, forgetFlagLists };
}

function cached(flag: ProjectFlag | undefined): Promise<ProjectFlag> | undefined {
  return flag && Promise.resolve(flag);
}

function refKey(ref: FlagRef): string {
  return `${ref.projectId}/${ref.id}`;
}
