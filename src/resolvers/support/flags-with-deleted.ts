// `featureFlags(includeDeleted: true)`. The REST list never returns soft-deleted flags and no
// endpoint enumerates them, but every soft delete through the API is logged in the project's
// flag activity (`deleted`, undone by `restored`), and a deleted flag can still be retrieved
// by id. So the deleted flags are: the items whose newest deleted/restored entry is
// `deleted`, read back one GET each (in parallel) and kept when the upstream still says
// `deleted: true`. They follow the live flags in the connection, newest first.
import { flagSearchMatcher } from '../../../rest-interface/flag-search.ts';
import type { GatewayContext } from '../../context.ts';
import { nullIfNotFound } from '../../errors.ts';
import type { FetchPage } from '../../relay/connection.ts';
import type { ActivityLogRecord } from '../../upstream-client/endpoints/activity.ts';
import { listAllFeatureFlagsActivity, type FeatureFlagListFilters, type ProjectFlag } from '../../upstream-client/endpoints/feature-flag.ts';

/** Activity entries per call, and the most entries scanned (the newest ones). */
const ACTIVITY_PAGE_SIZE = 100;
const MAX_ACTIVITY_PAGES = 20;

/** Limit/offset pages over "live flags, then deleted flags" for `connectionFor`. */
export function flagsWithDeleted(ctx: GatewayContext, projectId: number, filters: FeatureFlagListFilters): FetchPage<ProjectFlag> {
  let deleted: Promise<ProjectFlag[]> | undefined;
  return async (limit, offset) => {
    deleted ??= deletedFlags(ctx, projectId).then((flags) => flags.filter(listFilter(filters)));
    const [live, gone] = await Promise.all([ctx.loaders.featureFlag.page(projectId, { limit, offset }, filters), deleted]);
    const room = limit - live.results.length;
    const from = Math.max(0, offset - live.count);
    const extra = room > 0 ? gone.slice(from, from + room) : [];
    return { count: live.count + gone.length, results: [...live.results, ...extra] };
  };
}

/** The project's soft-deleted flags found through its activity log, newest first. */
async function deletedFlags(ctx: GatewayContext, projectId: number): Promise<ProjectFlag[]> {
  const ids = deletedIds(await activityEntries(ctx, projectId));
  // A 404 is a flag hard-deleted since (a new flag reused its key): skipped.
  const flags = await Promise.all(ids.map((id) => nullIfNotFound(ctx.loaders.featureFlag.byId({ projectId, id }))));
  return flags
    .filter((flag): flag is ProjectFlag => flag !== null && flag.record.deleted === true)
    .sort((a, b) => b.record.created_at.localeCompare(a.record.created_at) || b.record.id - a.record.id);
}

/** Newest entries first: the first page tells how many pages there are, the rest are read in parallel. */
async function activityEntries(ctx: GatewayContext, projectId: number): Promise<ActivityLogRecord[]> {
  const read = (page: number) => ctx.loaders.featureFlag.read(listAllFeatureFlagsActivity, projectId, { limit: ACTIVITY_PAGE_SIZE, page });
  const first = await read(1);
  const pages = Math.min(MAX_ACTIVITY_PAGES, Math.ceil(first.total_count / ACTIVITY_PAGE_SIZE));
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => read(i + 2)));
  return [first, ...rest].flatMap((page) => page.results);
}

/** Items whose newest deleted/restored entry is a deletion. */
export function deletedIds(entries: ActivityLogRecord[]): number[] {
  const verdict = new Map<string, boolean>();
  for (const entry of entries) {
    if ((entry.activity !== 'deleted' && entry.activity !== 'restored') || !entry.item_id || verdict.has(entry.item_id)) continue;
    verdict.set(entry.item_id, entry.activity === 'deleted');
  }
  return [...verdict].filter(([id, isDeleted]) => isDeleted && /^[1-9][0-9]{0,15}$/.test(id)).map(([id]) => Number(id));
}

// The list's own filters, applied to the deleted flags: `search` as the service matches it (one phrase in the key or
// the name, a space also matching `-`, `_` or nothing: rest-interface/flag-search.ts). Unlike the list, an omitted
// `archived` keeps archived deleted flags: `includeDeleted` returns every deleted flag.
function listFilter(filters: FeatureFlagListFilters): (flag: ProjectFlag) => boolean {
  const search = flagSearchMatcher(filters.search);
  return ({ record }) =>
    (!search || search(record)) &&
    (filters.archived === undefined || (record.archived ?? false) === filters.archived) &&
    (filters.active === undefined || record.active === filters.active);
}
