// The CreateFeatureFlagStaticCohortPayload type: its flag is read only when selected.
import type { CreateFeatureFlagStaticCohortPayloadResolvers } from '../generated/resolvers-types.ts';

export const CreateFeatureFlagStaticCohortPayload: CreateFeatureFlagStaticCohortPayloadResolvers = {
  featureFlag: (payload, _args, ctx) => ctx.loaders.featureFlag.byId(payload.flagRef),
};
