import type { ApolloServerPlugin, BaseContext, GraphQLRequestListener } from '@apollo/server';

/**
 * A plugin whose request listener keeps no state of its own: the one listener serves every
 * request, instead of a new object and closures per request.
 */
export function statelessPlugin<TContext extends BaseContext>(
  listener: GraphQLRequestListener<TContext>,
  serverHooks: Omit<ApolloServerPlugin<TContext>, 'requestDidStart'> = {},
): ApolloServerPlugin<TContext> {
  return { ...serverHooks, requestDidStart: async () => listener };
}
