// Per-flag role access (docs/rest-interface.md, "Role access"). Deprecated upstream but still
// served. Record types are exactly what the REST API returns; one function per endpoint.
import type { UpstreamClient } from '../client/http.ts';
import type { FeatureFlagRecord, FlagRef } from './feature-flag.ts';
import { decodePage, type Page, type PageArgs } from '../transport/page.ts';
import { WITH_ID } from '../transport/record-shapes.ts';
import { endpoint, type CallFacts } from '../across-requests/rest-policy.ts';
import { changesOf, readsOf } from '../across-requests/scopes.ts';
import type { UserRecord } from './user.ts';
import type { UserError } from '../../user-error.ts';
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

/** A flag's role access: part of the flag (its list shows who may edit). */
const roleAccessPolicy = {
  shape: WITH_ID,
  reads: ({ params }: CallFacts) => readsOf.flag(params.project_id!, params.flag_id!),
  changes: ({ facts, params }: CallFacts) => changesOf.flag(facts, params.project_id!, params.flag_id!),
};
const ROLE_ACCESSES = endpoint('/api/projects/{project_id}/feature_flags/{flag_id}/role_access/', roleAccessPolicy);
const ROLE_ACCESS = endpoint('/api/projects/{project_id}/feature_flags/{flag_id}/role_access/{id}/', roleAccessPolicy);

export function listRoleAccess(client: UpstreamClient, projectId: number, flagId: number, page: PageArgs): Promise<Page<RoleAccessRecord>> {
  const params = { project_id: projectId, flag_id: flagId };
  return client.request({ method: 'GET', ...ROLE_ACCESSES, params, query: { ...page }, decode: decodePage<RoleAccessRecord> });
}

export function createRoleAccess(client: UpstreamClient, projectId: number, flagId: number, roleId: string): Promise<RoleAccessRecord> {
  return client.request({ method: 'POST', ...ROLE_ACCESSES, params: { project_id: projectId, flag_id: flagId }, body: { role_id: roleId } });
}

export function getRoleAccess(client: UpstreamClient, projectId: number, flagId: number, id: number): Promise<RoleAccessRecord> {
  return client.request({ method: 'GET', ...ROLE_ACCESS, params: { project_id: projectId, flag_id: flagId, id } });
}

/** 204, no body. */
export async function deleteRoleAccess(client: UpstreamClient, projectId: number, flagId: number, id: number): Promise<void> {
  await client.request({ method: 'DELETE', ...ROLE_ACCESS, params: { project_id: projectId, flag_id: flagId, id } });
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
