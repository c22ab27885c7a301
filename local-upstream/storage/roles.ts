import { nowIso, type Store } from './db.ts';

export interface RoleRow {
  id: string;
  organization_id: string;
  name: string;
  feature_flags_access_level: number;
  created_by: number | null;
  created_at: string;
}

const COLUMNS = 'id, organization_id, name, feature_flags_access_level, created_by, created_at';

export function getRole(store: Store, id: string): RoleRow | undefined {
  return store.get<RoleRow>(`SELECT ${COLUMNS} FROM roles WHERE id = $id`, { id });
}

export function upsertRole(store: Store, role: Omit<RoleRow, 'created_at'>): void {
  store.run(
    `INSERT INTO roles (id, organization_id, name, feature_flags_access_level, created_by, created_at)
     VALUES ($id, $org, $name, $level, $by, $now)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name, feature_flags_access_level = excluded.feature_flags_access_level`,
    { id: role.id, org: role.organization_id, name: role.name, level: role.feature_flags_access_level, by: role.created_by, now: nowIso() },
  );
}

/** Keys of the flags a role has access to (the role's `associated_flags`). */
export function roleAssociatedFlags(store: Store, roleId: string): Array<{ id: number; key: string }> {
  return store.all<{ id: number; key: string }>(
    `SELECT f.id, f.key FROM role_access ra JOIN feature_flags f ON f.id = ra.feature_flag_id
     WHERE ra.role_id = $role ORDER BY ra.id`,
    { role: roleId },
  );
}
