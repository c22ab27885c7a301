import type { GraphQLRequestContextDidResolveOperation } from '@apollo/server';
import type { GatewayContext } from '../context.ts';
import { unauthenticated } from '../errors.ts';

/**
 * Refuses an operation without a bearer token (admission.ts). Checked once the operation is
 * resolved rather than in the context function: only then can pure introspection (Sandbox,
 * `_service`) be told apart and let through.
 */
export function requireToken({ contextValue }: GraphQLRequestContextDidResolveOperation<GatewayContext>, introspectionOnly: boolean): void {
  if (!contextValue.token && !introspectionOnly) throw unauthenticated();
}
