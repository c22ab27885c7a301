// The numbers of every query limit (QUERY_LIMITS; the structural rules are src/query-limits.ts)
// and the cost limit: src/query-cost.ts scores an operation as Apollo Router's demand control does.
import { GraphQLError } from 'graphql';
import type { GraphQLRequestContextDidResolveOperation } from '@apollo/server';
import type { GatewayContext } from '../context.ts';
import { ErrorCode } from '../errors.ts';
import { costEstimator } from '../query-cost.ts';
import { MAX_PAGE_SIZE } from '../relay/connection.ts';

/**
 * Query limits enforced before any upstream call. One object so the federation `@cost`/`@listSize`
 * hints in schema/ (test/federation/cost-hints.test.ts), the cost rule and the docs share the numbers.
 */
export const QUERY_LIMITS = Object.freeze({
  /** Deepest selection nesting (introspection is exempt; graphql-armor). */
  maxDepth: 12,
  /**
   * Aliases per operation: the page cap, so N aliased `node(id:)` lookups are allowed as far as
   * `nodes(ids:)` (also capped at 100) already goes; the cost limit still bounds what they select.
   */
  maxAliases: MAX_PAGE_SIZE,
  /** Directives per operation (graphql-armor). */
  maxDirectives: 50,
  /** Lexical tokens per document (Sandbox's introspection query fits comfortably; graphql-js's parser, src/query-limits.ts). */
  maxTokens: 5000,
  /**
   * Largest estimated cost of an operation (src/query-cost.ts: Apollo Router's demand-control score
   * from the schema's `@cost`/`@listSize`: about one point per object returned, `upstreamCallCost`
   * per field that calls upstream on its own, lists sized by `first`/`last` or the page cap).
   * Measured (test/gateway/query-cost.test.ts keeps this table true):
   *
   *   operation                                                                      cost
   *   Sandbox's example operation (5 projects x 10 flags)                             176
   *   50 aliased node(id:) lookups of a flag with its project                        1000
   *   projects(first: 50), every Project field, organization { id name }           16610
   *   a project's 100 flags, every FeatureFlag field, createdBy, lastModifiedBy,
   *     project { organization { id name } }                                         2521
   *   a project's featureFlags(first: 100) { roleAccess(first: 10) { role { name } } } 3120
   *   100 projects x their first 100 flags (key only)                              11110
   *   the most expensive query of test/ (a flag's activity(first: 100) + changes)  10221
   *   refused: projects(first: 100), every Project field (32 full-record fields)   33210
   *   refused: projects x featureFlags x roleAccess, 100 each (or no first)      1111110
   *
   * 20 000 is about twice the largest legitimate example: two nested levels of 100-item pages
   * pass with room for a few objects per item; a third level of 100 is refused.
   */
  maxCost: 20000,
  /**
   * `first`/`last` cap of every connection (relay/connection.ts): the `@listSize(assumedSize:)`
   * of every list field in schema/ and the size of a list without one (`_entities`), so a
   * router's demand control sizes pages like we do (configure its `list_size` to this too).
   */
  maxPageSize: MAX_PAGE_SIZE,
  /**
   * `@cost(weight:)` of a field that makes an upstream call of its own (project, node, nodes, every
   * connection, evaluationReasons, localEvaluation, plugin source...): replaces the weight 1 of an object.
   */
  upstreamCallCost: 10,
});

/** COST_ESTIMATED_TOO_EXPENSIVE, Apollo Router's code for an operation refused by demand control, as a 400. */
function costTooHigh(cost: number, maxCost: number): GraphQLError {
  return new GraphQLError(`Operation cost ${cost} exceeds the limit of ${maxCost}.`, {
    extensions: { code: ErrorCode.COST_ESTIMATED_TOO_EXPENSIVE, cost, maxCost, http: { status: 400 } },
  });
}

/**
 * Scores an operation (src/query-cost.ts) and refuses it when the estimate exceeds `maxCost`, once
 * the operation is resolved (admission.ts), where the variables are known (a validation rule would
 * not see `first: $n`). Introspection-only operations are not scored.
 */
export function costLimit(maxCost: number = QUERY_LIMITS.maxCost) {
  // Each `_entities` representation is resolved like a `node(id:)` lookup: an upstream call each.
  const operationCost = costEstimator({ defaultListSize: QUERY_LIMITS.maxPageSize, entityWeight: QUERY_LIMITS.upstreamCallCost });
  return (
    { schema, document, operation, request }: GraphQLRequestContextDidResolveOperation<GatewayContext>,
    introspectionOnly: boolean,
  ): number | undefined => {
    if (!operation || introspectionOnly) return undefined;
    const cost = operationCost(schema, document, operation.name?.value, request.variables);
    if (cost > maxCost) throw costTooHigh(cost, maxCost);
    return cost;
  };
}
