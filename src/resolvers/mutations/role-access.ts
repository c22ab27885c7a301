// Role-access mutations (docs/architecture.md, "Mutations"): grant and revoke a role's access
// to a flag; a write's answer is remembered by the role-access loader.
import { mutate } from '../../errors.ts';
import type { MutationResolvers } from '../../generated/resolvers-types.ts';
import { toGlobalId } from '../../relay/global-id.ts';
import { createRoleAccess, deleteRoleAccess } from '../../upstream-client/endpoints/role-access.ts';
import { parseFlagRef, parseRoleAccessRef } from '../support/ids.ts';
import { announceRoleAccessChange } from '../../subscriptions/role-access-events.ts';

export const grantFeatureFlagRoleAccess: MutationResolvers['grantFeatureFlagRoleAccess'] = async (_parent, { input }, ctx) => {
  const flag = parseFlagRef(input.featureFlagId, input.projectId, 'featureFlagId');
  const { result, userErrors } = await mutate(() => createRoleAccess(ctx.client, flag.projectId, flag.id, input.roleId));
  if (result) await announceRoleAccessChange(ctx, flag, { granted: true, roleName: result.role.name });
  return { roleAccess: result && ctx.loaders.roleAccess.remember(flag.projectId, flag.id, result), userErrors };
};

export const revokeFeatureFlagRoleAccess: MutationResolvers['revokeFeatureFlagRoleAccess'] = async (_parent, { input }, ctx) => {
  const ref = parseRoleAccessRef(input.id, input.featureFlagId, input.projectId);
  const { userErrors } = await mutate(async () => deleteRoleAccess(ctx.client, ref.projectId, ref.flagId, ref.id));
  ctx.loaders.roleAccess.forget(ref);
  const revoked = userErrors.length === 0 ? toGlobalId('FeatureFlagRoleAccess', ref.projectId, ref.flagId, ref.id) : null;
  if (revoked) await announceRoleAccessChange(ctx, { projectId: ref.projectId, id: ref.flagId }, { granted: false, roleName: null });
  return { revokedRoleAccessId: revoked, flagRef: { projectId: ref.projectId, id: ref.flagId }, userErrors };
};
