import type { Store } from '../storage/db.ts';
import type { FlagRow } from '../storage/flags.ts';
import type { RoleAccessRow } from '../storage/role-access.ts';
import { roleAssociatedFlags, type RoleRow } from '../storage/roles.ts';
import { flagBody } from './flags.ts';
import type { Directory } from './directory.ts';

/** A role as the role-access records embed it (older RoleSerializer, with `feature_flags_access_level`). */
function roleBody(store: Store, role: RoleRow, users: Directory): Record<string, unknown> {
  return {
    id: role.id,
    name: role.name,
    feature_flags_access_level: role.feature_flags_access_level,
    created_at: role.created_at,
    created_by: users.basic(role.created_by),
    members: [],
    associated_flags: roleAssociatedFlags(store, role.id),
  };
}

export function roleAccessBody(store: Store, access: RoleAccessRow, flag: FlagRow, role: RoleRow, users: Directory): Record<string, unknown> {
  return {
    // `role_id` is write-only in the real serializer; docs/rest-interface.md lists it among the record's fields, so it is shown.
    id: access.id,
    feature_flag: flagBody(flag, users),
    role: roleBody(store, role, users),
    role_id: access.role_id,
    added_at: access.added_at,
    updated_at: access.updated_at,
  };
}
