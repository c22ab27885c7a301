import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import type { GatewayPlugin, GatewayRequestListener } from './compose.ts';

/**
 * A plugin whose request listener keeps no state of its own: the one listener serves every
 * request, handed over without a promise (compose.ts), instead of a new object and closures per
 * request.
 */
export function statelessPlugin<TContext extends BaseContext>(
  listener: GatewayRequestListener<TContext>,
  serverHooks: Omit<ApolloServerPlugin<TContext>, 'requestDidStart'> = {},
): GatewayPlugin<TContext> {
  return { ...serverHooks, requestDidStart: () => listener };
}
