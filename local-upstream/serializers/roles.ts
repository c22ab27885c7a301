import type { Store } from '../storage/db.ts';
import type { FlagRow } from '../storage/flags.ts';
import type { RoleAccessRow } from '../storage/role-access.ts';
import { createHash } from 'node:crypto';
import { roleMembers, type RoleMemberRow, type RoleRow } from '../storage/roles.ts';
import { flagBody } from './flags.ts';
import type { Directory } from './directory.ts';

/**
 * `FeatureFlagRoleAccessSerializer`: the grant with the full flag and the role as the current `RoleSerializer` shows
 * it; `role_id` is write-only, so the record does not carry it.
 */
export function roleAccessBody(store: Store, access: RoleAccessRow, flag: FlagRow, role: RoleRow, users: Directory): Record<string, unknown> {
  return {
    id: access.id,
    feature_flag: flagBody(flag, users),
    role: roleRecord(store, role, users),
    added_at: access.added_at,
    updated_at: access.updated_at,
  };
}

/** A UUID that always comes out the same for the same parts (memberships have no id column locally). */
function stableUuid(...parts: Array<string | number>): string {
  const hex = createHash('sha1').update(parts.join('\u0000')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** `RoleMembershipSerializer`: the member as a user and as a member of the organization (`OrganizationMemberSerializer`). */
function roleMemberBody(role: RoleRow, member: RoleMemberRow, users: Directory): Record<string, unknown> {
  const user = users.basic(member.user_id);
  return {
    id: stableUuid('role-membership', role.id, member.user_id),
    role_id: role.id,
    organization_member: {
      id: stableUuid('organization-membership', role.organization_id, member.user_id),
      user,
      level: member.level,
      joined_at: member.organization_joined_at,
      updated_at: member.organization_joined_at,
      is_2fa_enabled: false,
      has_social_auth: false,
      last_login: null,
    },
    user,
    joined_at: member.role_joined_at,
    updated_at: member.role_joined_at,
  };
}

/**
 * The current service's `RoleSerializer` (`/api/organizations/{org}/roles/`). The organization has no default
 * role locally, so `is_default` is false.
 */
export function roleRecord(store: Store, role: RoleRow, users: Directory): Record<string, unknown> {
  return {
    id: role.id,
    name: role.name,
    created_at: role.created_at,
    created_by: users.basic(role.created_by),
    members: roleMembers(store, role).map((member) => roleMemberBody(role, member, users)),
    is_default: false,
  };
}
