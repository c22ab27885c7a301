// The checks an operation passes once Apollo Server has resolved it, before any resolver (hence any
// upstream call) runs, in this order (docs/limits-and-deadlines.md):
//   1. the input limits, before anything reads the variables (the cost limit coerces them);
//   2. the token: without one the answer is UNAUTHENTICATED, whatever the cost;
//   3. the cost limit, whose score the upstream report returns on request.
// Validation's refusals are narrowed to the limit's own error (src/query-limits.ts).
// One plugin with one listener for all of them: Apollo Server awaits every request listener at
// every stage of every request (docs/performance.md, "Fixed costs").
import type { ApolloServerPlugin } from '@apollo/server';
import type { GatewayContext } from '../context.ts';
import { costHints } from '../query-cost.ts';
import { keepOnlyLimitErrors } from '../query-limits.ts';
import { costLimit, QUERY_LIMITS } from './cost-limit.ts';
import { checkInputLimits } from './input-limits.ts';
import { fragmentsOf, isIntrospectionOnly } from './introspection.ts';
import { requireToken } from './require-token.ts';
import { statelessPlugin } from './stateless.ts';

export function admissionPlugin(maxCost: number = QUERY_LIMITS.maxCost): ApolloServerPlugin<GatewayContext> {
  const scoreCost = costLimit(maxCost);
  return statelessPlugin<GatewayContext>(
    {
      async validationDidStart() {
        return keepOnlyLimitErrors;
      },
      async didResolveOperation(request) {
        checkInputLimits(request);
        // Pure introspection (Sandbox, a router's `_service`) needs no token and is not scored.
        const introspection = request.operation !== undefined && isIntrospectionOnly(request.operation, fragmentsOf(request.document));
        requireToken(request, introspection);
        request.contextValue.cost = scoreCost(request, introspection);
      },
    },
    {
      async serverWillStart({ schema }) {
        costHints(schema); // read the hints at startup, not on the first request
      },
    },
  );
}
