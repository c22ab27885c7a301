// The ActivityLogEntry type: one entry of a flag's, a project's flags' or an organization's
// plugins' activity log.
import type { ActivityLogEntryResolvers } from '../generated/resolvers-types.ts';
import type { ActivityLogRecord } from '../upstream-client/endpoints/activity.ts';
import { restField } from './support/rest-field.ts';

const rest = restField((entry: ActivityLogRecord) => entry);

export const ActivityLogEntry: ActivityLogEntryResolvers = {
  user: (entry) => (entry.user ? { firstName: entry.user.first_name ?? null, email: entry.user.email ?? null, isSystem: entry.user.is_system === true } : null),
  activity: rest('activity'),
  scope: rest('scope'),
  itemId: rest('item_id'),
  changes: (entry) =>
    (entry.detail?.changes ?? []).map((change) => ({
      type: change.type ?? null,
      action: change.action ?? null,
      field: change.field ?? null,
      before: change.before ?? null,
      after: change.after ?? null,
    })),
  name: (entry) => entry.detail?.name ?? null,
  detail: rest('detail'),
  createdAt: rest('created_at'),
};
