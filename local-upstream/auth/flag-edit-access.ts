// Who may edit a flag and grant roles access to it under the service's legacy role-based access: an organization
// may restrict feature flags to "can only view" (storage/resource-access.ts); creators, admins, members of a role
// that can always edit, and members of a role granted access to the flag keep editing.
import { membershipLevel } from '../storage/accounts.ts';
import type { Store } from '../storage/db.ts';
import type { FlagRow } from '../storage/flags.ts';
import { getProject } from '../storage/projects.ts';
import { anyRoleHasFlagAccess, CAN_ALWAYS_EDIT, CAN_ONLY_VIEW, organizationFlagAccessLevel, userRoles } from '../storage/resource-access.ts';
import { ADMIN } from './access.ts';
import type { AccessLevel } from '../serializers/directory.ts';

function organizationOfFlag(store: Store, flag: FlagRow): string | undefined {
  return getProject(store, flag.project_id)?.organization_id;
}

function isAdmin(store: Store, userId: number, organizationId: string): boolean {
  return (membershipLevel(store, userId, organizationId) ?? 0) >= ADMIN;
}

/** `can_user_edit_feature_flag`: the flag record's `can_edit`, and whether a PATCH is allowed. */
export function canEditFlag(store: Store, userId: number, flag: FlagRow): boolean {
  const organizationId = organizationOfFlag(store, flag);
  if (!organizationId || flag.created_by === userId || isAdmin(store, userId, organizationId)) return true;
  const organizationLevel = organizationFlagAccessLevel(store, organizationId) ?? CAN_ALWAYS_EDIT;
  if (organizationLevel >= CAN_ALWAYS_EDIT) return true;
  const roles = userRoles(store, userId, organizationId);
  const roleLevel = Math.max(0, ...roles.map((role) => role.feature_flags_access_level));
  // A role's level replaces the organization's; "only view" still edits flags one of the user's roles was granted.
  const level = roleLevel === 0 ? organizationLevel : roleLevel;
  if (level === CAN_ONLY_VIEW) {
    return anyRoleHasFlagAccess(
      store,
      flag.id,
      roles.map((role) => role.id),
    );
  }
  return level === CAN_ALWAYS_EDIT;
}

/**
 * The flag record's `user_access_level`, as the service's access control names it: creators and organization
 * admins manage the flag, whoever may edit it is an editor, everyone else in the organization a viewer.
 */
export function flagAccessLevel(store: Store, userId: number, flag: FlagRow): AccessLevel {
  const organizationId = organizationOfFlag(store, flag);
  if (flag.created_by === userId || (organizationId && isAdmin(store, userId, organizationId))) return 'manager';
  return canEditFlag(store, userId, flag) ? 'editor' : 'viewer';
}

/** `FeatureFlagRoleAccessPermissions` on writes: who may grant or remove roles' access to the flag. */
export function mayChangeFlagRoles(store: Store, userId: number, flag: FlagRow): boolean {
  const organizationId = organizationOfFlag(store, flag);
  if (!organizationId || isAdmin(store, userId, organizationId)) return true;
  const organizationLevel = organizationFlagAccessLevel(store, organizationId);
  if (organizationLevel === undefined || organizationLevel === CAN_ALWAYS_EDIT) return true;
  if (flag.created_by !== null && flag.created_by === userId) return true;
  return userRoles(store, userId, organizationId).some((role) => role.feature_flags_access_level === CAN_ALWAYS_EDIT);
}
