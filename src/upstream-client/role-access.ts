// Per-flag role access (docs/rest-interface.md, "Role access"). Deprecated upstream but still
// served. Record types are exactly what the REST API returns; one function per endpoint.
import type { UpstreamClient } from './http.ts';
import type { FeatureFlagRecord, FlagRef } from './feature-flag.ts';
import { decodePage, type Page, type PageArgs } from './page.ts';
import type { UserRecord } from './user.ts';
import type { UserError } from '../user-error.ts';
import type { UpstreamRecord } from './upstream-record.ts';

/** A role of an organization. `associated_flags` is absent from some responses. */
export type RoleRecord = UpstreamRecord<{
  id: string;
  name: string;
  feature_flags_access_level?: number | null;
  created_at: string;
  created_by: UserRecord | null;
  members?: unknown;
  associated_flags?: unknown;
}>;

/** A grant of one role's access to one flag. */
export type RoleAccessRecord = UpstreamRecord<{
  id: number;
  feature_flag: FeatureFlagRecord;
  role: RoleRecord;
  role_id?: string;
  added_at: string;
  updated_at: string;
}>;

const ROLE_ACCESSES = '/api/projects/{project_id}/feature_flags/{flag_id}/role_access/';
const ROLE_ACCESS = '/api/projects/{project_id}/feature_flags/{flag_id}/role_access/{id}/';

export function listRoleAccess(client: UpstreamClient, projectId: number, flagId: number, page: PageArgs): Promise<Page<RoleAccessRecord>> {
  const params = { project_id: projectId, flag_id: flagId };
  return client.request({ method: 'GET', route: ROLE_ACCESSES, params, query: { ...page }, decode: decodePage<RoleAccessRecord> });
}

export function createRoleAccess(client: UpstreamClient, projectId: number, flagId: number, roleId: string): Promise<RoleAccessRecord> {
  return client.request({ method: 'POST', route: ROLE_ACCESSES, params: { project_id: projectId, flag_id: flagId }, body: { role_id: roleId } });
}

export function getRoleAccess(client: UpstreamClient, projectId: number, flagId: number, id: number): Promise<RoleAccessRecord> {
  return client.request({ method: 'GET', route: ROLE_ACCESS, params: { project_id: projectId, flag_id: flagId, id } });
}

/** 204, no body. */
export async function deleteRoleAccess(client: UpstreamClient, projectId: number, flagId: number, id: number): Promise<void> {
  await client.request({ method: 'DELETE', route: ROLE_ACCESS, params: { project_id: projectId, flag_id: flagId, id } });
}

/** A grant named by its flag (and that flag's project) and its numeric id. */
export interface RoleAccessRef {
  projectId: number;
  flagId: number;
  id: number;
}

/** The codegen mapper of RevokeFeatureFlagRoleAccessPayload: the flag is read only if selected. */
export interface RevokeRoleAccessPayload {
  revokedRoleAccessId: string | null;
  flagRef: FlagRef;
  userErrors: UserError[];
}

/**
 * A grant with the project and flag it was read under (the record does not name its project). The codegen
 * mapper of FeatureFlagRoleAccess; a class for its getters (docs/performance.md, "Plain fields as getters").
 */
export class ProjectRoleAccess {
  declare private readonly nominal: never; // only the constructor makes one, never an object literal
  readonly projectId: number;
  readonly flagId: number;
  readonly record: RoleAccessRecord;

  constructor(projectId: number, flagId: number, record: RoleAccessRecord) {
    this.projectId = projectId;
    this.flagId = flagId;
    this.record = record;
  }
}
