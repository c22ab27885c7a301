// Role-access domain resolvers (schema/role-access.graphql): grants of a role's access to a
// flag, the Role type, grant/revoke mutations. A grant's parent is a ProjectRoleAccess
// (record + the project and flag it was read under: the record does not name its project).
import { badUserInput, mutate, type UserError } from '../errors.ts';
import { fromGlobalIdOf, toGlobalId, toPositiveInt } from '../relay/global-id.ts';
import { createRoleAccess, deleteRoleAccess, type ProjectRoleAccess } from '../upstream-client/role-access.ts';
import type { FlagRef } from '../loaders/feature-flags.ts';
import type { RoleAccessRef } from '../loaders/role-access.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import { parseFlagRef } from './feature-flag/refs.ts';
import { announceRoleAccessChange } from '../subscriptions/role-access-events.ts';
import { registerNodeType } from './node.ts';

registerNodeType('FeatureFlagRoleAccess', ([projectId = '', flagId = '', id = ''], ctx) =>
  ctx.loaders.roleAccess.load(parseRoleAccessRef(id, flagId, projectId)),
);

/** The codegen mapper of RevokeFeatureFlagRoleAccessPayload: the flag is read only if selected. */
export interface RevokePayloadParent {
  revokedRoleAccessId: string | null;
  flagRef: FlagRef;
  userErrors: UserError[];
}

function roleAccessGlobalId(grant: ProjectRoleAccess): string {
  return toGlobalId('FeatureFlagRoleAccess', grant.projectId, grant.flagId, grant.record.id);
}

/** A grant named by its global id, or by its numeric id plus the flag (global, or numeric plus project). */
function parseRoleAccessRef(id: string, featureFlagId?: string | null, projectId?: string | null): RoleAccessRef {
  const text = String(id).trim();
  if (/^[0-9]+$/.test(text)) {
    if (featureFlagId == null) throw badUserInput('"id" is a numeric grant id: give the grant\'s global id, or also "featureFlagId".', { argument: 'id' });
    const flag = parseFlagRef(featureFlagId, projectId, 'featureFlagId');
    return { projectId: flag.projectId, flagId: flag.id, id: toPositiveInt(text, 'FeatureFlagRoleAccess') };
  }
  const [project = '', flag = '', grant = ''] = fromGlobalIdOf('FeatureFlagRoleAccess', text, 3, 'its numeric id with the flag id');
  return { projectId: toPositiveInt(project, 'Project'), flagId: toPositiveInt(flag, 'FeatureFlag'), id: toPositiveInt(grant, 'FeatureFlagRoleAccess') };
}

export const roleAccessResolvers: Resolvers = {
  FeatureFlagRoleAccess: {
    id: roleAccessGlobalId,
    databaseId: (grant) => grant.record.id,
    // The grant embeds the full flag record: no extra call.
    featureFlag: (grant) => ({ projectId: grant.projectId, record: grant.record.feature_flag }),
    role: (grant) => grant.record.role,
    addedAt: (grant) => grant.record.added_at ?? null,
    updatedAt: (grant) => grant.record.updated_at ?? null,
  },

  Role: {
    id: (role) => role.id,
    name: (role) => role.name,
    featureFlagsAccessLevel: (role) => role.feature_flags_access_level ?? null,
    createdAt: (role) => role.created_at ?? null,
    createdBy: (role) => role.created_by ?? null,
    members: (role) => role.members ?? null,
    associatedFlags: (role) => role.associated_flags ?? null,
  },

  RevokeFeatureFlagRoleAccessPayload: {
    featureFlag: (payload, _args, ctx) => ctx.loaders.featureFlag.load(payload.flagRef),
  },

  Mutation: {
    grantFeatureFlagRoleAccess: async (_parent, { input }, ctx) => {
      const flag = parseFlagRef(input.featureFlagId, input.projectId, 'featureFlagId');
      const { result, userErrors } = await mutate(() => createRoleAccess(ctx.client, flag.projectId, flag.id, input.roleId));
      const roleAccess = result && (ctx.loaders.primeRoleAccess(flag.projectId, flag.id, [result])[0] ?? null);
      if (result) await announceRoleAccessChange(ctx, flag, { granted: true, roleName: result.role.name });
      return { roleAccess, userErrors };
    },

    revokeFeatureFlagRoleAccess: async (_parent, { input }, ctx) => {
      const ref = parseRoleAccessRef(input.id, input.featureFlagId, input.projectId);
      const { userErrors } = await mutate(async () => deleteRoleAccess(ctx.client, ref.projectId, ref.flagId, ref.id));
      ctx.loaders.roleAccess.clear(ref);
      const revoked = userErrors.length === 0 ? toGlobalId('FeatureFlagRoleAccess', ref.projectId, ref.flagId, ref.id) : null;
      if (revoked) await announceRoleAccessChange(ctx, { projectId: ref.projectId, id: ref.flagId }, { granted: false, roleName: null });
      return { revokedRoleAccessId: revoked, flagRef: { projectId: ref.projectId, id: ref.flagId }, userErrors };
    },
  },
};
