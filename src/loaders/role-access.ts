// Per-request loaders for role-access grants: one GET per distinct grant, primed by lists.
import DataLoader from 'dataloader';
import type { UpstreamClient } from '../upstream-client/http.ts';
import { getRoleAccess, type RoleAccessRecord, type ProjectRoleAccess } from '../upstream-client/role-access.ts';
import { settle } from './batch.ts';

export interface RoleAccessRef {
  projectId: number;
  flagId: number;
  id: number;
}

export function createRoleAccessLoaders(client: UpstreamClient) {
  /** (project, flag, grant id) -> grant; a failed key rejects with its own UpstreamError. */
  const roleAccess = new DataLoader<RoleAccessRef, ProjectRoleAccess, string>(
    (refs) => settle(refs.map(({ projectId, flagId, id }) => getRoleAccess(client, projectId, flagId, id).then((record) => ({ projectId, flagId, record })))),
    { cacheKeyFn: (ref) => `${ref.projectId}/${ref.flagId}/${ref.id}` },
  );

  /** Stores grants a list or mutation returned. */
  const primeRoleAccess = (projectId: number, flagId: number, records: RoleAccessRecord[]): ProjectRoleAccess[] =>
    records.map((record) => {
      const grant = { projectId, flagId, record };
      roleAccess.clear({ projectId, flagId, id: record.id }).prime({ projectId, flagId, id: record.id }, grant);
      return grant;
    });

  return { roleAccess, primeRoleAccess };
}
