import { nowIso, type Store } from './db.ts';

/**
 * Organization-wide access levels and role memberships: the service's legacy role-based access on feature flags
 * (`OrganizationResourceAccess`, `RoleMembership`) and the organization's `plugins_access_level`. None has a
 * route in the interface; the seed sets them.
 */

/** `OrganizationResourceAccess.AccessLevel`: members may only view flags, or always edit them. */
export const CAN_ONLY_VIEW = 21;
export const CAN_ALWAYS_EDIT = 37;

/** `Organization.PluginsAccessLevel`: none, configure, install, root (global plugins). */
export const PLUGINS = { NONE: 0, CONFIG: 3, INSTALL: 6, ROOT: 9 } as const;

type Resource = 'feature flags' | 'plugins';

function accessLevel(store: Store, organizationId: string, resource: Resource): number | undefined {
  return store.get<{ access_level: number }>('SELECT access_level FROM organization_resource_access WHERE organization_id = $org AND resource = $resource', {
    org: organizationId,
    resource,
  })?.access_level;
}

export function setAccessLevel(store: Store, organizationId: string, resource: Resource, level: number): void {
  store.run(
    `INSERT INTO organization_resource_access (organization_id, resource, access_level) VALUES ($org, $resource, $level)
     ON CONFLICT(organization_id, resource) DO UPDATE SET access_level = excluded.access_level`,
    { org: organizationId, resource, level },
  );
}

/** The organization's access level on feature flags, or undefined when it sets none (everyone may edit). */
export const organizationFlagAccessLevel = (store: Store, organizationId: string): number | undefined => accessLevel(store, organizationId, 'feature flags');

/** The organization's plugin access level; root unless the seed says otherwise (the self-hosted default). */
export const pluginsAccessLevel = (store: Store, organizationId: string): number => accessLevel(store, organizationId, 'plugins') ?? PLUGINS.ROOT;

export function addRoleMember(store: Store, roleId: string, userId: number): void {
  store.run('INSERT OR IGNORE INTO role_memberships (role_id, user_id, joined_at) VALUES ($role, $user, $now)', {
    role: roleId,
    user: userId,
    now: nowIso(),
  });
}

/** The roles of the organization the user belongs to, with their flag access levels. */
export function userRoles(store: Store, userId: number, organizationId: string): Array<{ id: string; feature_flags_access_level: number }> {
  return store.all<{ id: string; feature_flags_access_level: number }>(
    `SELECT r.id, r.feature_flags_access_level FROM role_memberships m JOIN roles r ON r.id = m.role_id
     WHERE m.user_id = $user AND r.organization_id = $org ORDER BY r.id`,
    { user: userId, org: organizationId },
  );
}

/** Whether one of the roles has been granted access to the flag (`FeatureFlagRoleAccess`). */
export function anyRoleHasFlagAccess(store: Store, flagId: number, roleIds: string[]): boolean {
  if (roleIds.length === 0) return false;
  const placeholders = roleIds.map((_, i) => `$r${i}`).join(', ');
  const params: Record<string, string | number> = { flag: flagId };
  roleIds.forEach((id, i) => (params[`r${i}`] = id));
  return store.get(`SELECT 1 AS hit FROM role_access WHERE feature_flag_id = $flag AND role_id IN (${placeholders})`, params) !== undefined;
}
