// Payloads whose flag is resolved lazily (only read when the client selects it), and the
// static cohort a flag action returns.
import type { UserError } from '../../errors.ts';
import type { FlagRef } from '../../loaders/feature-flags.ts';
import type { CohortRecord } from '../../upstream-client/feature-flags.ts';
import type { CreateFeatureFlagStaticCohortPayloadResolvers, FeatureFlagStaticCohortResolvers } from '../../generated/resolvers-types.ts';

/** The codegen mapper of CreateFeatureFlagStaticCohortPayload. */
export interface StaticCohortPayloadParent {
  cohort: CohortRecord | null;
  flagRef: FlagRef;
  userErrors: UserError[];
}

export const CreateFeatureFlagStaticCohortPayload: CreateFeatureFlagStaticCohortPayloadResolvers = {
  featureFlag: (payload, _args, ctx) => ctx.loaders.featureFlag.load(payload.flagRef),
};

export const FeatureFlagStaticCohort: FeatureFlagStaticCohortResolvers = {
  databaseId: (cohort) => cohort.id,
  name: (cohort) => cohort.name ?? null,
  isStatic: (cohort) => cohort.is_static ?? null,
  isCalculating: (cohort) => cohort.is_calculating ?? null,
  createdAt: (cohort) => cohort.created_at ?? null,
  data: (cohort) => cohort,
};
