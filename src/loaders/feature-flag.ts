// Feature flags of one request (docs/architecture.md, "The domain template"). The upstream
// has no batch endpoint, so a batch is one GET per distinct (project, flag), in parallel. List
// pages prime the lookups, and a lookup that starts while a list of the same project is on its
// way waits for it first: sibling fields like `featureFlags` and `featureFlag(id:)` then cost
// one call, not two.
import type { UpstreamClient } from '../upstream-client/client/http.ts';
import type { Page, PageArgs } from '../upstream-client/transport/page.ts';
import {
  getFeatureFlag,
  listFeatureFlags,
  type FeatureFlagListFilters,
  type FeatureFlagRecord,
  type FlagRef,
  ProjectFlag,
} from '../upstream-client/endpoints/feature-flag.ts';
import { DomainCache, reader, fetchEach } from './domain-cache.ts';

export interface FlagKeyRef {
  projectId: number;
  key: string;
}

// A key search rarely matches more than one page of flags.
const KEY_SEARCH_PAGE = 100;

const itemKey = (ref: FlagRef): string => `${ref.projectId}/${ref.id}`;
const pagePrefix = (projectId: number): string => `page:${projectId}|`;
// Set when this request read a project's whole unfiltered list: a key missing from it is archived or does not exist.
const completeKey = (projectId: number): string => `complete:${projectId}`;

export function createFeatureFlagLoader(client: UpstreamClient, cache = new DomainCache()) {
  const known = (ref: FlagRef) => cache.arrived<ProjectFlag>(`item:${itemKey(ref)}`)?.value;
  const prime = (projectId: number, record: FeatureFlagRecord): ProjectFlag =>
    cache.set(`item:${itemKey({ projectId, id: record.id })}`, new ProjectFlag(projectId, record));

  const byId = cache.lookup<FlagRef, ProjectFlag>('item:', itemKey, async (refs) => {
    await Promise.all([...new Set(refs.map((ref) => ref.projectId))].map((projectId) => cache.settled(pagePrefix(projectId))));
    return fetchEach(client, refs, (ref) => known(ref) ?? getFeatureFlag(client, ref.projectId, ref.id).then((record) => prime(ref.projectId, record)));
  });

  /**
   * One page of a project's flags (limit/offset); its flags become known to `byId`/`byKey`.
   * `ahead`: read before the field that needs it (resolvers/support/flag-prefetch.ts), so a failure is kept for that field.
   */
  const page = (projectId: number, args: PageArgs, filters: FeatureFlagListFilters = {}, ahead = false): Promise<Page<ProjectFlag>> =>
    cache.read(
      `${pagePrefix(projectId)}${args.offset}|${args.limit}|${filters.search ?? ''}|${String(filters.active ?? '')}|${String(filters.archived ?? '')}`,
      () =>
        listFeatureFlags(client, projectId, args, filters).then((result) => {
          const unfiltered = filters.search === undefined && filters.active === undefined && filters.archived === undefined;
          if (unfiltered && args.offset === 0 && result.results.length >= result.count) cache.set(completeKey(projectId), true);
          return { ...result, results: result.results.map((record) => prime(projectId, record)) };
        }),
      ahead,
    );

  const listedWithKey = ({ projectId, key }: FlagKeyRef): ProjectFlag | undefined =>
    cache.values<ProjectFlag>('item:').find((flag) => flag.projectId === projectId && flag.record.key === key && !flag.record.deleted);

  const searchByKey = async ({ projectId, key }: FlagKeyRef, archived?: true): Promise<ProjectFlag | null> => {
    for (let offset = 0; ; offset += KEY_SEARCH_PAGE) {
      const found = await page(projectId, { limit: KEY_SEARCH_PAGE, offset }, { search: key, archived });
      const match = found.results.find((flag) => flag.record.key === key);
      if (match) return match;
      if (found.results.length === 0 || offset + found.results.length >= found.count) return null;
    }
  };

  // The list leaves archived flags out unless asked for them, so a key not found among the others
  // is searched again among the archived ones: the extra call is paid only for archived or missing keys.
  const findByKey = async (lookup: FlagKeyRef): Promise<ProjectFlag | null> => {
    const listed = cache.arrived(completeKey(lookup.projectId)) ? null : await searchByKey(lookup);
    return listed ?? searchByKey(lookup, true);
  };

  /**
   * (project, key) -> flag or null. The API has no get-by-key: a flag already known to this
   * request is used as is; otherwise a list search on the key keeps the exact match (one list
   * call per key; more only past 100 matches), and only when it finds none, the same search
   * among archived flags (one more call). A whole unfiltered list this request already read
   * settles the first search for free, not the second: that list leaves archived flags out.
   * The list hides soft-deleted flags, so those are never found by key.
   */
  const byKey = cache.lookup<FlagKeyRef, ProjectFlag | null>(
    'key:',
    ({ projectId, key }) => `${projectId}/${key}`,
    async (lookups) => {
      await Promise.all([...new Set(lookups.map((lookup) => lookup.projectId))].map((projectId) => cache.settled(pagePrefix(projectId))));
      return fetchEach(client, lookups, (lookup) => listedWithKey(lookup) ?? findByKey(lookup));
    },
  );

  return {
    cache,
    byId,
    byKey,
    page,
    read: reader(cache, client),
    /** A write's answer replaces any known copy of the flag. */
    remember: prime,
    /** After a write that did not answer the flag: the next lookup asks the upstream. */
    forget: (ref: FlagRef): void => cache.delete(`item:${itemKey(ref)}`),
  };
}

export type FeatureFlagLoader = ReturnType<typeof createFeatureFlagLoader>;
