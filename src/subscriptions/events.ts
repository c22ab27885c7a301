// Flag change events: what a `featureFlagChanged` subscriber receives, decoded from one
// entry of the project's flag activity log (or published in-process for changes the log
// does not record, such as role access grants).
import type { ActivityChangeRecord, ActivityLogRecord } from '../upstream-client/endpoints/activity.ts';

export type FlagChangeKind = 'CREATED' | 'UPDATED' | 'DELETED' | 'RESTORED' | 'ROLE_ACCESS_CHANGED' | 'OTHER';

/** One change of one flag of one project. */
export interface FlagChangeEvent {
  projectId: number;
  flagId: number;
  /** The flag's key at the time of the change (the entry's `detail.name`). */
  key: string | null;
  kind: FlagChangeKind;
  /** The log's own word for it (`created`, `updated`...). */
  activity: string;
  changedBy: ActivityLogRecord['user'];
  changedAt: string | null;
  changes: readonly ActivityChangeRecord[];
  /** The log entry; null for events the log does not record. */
  entry: ActivityLogRecord | null;
}

const KINDS: Record<string, FlagChangeKind> = { created: 'CREATED', updated: 'UPDATED', deleted: 'DELETED', restored: 'RESTORED' };

/** A flag activity entry -> event; null when the entry names no flag (not a flag entry). */
export function flagChangeFromEntry(projectId: number, entry: ActivityLogRecord): FlagChangeEvent | null {
  const flagId = Number(entry.item_id ?? entry.detail?.id);
  if (entry.scope !== 'FeatureFlag' || !Number.isSafeInteger(flagId) || flagId <= 0) return null;
  return {
    projectId,
    flagId,
    key: typeof entry.detail?.name === 'string' ? entry.detail.name : null,
    kind: KINDS[entry.activity] ?? 'OTHER',
    activity: entry.activity,
    changedBy: entry.user,
    changedAt: entry.created_at ?? null,
    changes: listOrEmpty(entry.detail?.changes),
    entry,
  };
}

/** The record's list as it is; anything else (an upstream that sent no list) as an empty one. */
function listOrEmpty<T>(value: readonly T[] | null | undefined): readonly T[] {
  return value instanceof Array ? value : [];
}
