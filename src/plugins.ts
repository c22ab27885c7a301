// Apollo Server plugins of the gateway: authentication gate, upstream cost report,
// Prometheus metrics and the query limits (graphql-armor).
import type { ApolloServerPlugin } from '@apollo/server';
import type { Logger } from 'pino';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { Kind, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { GatewayContext } from './context.ts';
import { unauthenticated } from './errors.ts';
import { MAX_PAGE_SIZE } from './relay/connection.ts';

/**
 * Query limits enforced before execution (graphql-armor). One object so federation
 * `@cost`/`@listSize` hints and docs can reuse the numbers.
 */
export const QUERY_LIMITS = Object.freeze({
  /** Deepest selection nesting (introspection is exempt). */
  maxDepth: 12,
  /**
   * Aliases per operation: the page cap, so N aliased `node(id:)` lookups are allowed as far as
   * `nodes(ids:)` (also capped at 100) already goes; the cost limit still bounds what they select.
   */
  maxAliases: MAX_PAGE_SIZE,
  /** Directives per operation. */
  maxDirectives: 50,
  /** Lexical tokens per document (Sandbox's introspection query fits comfortably). */
  maxTokens: 5000,
  /** Static cost limit (graphql-armor), computed with the three numbers below. */
  maxCost: 20000,
  /** Cost of a field with a selection set (times `first`/`last` when given). */
  objectCost: 2,
  /** Cost of a leaf field. */
  scalarCost: 1,
  /** Multiplier applied to each level of nesting. */
  depthCostFactor: 1.5,
  /**
   * `first`/`last` cap of every connection (relay/connection.ts): the `@listSize(assumedSize:)`
   * of every connection field in schema/, so a router's demand control sizes pages like we do.
   */
  maxPageSize: MAX_PAGE_SIZE,
  /**
   * `@cost(weight:)` of a field that makes an upstream call of its own (evaluationReasons,
   * localEvaluation, plugin source...). graphql-armor's static model has no per-field weights,
   * so only a router's demand control applies it. test/federation/cost-hints.test.ts keeps
   * the SDL in line with these numbers.
   */
  upstreamCallCost: 10,
});

export function queryLimits() {
  return new ApolloArmor({
    maxDepth: { n: QUERY_LIMITS.maxDepth, ignoreIntrospection: true },
    maxAliases: { n: QUERY_LIMITS.maxAliases },
    maxDirectives: { n: QUERY_LIMITS.maxDirectives },
    maxTokens: { n: QUERY_LIMITS.maxTokens },
    costLimit: {
      maxCost: QUERY_LIMITS.maxCost,
      objectCost: QUERY_LIMITS.objectCost,
      scalarCost: QUERY_LIMITS.scalarCost,
      depthCostFactor: QUERY_LIMITS.depthCostFactor,
      ignoreIntrospection: true,
    },
    // Field suggestions stay on: this is a public, documented, introspectable schema.
    blockFieldSuggestion: { enabled: false },
  }).protect();
}

const INTROSPECTION_FIELDS = new Set(['__schema', '__type', '__typename', '_service']);

/** True when the operation's root selections are only introspection fields (fragments followed). */
export function isIntrospectionOnly(operation: OperationDefinitionNode, fragments: Record<string, FragmentDefinitionNode>): boolean {
  const onlyIntrospection = (set: SelectionSetNode, seen: Set<string>): boolean =>
    set.selections.every((selection) => {
      if (selection.kind === Kind.FIELD) return INTROSPECTION_FIELDS.has(selection.name.value);
      if (selection.kind === Kind.INLINE_FRAGMENT) return onlyIntrospection(selection.selectionSet, seen);
      const name = selection.name.value;
      const fragment = fragments[name];
      if (!fragment || seen.has(name)) return true;
      return onlyIntrospection(fragment.selectionSet, new Set([...seen, name]));
    });
  return onlyIntrospection(operation.selectionSet, new Set());
}

/**
 * Refuses operations without a bearer token before any resolver (hence any upstream call)
 * runs. Done here rather than in the context function because only after the operation is
 * resolved can pure introspection (Sandbox, `_service`) be told apart and let through.
 */
export const requireTokenPlugin: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ contextValue, operation, document }) {
        if (contextValue.token) return;
        const fragments: Record<string, FragmentDefinitionNode> = {};
        for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments[def.name.value] = def;
        if (!operation || !isIntrospectionOnly(operation, fragments)) throw unauthenticated();
      },
    };
  },
};

/** With header `x-upstream-report: 1`: `extensions.upstream = { calls, totals: { calls, waves, ms } }`. */
export const upstreamReportPlugin: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ contextValue, response }) {
        if (!contextValue.wantsReport || response.body.kind !== 'single') return;
        const result = response.body.singleResult;
        result.extensions = { ...result.extensions, upstream: contextValue.report.summary() };
      },
    };
  },
};

export interface GatewayMetrics {
  registry: Registry;
  plugin: ApolloServerPlugin<GatewayContext>;
  observeUpstreamCall(call: { method: string; route: string; status: number | null; ms: number }): void;
}

/** Prometheus metrics on a registry of this gateway instance (tests run several per process). */
export function createMetrics(): GatewayMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: 'graphql_requests_total', help: 'GraphQL operations by operation name and outcome.', labelNames: ['operation', 'outcome'], registers: [registry] });
  const duration = new Histogram({ name: 'graphql_request_duration_seconds', help: 'GraphQL operation latency by operation name.', labelNames: ['operation'], registers: [registry], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] });
  const upstreamCalls = new Counter({ name: 'upstream_calls_total', help: 'Upstream REST calls by method, route template and status.', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const upstreamDuration = new Histogram({ name: 'upstream_call_duration_seconds', help: 'Upstream REST call latency by method and route template.', labelNames: ['method', 'route'], registers: [registry], buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] });

  const plugin: ApolloServerPlugin<GatewayContext> = {
    async requestDidStart() {
      const started = performance.now();
      return {
        async willSendResponse({ operationName, request, response }) {
          const operation = operationLabel(operationName ?? request.operationName);
          const failed = response.body.kind === 'single' && (response.body.singleResult.errors?.length ?? 0) > 0;
          requests.inc({ operation, outcome: failed ? 'error' : 'ok' });
          duration.observe({ operation }, (performance.now() - started) / 1000);
        },
      };
    },
  };
  return {
    registry,
    plugin,
    observeUpstreamCall({ method, route, status, ms }) {
      upstreamCalls.inc({ method, route, status: status === null ? 'none' : String(status) });
      upstreamDuration.observe({ method, route }, ms / 1000);
    },
  };
}

/**
 * One log line per operation: name, outcome, error codes, upstream totals. Never the
 * variables, headers or token (the logger also redacts `authorization`/`token` paths).
 */
export function requestLogPlugin(logger: Logger): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      const started = performance.now();
      return {
        async willSendResponse({ operationName, contextValue, response }) {
          if (!logger.isLevelEnabled('info')) return;
          const errors = response.body.kind === 'single' ? (response.body.singleResult.errors ?? []) : [];
          logger.info(
            {
              operation: operationLabel(operationName),
              ms: Math.round(performance.now() - started),
              errors: errors.map((e) => e.extensions?.code ?? 'UNKNOWN'),
              upstream: contextValue.report.summary().totals,
            },
            'graphql operation',
          );
        },
      };
    },
  };
}

// Operation names come from clients: keep label values bounded and well-formed.
function operationLabel(name: string | undefined | null): string {
  if (!name) return 'anonymous';
  return /^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name) ? name : 'invalid';
}
