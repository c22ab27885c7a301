import type { Store } from './db.ts';

/**
 * Which row a seed entry produced, by the entry's identity in the seed file (a project's organization and
 * name, a flag's project and key, a plugin's organization and name). A restart with the same seed finds the
 * row even after the API renamed it, and does not bring back a row the API deleted.
 */
export type SeedKind = 'project' | 'flag' | 'plugin';

export function seededRowId(store: Store, kind: SeedKind, seedKey: string): number | undefined {
  return store.get<{ row_id: number }>('SELECT row_id FROM seed_origins WHERE kind = $kind AND seed_key = $key', { kind, key: seedKey })?.row_id;
}

export function recordSeededRow(store: Store, kind: SeedKind, seedKey: string, rowId: number): void {
  store.run(
    `INSERT INTO seed_origins (kind, seed_key, row_id) VALUES ($kind, $key, $row)
    ON CONFLICT(kind, seed_key) DO UPDATE SET row_id = excluded.row_id`,
    { kind, key: seedKey, row: rowId },
  );
}

/** True when nothing was ever stored (a new database file or memory). */
export function isEmptyStore(store: Store): boolean {
  return store.get('SELECT 1 AS found FROM organizations LIMIT 1') === undefined;
}
