// The FeatureFlagStaticCohort type: the cohort createFeatureFlagStaticCohort made.
import type { FeatureFlagStaticCohortResolvers } from '../generated/resolvers-types.ts';
import type { CohortRecord } from '../upstream-client/endpoints/feature-flag.ts';
import { restField } from './support/rest-field.ts';

const rest = restField((cohort: CohortRecord) => cohort);

export const FeatureFlagStaticCohort: FeatureFlagStaticCohortResolvers = {
  databaseId: rest('id'),
  name: rest('name'),
  isStatic: rest('is_static'),
  isCalculating: rest('is_calculating'),
  createdAt: rest('created_at'),
  data: (cohort) => cohort,
};
