// Scopes, membership and tenancy, in the real service's order: the parent object is looked up first (404),
// then the key's scopes (403 `API key missing required scope`), then membership (403).
import { membershipLevel, getOrganization, userOrganizationIds, type Organization } from '../storage/accounts.ts';
import type { Store } from '../storage/db.ts';
import { firstProjectOfOrganization, getProject, getProjectByToken, type ProjectRow } from '../storage/projects.ts';
import { authenticationFailed, notFound, permissionDenied } from '../http/errors.ts';
import type { Caller } from './authenticate.ts';

/** Organization membership level of an admin (the levels are 1 member, 8 admin, 15 owner). */
export const ADMIN = 8;

/** `*` grants everything; `<obj>:write` implies `<obj>:read`. */
function hasScope(scopes: string[], required: string): boolean {
  if (scopes.includes('*') || scopes.includes(required)) return true;
  const [object, action] = required.split(':');
  return action === 'read' && scopes.includes(`${object}:write`);
}

export function requireScope(caller: Caller, required: string): void {
  if (!hasScope(caller.scopes, required)) throw permissionDenied(`API key missing required scope '${required}'`);
}

export function currentOrganizationId(store: Store, caller: Caller): string | undefined {
  return userOrganizationIds(store, caller.user.id)[0];
}

const INTEGER = /^\d+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseId(value: string | undefined): number | undefined {
  if (value === undefined || !INTEGER.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : undefined;
}

export interface ProjectAccess {
  project: ProjectRow;
  level: number;
}

/**
 * The project of a `/api/projects/{project_id}/...` route. A project API token (`?token=` on a GET, the service's
 * `_get_team_from_request`) names the project instead of the path, as in the service; membership is then checked
 * on the token's project, and a token that names no project fails authentication.
 */
export function projectAccess(store: Store, caller: Caller, projectParam: string, scope: string | null, token?: string | null): ProjectAccess {
  let project: ProjectRow | undefined;
  if (token) {
    project = getProjectByToken(store, token);
    if (!project) throw authenticationFailed('Incorrect authentication credentials.');
  } else if (projectParam === '@current') {
    const organizationId = currentOrganizationId(store, caller);
    project = organizationId ? firstProjectOfOrganization(store, organizationId) : undefined;
  } else {
    const id = parseId(projectParam);
    project = id === undefined ? undefined : getProject(store, id);
  }
  if (!project) throw notFound('Project not found.');
  if (scope) requireScope(caller, scope);
  const level = membershipLevel(store, caller.user.id, project.organization_id);
  if (level === undefined) throw permissionDenied("You don't have access to the project.");
  return { project, level };
}

export interface OrganizationAccess {
  organization: Organization;
  level: number;
}

/** The organization of a `/api/organizations/{org_id}/...` route. */
export function organizationAccess(store: Store, caller: Caller, orgParam: string, scope: string | null): OrganizationAccess {
  const id = orgParam === '@current' ? currentOrganizationId(store, caller) : orgParam;
  const organization = id && UUID.test(id) ? getOrganization(store, id.toLowerCase()) : undefined;
  if (!organization) throw notFound('Organization not found.');
  if (scope) requireScope(caller, scope);
  const level = membershipLevel(store, caller.user.id, organization.id);
  // OrganizationMemberPermissions has no message of its own, so non-members get DRF's generic denial.
  if (level === undefined) throw permissionDenied('You do not have permission to perform this action.');
  return { organization, level };
}
