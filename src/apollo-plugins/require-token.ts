import type { GatewayContext } from '../context.ts';
import { unauthenticated } from '../errors.ts';
import { fragmentsOf, isIntrospectionOnly } from './introspection.ts';
import { statelessPlugin } from './stateless.ts';

/**
 * Refuses operations without a bearer token before any resolver (hence any upstream call)
 * runs. Done here rather than in the context function because only after the operation is
 * resolved can pure introspection (Sandbox, `_service`) be told apart and let through.
 */
export const requireTokenPlugin = statelessPlugin<GatewayContext>({
  async didResolveOperation({ contextValue, operation, document }) {
    if (contextValue.token) return;
    if (!operation || !isIntrospectionOnly(operation, fragmentsOf(document))) throw unauthenticated();
  },
});
