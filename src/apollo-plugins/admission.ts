// The checks an operation passes once Apollo Server has resolved it, before any resolver (hence any
// upstream call) runs, in this order (docs/limits-and-deadlines.md):
//   1. the input limits, before anything reads the variables (the cost limit coerces them);
//   2. the token: without one the answer is UNAUTHENTICATED, whatever the cost;
//   3. the cost limit, whose score the upstream report returns on request.
// Run by the gateway's request listener (gateway-plugin.ts) when the operation is resolved.
import type { GraphQLRequestContextDidResolveOperation } from '@apollo/server';
import type { GatewayContext } from '../context.ts';
import { costLimit, QUERY_LIMITS } from './cost-limit.ts';
import { checkInputLimits } from './input-limits.ts';
import { fragmentsOf, isIntrospectionOnly } from './introspection.ts';
import { requireToken } from './require-token.ts';

export type Admission = (request: GraphQLRequestContextDidResolveOperation<GatewayContext>) => void;

/** Admits the operation or throws the first check's refusal; an admitted operation's cost is kept on the context. */
export function admission(maxCost: number = QUERY_LIMITS.maxCost): Admission {
  const scoreCost = costLimit(maxCost);
  return (request) => {
    checkInputLimits(request);
    // Pure introspection (Sandbox, a router's `_service`) needs no token and is not scored.
    const introspection = request.operation !== undefined && isIntrospectionOnly(request.operation, fragmentsOf(request.document));
    requireToken(request, introspection);
    request.contextValue.cost = scoreCost(request, introspection);
  };
}
