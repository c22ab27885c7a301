// Activity logs, shared by the flag and plugin endpoints (docs/rest-interface.md, "Activity
// logs"): entries as the REST API returns them, in page/limit envelopes (page.ts).
import type { UpstreamRecord } from './upstream-record.ts';

/** One activity-log entry. */
export type ActivityLogRecord = UpstreamRecord<{
  user: { first_name?: string | null; email?: string | null; is_system?: boolean } | null;
  activity: string;
  scope: string;
  item_id: string | null;
  detail: {
    id?: string | null;
    changes?: ActivityChangeRecord[] | null;
    name?: string | null;
    [other: string]: unknown;
  } | null;
  created_at: string;
}>;

export type ActivityChangeRecord = UpstreamRecord<{
  type?: string;
  action?: string;
  field?: string | null;
  before?: unknown;
  after?: unknown;
}>;
