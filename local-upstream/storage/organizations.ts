import type { Store } from './db.ts';
import { getProject, type ProjectRow } from './projects.ts';

/** What the organization routes read of an organization and of the caller's place in it. */
export interface OrganizationRow {
  id: string;
  name: string;
  created_at: string;
}

export interface MembershipRow extends OrganizationRow {
  level: number;
}

/** The user's organizations with their membership level, first joined first (the first is the current one). */
export function userMemberships(store: Store, userId: number): MembershipRow[] {
  return store.all<MembershipRow>(
    `SELECT o.id, o.name, o.created_at, m.level FROM memberships m JOIN organizations o ON o.id = m.organization_id
     WHERE m.user_id = $user ORDER BY m.joined_at, m.rowid`,
    { user: userId },
  );
}

/** Every organization's id and name, oldest first: slugs are unique in creation order. */
export function organizationNames(store: Store): Array<{ id: string; name: string }> {
  return store.all<{ id: string; name: string }>('SELECT id, name FROM organizations ORDER BY created_at, rowid');
}

export function memberCount(store: Store, organizationId: string): number {
  return store.get<{ n: number }>('SELECT COUNT(*) AS n FROM memberships WHERE organization_id = $org', { org: organizationId })!.n;
}

/** The organization's projects, by id. */
export function organizationProjects(store: Store, organizationId: string): ProjectRow[] {
  return store
    .all<{ id: number }>('SELECT id FROM projects WHERE organization_id = $org ORDER BY id', { org: organizationId })
    .map((row) => getProject(store, row.id)!);
}

/** When the user joined the service (`date_joined`). */
export function userJoinedAt(store: Store, userId: number): string {
  return store.get<{ created_at: string }>('SELECT created_at FROM users WHERE id = $id', { id: userId })!.created_at;
}
