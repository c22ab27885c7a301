// Reading what is new in an activity log. The log has no ids, no "since" filter and is served
// newest first in page/limit pages, so the position reached is remembered as the entries of the
// newest page read last time: everything before the first of them in the log is new. Catch-up
// pages through older pages until it meets one; pages shift while entries arrive during the
// walk, so an entry met twice is kept once, and an entry that arrives meanwhile is newer than
// the new position and is found on the next read.
import type { ActivityLogRecord } from '../upstream-client/endpoints/activity.ts';
import type { ActivityPage as Envelope } from '../upstream-client/transport/page.ts';

type ActivityPage = Envelope<ActivityLogRecord>;

export type ReadActivityPage = (page: { limit: number; page: number }) => Promise<ActivityPage>;

/** Where a reader stands in a log: the newest entries it has seen, and the log's size then. */
export interface LogPosition {
  newest: ReadonlySet<string>;
  totalCount: number;
}

export interface CatchUpResult {
  /** New entries, oldest first. */
  entries: ActivityLogRecord[];
  position: LogPosition;
  /** True when the walk stopped at `maxPages` before meeting a known entry (older new entries are skipped). */
  truncated: boolean;
}

/** An entry's identity: the log gives none, so its whole content (its timestamp has milliseconds). */
export function fingerprint(entry: ActivityLogRecord): string {
  return JSON.stringify([entry.created_at, entry.scope, entry.item_id, entry.activity, entry.user?.email ?? null, entry.detail]);
}

/** The current position without reading any entry as new (a subscription starts "now"). */
export async function currentPosition(read: ReadActivityPage, pageSize: number): Promise<LogPosition> {
  return positionOf(await read({ limit: pageSize, page: 1 }));
}

/** Entries added since `position`, walking at most `maxPages` pages of `pageSize`. */
export async function readSince(read: ReadActivityPage, position: LogPosition, pageSize: number, maxPages: number): Promise<CatchUpResult> {
  const fresh: ActivityLogRecord[] = [];
  const seen = new Set<string>();
  let first: ActivityPage | null = null;
  for (let page = 1; page <= maxPages; page += 1) {
    const current = await read({ limit: pageSize, page });
    first ??= current;
    for (const entry of current.results) {
      const id = fingerprint(entry);
      if (position.newest.has(id)) return done(fresh, first, false);
      if (!seen.has(id)) fresh.push(entry);
      seen.add(id);
    }
    if (current.results.length < pageSize || page * pageSize >= current.total_count) {
      // The whole log is new to us: it was replaced (it shrank), or it outgrew our position honestly.
      return current.total_count < position.totalCount ? done([], first, false) : done(fresh, first, false);
    }
  }
  return done(fresh, first!, true);
}

function done(fresh: ActivityLogRecord[], first: ActivityPage, truncated: boolean): CatchUpResult {
  return { entries: fresh.reverse(), position: positionOf(first), truncated };
}

function positionOf(page: ActivityPage): LogPosition {
  return { newest: new Set(page.results.map(fingerprint)), totalCount: page.total_count };
}
