// Observability of the gateway: Prometheus metrics (operations and upstream calls), one log line
// per operation, and traceable errors (request id on every error, masked errors logged once).
// Label values and log fields never carry variables, headers or keys.
import type { ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import type { Logger } from 'pino';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { GatewayContext } from './context.ts';
import { isMaskedError } from './errors.ts';
import type { CallObserver } from './upstream-client/http.ts';

export interface GatewayMetrics {
  registry: Registry;
  plugin: ApolloServerPlugin<GatewayContext>;
  observeUpstreamCall: CallObserver;
}

/**
 * Distinct operation names that get their own metric series. Names come from callers, so they
 * are admitted only from callers the upstream authenticated, up to this many; every other
 * operation is counted under `other`. Series stay bounded whatever anonymous clients send.
 */
export const MAX_OPERATION_LABELS = 100;

/** Prometheus metrics on a registry of this gateway instance (tests run several per process). */
export function createMetrics(maxOperationLabels: number = MAX_OPERATION_LABELS): GatewayMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'graphql_requests_total',
    help: 'GraphQL operations by operation name (bounded, see README) and outcome.',
    labelNames: ['operation', 'outcome'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'graphql_request_duration_seconds',
    help: 'GraphQL operation latency by operation name (bounded, see README).',
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
  const labels = new OperationLabels(maxOperationLabels);

  const plugin: ApolloServerPlugin<GatewayContext> = {
    async requestDidStart() {
      const started = performance.now();
      return {
        async willSendResponse({ operationName, request, response, contextValue }) {
          const operation = labels.label(operationName ?? request.operationName, () => contextValue.client.tokenAccepted());
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

/** Operation name -> metric label: a bounded set of names from authenticated callers, else `other`. */
export class OperationLabels {
  readonly #admitted = new Set<string>();
  readonly #max: number;

  constructor(max: number) {
    this.#max = max;
  }

  /** `authenticated` is only asked when a new name would be admitted. */
  label(name: string | undefined | null, authenticated: () => boolean): string {
    const label = operationLabel(name);
    if (label === 'anonymous' || label === 'invalid' || this.#admitted.has(label)) return label;
    if (this.#admitted.size >= this.#max || !authenticated()) return 'other';
    this.#admitted.add(label);
    return label;
  }
}

/**
 * One log line per operation: name, outcome, error codes, upstream totals, and (through the
 * context's logger) the request id. Never the variables, headers or token (the logger also
 * redacts `authorization`/`token` paths).
 */
export function requestLogPlugin(logger: Logger): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      const started = performance.now();
      return {
        async willSendResponse({ operationName, contextValue, response }) {
          if (!logger.isLevelEnabled('info')) return;
          const errors = response.body.kind === 'single' ? (response.body.singleResult.errors ?? []) : [];
          contextValue.log.info(
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

/**
 * Every error the caller sees carries `extensions.requestId`; every error whose cause is hidden
 * from the caller (INTERNAL_SERVER_ERROR, upstream shape errors) is logged once, with the request
 * id, the operation name, the field path and the stack.
 */
export const errorTracePlugin: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ errors, contextValue, operationName }) {
        for (const error of errors) {
          if (!isMaskedError(error)) continue;
          contextValue.log.error({ err: unwrapResolverError(error), operation: operationLabel(operationName), path: error.path }, 'masked internal error');
        }
      },
      async willSendResponse({ contextValue, response }) {
        if (response.body.kind !== 'single' || !response.body.singleResult.errors) return;
        const { requestId } = contextValue;
        response.body.singleResult.errors = response.body.singleResult.errors.map((e) => ({ ...e, extensions: { ...e.extensions, requestId } }));
      },
    };
  },
};

// Operation names come from clients: keep label values bounded and well-formed.
function operationLabel(name: string | undefined | null): string {
  if (!name) return 'anonymous';
  return /^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name) ? name : 'invalid';
}
