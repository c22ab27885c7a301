// The RevokeFeatureFlagRoleAccessPayload type: its flag is read only when selected.
import type { RevokeFeatureFlagRoleAccessPayloadResolvers } from '../generated/resolvers-types.ts';

export const RevokeFeatureFlagRoleAccessPayload: RevokeFeatureFlagRoleAccessPayloadResolvers = {
  featureFlag: (payload, _args, ctx) => ctx.loaders.featureFlag.byId(payload.flagRef),
};
