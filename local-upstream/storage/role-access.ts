import { nowIso, type Store } from './db.ts';

export interface RoleAccessRow {
  id: number;
  feature_flag_id: number;
  role_id: string;
  added_at: string;
  updated_at: string;
}

const COLUMNS = 'id, feature_flag_id, role_id, added_at, updated_at';

export function countRoleAccess(store: Store, flagId: number): number {
  return store.get<{ n: number }>('SELECT COUNT(*) AS n FROM role_access WHERE feature_flag_id = $flag', { flag: flagId })!.n;
}

export function pageRoleAccess(store: Store, flagId: number, limit: number, offset: number): RoleAccessRow[] {
  return store.all<RoleAccessRow>(`SELECT ${COLUMNS} FROM role_access WHERE feature_flag_id = $flag ORDER BY id LIMIT $limit OFFSET $offset`, {
    flag: flagId,
    limit,
    offset,
  });
}

export function getRoleAccess(store: Store, flagId: number, id: number): RoleAccessRow | undefined {
  return store.get<RoleAccessRow>(`SELECT ${COLUMNS} FROM role_access WHERE id = $id AND feature_flag_id = $flag`, { id, flag: flagId });
}

export function findRoleAccess(store: Store, flagId: number, roleId: string): RoleAccessRow | undefined {
  return store.get<RoleAccessRow>(`SELECT ${COLUMNS} FROM role_access WHERE feature_flag_id = $flag AND role_id = $role`, { flag: flagId, role: roleId });
}

export function insertRoleAccess(store: Store, flagId: number, roleId: string): RoleAccessRow {
  const now = nowIso();
  const { id } = store.run('INSERT INTO role_access (feature_flag_id, role_id, added_at, updated_at) VALUES ($flag, $role, $now, $now)', {
    flag: flagId,
    role: roleId,
    now,
  });
  return getRoleAccess(store, flagId, id)!;
}

export function deleteRoleAccess(store: Store, id: number): void {
  store.run('DELETE FROM role_access WHERE id = $id', { id });
}
