// Observability of the gateway: Prometheus metrics (operations and upstream calls) and one
// log line per operation. Label values and log fields never carry variables, headers or keys.
import type { ApolloServerPlugin } from '@apollo/server';
import type { Logger } from 'pino';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { GatewayContext } from './context.ts';
import type { CallObserver } from './upstream-client/http.ts';

export interface GatewayMetrics {
  registry: Registry;
  plugin: ApolloServerPlugin<GatewayContext>;
  observeUpstreamCall: CallObserver;
}

/** Prometheus metrics on a registry of this gateway instance (tests run several per process). */
export function createMetrics(): GatewayMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'graphql_requests_total',
    help: 'GraphQL operations by operation name and outcome.',
    labelNames: ['operation', 'outcome'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'graphql_request_duration_seconds',
    help: 'GraphQL operation latency by operation name.',
    labelNames: ['operation'],
    registers: [registry],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  const upstreamCalls = new Counter({
    name: 'upstream_calls_total',
    help: 'Upstream REST calls by method, route template and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const upstreamDuration = new Histogram({
    name: 'upstream_call_duration_seconds',
    help: 'Upstream REST call latency by method and route template.',
    labelNames: ['method', 'route'],
    registers: [registry],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });

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

/** Names the operation's span once the operation is known and ends it with the error codes sent back. */
export const tracingPlugin: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, operationName, contextValue }) {
        if (operation) contextValue.trace.resolved(operation.operation, operationName ?? undefined);
      },
      async willSendResponse({ contextValue, response }) {
        const errors = response.body.kind === 'single' ? (response.body.singleResult.errors ?? []) : [];
        contextValue.trace.end(errors.map((e) => (typeof e.extensions?.code === 'string' ? e.extensions.code : 'UNKNOWN')));
      },
    };
  },
};

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
