// Per-request loaders for role-access grants: one GET per distinct grant, primed by lists.
import DataLoader from 'dataloader';
import type { UpstreamClient } from '../upstream-client/http.ts';
import { getRoleAccess, type RoleAccessRecord } from '../upstream-client/role-access.ts';

/** A grant with the project it was read from (the record names its flag, not its project). The codegen mapper of FeatureFlagRoleAccess. */
export interface ProjectRoleAccess {
  projectId: number;
  flagId: number;
  record: RoleAccessRecord;
}

export interface RoleAccessRef {
  projectId: number;
  flagId: number;
  id: number;
}

export interface RoleAccessLoaders {
  /** (project, flag, grant id) -> grant. Rejects with the UpstreamError of that key only. */
  byId: DataLoader<RoleAccessRef, ProjectRoleAccess, string>;
  /** Stores grants a list already returned. */
  prime(projectId: number, flagId: number, records: RoleAccessRecord[]): ProjectRoleAccess[];
}

export function createRoleAccessLoaders(client: UpstreamClient): RoleAccessLoaders {
  const byId = new DataLoader<RoleAccessRef, ProjectRoleAccess, string>(
    (refs) =>
      Promise.all(
        refs.map((ref) =>
          getRoleAccess(client, ref.projectId, ref.flagId, ref.id).then(
            (record) => ({ projectId: ref.projectId, flagId: ref.flagId, record }),
            (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
          ),
        ),
      ),
    { cacheKeyFn: (ref) => `${ref.projectId}/${ref.flagId}/${ref.id}` },
  );
  const prime = (projectId: number, flagId: number, records: RoleAccessRecord[]): ProjectRoleAccess[] =>
    records.map((record) => {
      const grant = { projectId, flagId, record };
      byId.prime({ projectId, flagId, id: record.id }, grant);
      return grant;
    });
  return { byId, prime };
}
