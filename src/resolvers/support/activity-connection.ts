// Activity logs (flags, plugins) use page/limit pagination with `total_count`, not
// limit/offset. This adapter lets the shared Relay connection helper drive them: it picks
// the smallest page size whose single page covers the requested offset window.
import { connectionFor, type ConnectionArgs } from '../../relay/connection.ts';
import type { ActivityLogRecord } from '../../upstream-client/endpoints/activity.ts';
import type { ActivityPage, ActivityPageArgs } from '../../upstream-client/transport/page.ts';

export type FetchActivityPage = (page: ActivityPageArgs) => Promise<ActivityPage<ActivityLogRecord>>;

/** A Relay connection over an activity endpoint: one upstream call per window (two for `last` alone). */
export function activityConnection(args: ConnectionArgs, fetchActivity: FetchActivityPage) {
  return connectionFor<ActivityLogRecord>(
    args,
    async (limit, offset) => {
      const window = pageCovering(offset, limit);
      const page = await fetchActivity({ limit: window.pageSize, page: window.page });
      return { count: page.total_count, results: page.results.slice(window.skip, window.skip + limit) };
    },
    'ActivityLog',
  );
}

/**
 * The page (1-based) and page size of one page holding items [offset, offset + limit),
 * and how many of its items to skip. Aligned windows use pageSize = limit.
 */
function pageCovering(offset: number, limit: number): { page: number; pageSize: number; skip: number } {
  const last = offset + limit - 1;
  let pageSize = limit;
  while (Math.floor(offset / pageSize) !== Math.floor(last / pageSize)) pageSize += 1;
  const index = Math.floor(offset / pageSize);
  return { page: index + 1, pageSize, skip: offset - index * pageSize };
}
