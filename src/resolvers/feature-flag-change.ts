// FeatureFlagChange: one event of `featureFlagChanged`. The changed flag resolves through the
// same loader and FeatureFlag fields as queries, with the subscriber's key (a fresh context per
// event, src/subscriptions/execute.ts).
import { nullIfNotFound } from '../errors.ts';
import type { FeatureFlagChangeResolvers } from '../generated/resolvers-types.ts';
import { toGlobalId } from '../relay/global-id.ts';
import type { FlagChangeEvent } from '../subscriptions/events.ts';
import { restField } from './support/rest-field.ts';

const rest = restField((event: FlagChangeEvent) => event);

export const FeatureFlagChange: FeatureFlagChangeResolvers = {
  kind: rest('kind'),
  activity: rest('activity'),
  flagId: (event) => toGlobalId('FeatureFlag', event.projectId, event.flagId),
  flagDatabaseId: rest('flagId'),
  key: rest('key'),
  flag: (event, _args, ctx) => nullIfNotFound(ctx.loaders.featureFlag.byId({ projectId: event.projectId, id: event.flagId })),
  changedBy: (event) =>
    event.changedBy
      ? { firstName: event.changedBy.first_name ?? null, email: event.changedBy.email ?? null, isSystem: event.changedBy.is_system === true }
      : null,
  changedAt: rest('changedAt'),
  changes: (event) =>
    event.changes.map((change) => ({
      type: change.type ?? null,
      action: change.action ?? null,
      field: change.field ?? null,
      before: change.before ?? null,
      after: change.after ?? null,
    })),
  entry: rest('entry'),
};
