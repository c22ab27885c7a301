// `Subscription.featureFlagChanged` and the `FeatureFlagChange` event type. The changed flag
// resolves through the same loaders and FeatureFlag fields as queries, in a context of its
// own per event (see execute.ts) bound to the subscriber's key.
import { GraphQLError } from 'graphql';
import { badUserInput, nullIfNotFound, unauthenticated } from '../errors.ts';
import type { FeatureFlagChangeResolvers, SubscriptionResolvers } from '../generated/resolvers-types.ts';
import { parseIntId, toGlobalId } from '../relay/global-id.ts';
import type { FlagChangeEvent } from './events.ts';
import { liveOf } from './live-context.ts';

const MAX_KEYS = 100;

const Subscription: SubscriptionResolvers = {
  featureFlagChanged: {
    subscribe: async (_root, { projectId, keys }, ctx) => {
      const connection = liveOf(ctx);
      if (!connection) throw notOverHttp();
      if (!ctx.token) throw unauthenticated();
      if (keys && keys.length > MAX_KEYS) throw badUserInput(`"keys" takes at most ${MAX_KEYS} keys.`, { argument: 'keys' });
      const subscriber = await connection.hub.open({
        token: ctx.token,
        projectId: parseIntId('Project', projectId),
        keys: keys ?? null,
        budget: connection.budget,
      });
      return subscriber;
    },
    // Without an event the operation was executed like a query (an HTTP POST): refuse it.
    resolve: (event: FlagChangeEvent | undefined) => event ?? Promise.reject(notOverHttp()),
  },
};

function notOverHttp(): GraphQLError {
  return new GraphQLError(
    'Subscriptions are served over WebSocket (graphql-ws) on the GraphQL path and over Server-Sent Events on `<GraphQL path>/stream`, not over HTTP POST.',
    {
      extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
    },
  );
}

const FeatureFlagChange: FeatureFlagChangeResolvers = {
  kind: (event) => event.kind,
  activity: (event) => event.activity,
  flagId: (event) => toGlobalId('FeatureFlag', event.projectId, event.flagId),
  flagDatabaseId: (event) => event.flagId,
  key: (event) => event.key,
  flag: (event, _args, ctx) => nullIfNotFound(ctx.loaders.featureFlag.load({ projectId: event.projectId, id: event.flagId })),
  changedBy: (event) =>
    event.changedBy
      ? { firstName: event.changedBy.first_name ?? null, email: event.changedBy.email ?? null, isSystem: event.changedBy.is_system === true }
      : null,
  changedAt: (event) => event.changedAt,
  changes: (event) =>
    event.changes.map((change) => ({
      type: change.type ?? null,
      action: change.action ?? null,
      field: change.field ?? null,
      before: change.before ?? null,
      after: change.after ?? null,
    })),
  entry: (event) => event.entry,
};

export const subscriptionResolvers = { Subscription, FeatureFlagChange };
