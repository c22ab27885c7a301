// Activity logs (research §5), shared by the flag and plugin endpoints: entries as the REST
// API returns them, in page/limit envelopes rather than limit/offset ones.

/** One activity-log entry (research §5). */
export interface ActivityLogRecord {
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
}

export interface ActivityChangeRecord {
  type?: string;
  action?: string;
  field?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Page/limit envelope of the activity endpoints (not limit/offset: research §3). */
export interface ActivityPage {
  results: ActivityLogRecord[];
  next: string | null;
  previous: string | null;
  total_count: number;
}
