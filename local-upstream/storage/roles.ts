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

export function countOrganizationRoles(store: Store, organizationId: string): number {
  return store.get<{ n: number }>('SELECT COUNT(*) AS n FROM roles WHERE organization_id = $org', { org: organizationId })!.n;
}

/** An organization's roles, oldest first (ties by id, so pages never overlap). */
export function pageOrganizationRoles(store: Store, organizationId: string, limit: number, offset: number): RoleRow[] {
  return store.all<RoleRow>(`SELECT ${COLUMNS} FROM roles WHERE organization_id = $org ORDER BY created_at, id LIMIT $limit OFFSET $offset`, {
    org: organizationId,
    limit,
    offset,
  });
}

export interface RoleMemberRow {
  user_id: number;
  level: number;
  role_joined_at: string;
  organization_joined_at: string;
}

/** A role's members, first joined first, with their membership of the role's organization. */
export function roleMembers(store: Store, role: RoleRow): RoleMemberRow[] {
  return store.all<RoleMemberRow>(
    `SELECT rm.user_id, m.level, rm.joined_at AS role_joined_at, m.joined_at AS organization_joined_at
     FROM role_memberships rm JOIN memberships m ON m.user_id = rm.user_id AND m.organization_id = $org
     WHERE rm.role_id = $role ORDER BY rm.joined_at, rm.user_id`,
    { role: role.id, org: role.organization_id },
  );
}

/** The ids of the user's roles in an organization (role bypass and approver roles). */
export function userRoleIds(store: Store, userId: number, organizationId: string): string[] {
  return store
    .all<{ role_id: string }>(
      'SELECT rm.role_id FROM role_memberships rm JOIN roles r ON r.id = rm.role_id WHERE rm.user_id = $user AND r.organization_id = $org',
      { user: userId, org: organizationId },
    )
    .map((row) => row.role_id);
}
