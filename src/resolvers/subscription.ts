// The Subscription root (docs/live-updates.md): `featureFlagChanged` opens a subscriber on the
// project's shared activity feed; each event is then executed with a context of its own.
import { GraphQLError } from 'graphql';
import { badUserInput, unauthenticated } from '../errors.ts';
import type { SubscriptionResolvers } from '../generated/resolvers-types.ts';
import { parseIntId } from '../relay/global-id.ts';
import type { FlagChangeEvent } from '../subscriptions/events.ts';
import { liveOf } from '../subscriptions/live-context.ts';

const MAX_KEYS = 100;

export const Subscription: SubscriptionResolvers = {
  featureFlagChanged: {
    subscribe: async (_root, { projectId, keys }, ctx) => {
      const connection = liveOf(ctx);
      if (!connection) throw notOverHttp();
      if (!ctx.token) throw unauthenticated();
      if (keys && keys.length > MAX_KEYS) throw badUserInput(`"keys" takes at most ${MAX_KEYS} keys.`, { argument: 'keys' });
      return connection.hub.open({ token: ctx.token, projectId: parseIntId('Project', projectId), keys: keys ?? null, budget: connection.budget });
    },
    // Without an event the operation was executed like a query (an HTTP POST): refuse it.
    resolve: (event: FlagChangeEvent | undefined) => event ?? Promise.reject(notOverHttp()),
  },
};

function notOverHttp(): GraphQLError {
  return new GraphQLError(
    'Subscriptions are served over WebSocket (graphql-ws) on the GraphQL path and over Server-Sent Events on `<GraphQL path>/stream`, not over HTTP POST.',
    { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } },
  );
}
