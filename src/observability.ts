// Observability of the gateway: Prometheus metrics (operations and upstream calls), one log line
// per operation, and traceable errors (request id on every error, masked errors logged once).
// Label values and log fields never carry variables, headers or keys.
import type {
  ApolloServerPlugin,
  GraphQLRequestContextDidEncounterErrors,
  GraphQLRequestContextWillSendResponse,
  GraphQLRequestListener,
  GraphQLResponse,
} from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import type { Logger } from 'pino';
import { Counter, Registry, collectDefaultMetrics } from 'prom-client';
import { FastCounter, FastHistogram } from './metric-series.ts';
import type { GatewayContext } from './context.ts';
import { isMaskedError } from './errors.ts';
import type { CallObserver } from './upstream-client/client/http.ts';
import type { AcrossRequestsEvent } from './upstream-client/across-requests/across-requests.ts';

/** What the gateway's request listener (apollo-plugins/gateway-plugin.ts) hands over once an answer is ready. */
export type AnsweredRequest = GraphQLRequestContextWillSendResponse<GatewayContext>;

export interface GatewayMetrics {
  registry: Registry;
  /** Counts requests Apollo Server refused before any operation started. */
  plugin: ApolloServerPlugin<GatewayContext>;
  /** Counts an answered operation by name and outcome, and observes its duration. */
  recordOperation: (request: AnsweredRequest) => void;
  observeUpstreamCall: CallObserver;
  /** Counts a request refused before it ran (client mistake, limit, untrusted operation...). */
  observeRefusal(code: string): void;
  /** Counts an operation not in the trusted-document manifest, `logged` or `refused`. */
  observeUntrusted(action: 'logged' | 'refused'): void;
  /** Counts the upstream client's work across requests: cache hits and misses, shared reads, invalidations, held calls. */
  observeAcrossRequests(event: AcrossRequestsEvent, route: string): void;
}

/** One counter per event of the work across requests (docs/caching-and-quota.md, "Metrics"), by route template. */
const ACROSS_REQUESTS_COUNTERS: Record<AcrossRequestsEvent, [name: string, help: string]> = {
  hit: ['upstream_cache_hits_total', 'Upstream GETs answered from the read cache (the same key, fresh, not invalidated), by route template.'],
  miss: ['upstream_cache_misses_total', 'Cacheable upstream GETs that went upstream (no fresh entry for the key), by route template.'],
  shared: ['upstream_shared_reads_total', 'Upstream GETs that shared the identical in-flight read of another request with the same key, by route template.'],
  held: ['upstream_held_calls_total', 'Upstream calls not sent because the upstream throttled the key and it may not call again yet, by route template.'],
  invalidation: [
    'upstream_cache_invalidations_total',
    'Invalidations of cached reads for every key, by the route template of the write (or activity feed) that caused them.',
  ],
  'invalidation-failed': ['upstream_cache_invalidation_failures_total', 'Invalidations that could not reach Redis, by route template.'],
};

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
  // Recorded on every operation and upstream call: bound series (src/metric-series.ts).
  const requests = new FastCounter(
    'graphql_requests_total',
    'GraphQL operations by operation name (bounded, see README) and outcome.',
    ['operation', 'outcome'],
    registry,
  );
  const duration = new FastHistogram(
    'graphql_request_duration_seconds',
    'GraphQL operation latency by operation name (bounded, see README).',
    ['operation'],
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registry,
  );
  const refused = new Counter({
    name: 'graphql_refused_requests_total',
    help: 'Requests answered with errors and no data (malformed body, parse or validation failure, limits, authentication, untrusted operation), by error code.',
    labelNames: ['code'],
    registers: [registry],
  });
  const untrusted = new Counter({
    name: 'graphql_untrusted_operations_total',
    help: 'Operations not in the trusted-document manifest, by what was done (logged or refused).',
    labelNames: ['action'],
    registers: [registry],
  });
  const upstreamCalls = new FastCounter(
    'upstream_calls_total',
    'Upstream REST calls by method, route template and status.',
    ['method', 'route', 'status'],
    registry,
  );
  const upstreamReused = new FastCounter(
    'upstream_answers_reused_total',
    'Upstream GET answers that repeated the last answer from their URL byte for byte, whose parsed JSON was reused instead of parsing them again, by route template.',
    ['route'],
    registry,
  );
  const upstreamDuration = new FastHistogram(
    'upstream_call_duration_seconds',
    'Upstream REST call latency by method and route template.',
    ['method', 'route'],
    [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registry,
  );
  const acrossRequests = Object.fromEntries(
    Object.entries(ACROSS_REQUESTS_COUNTERS).map(([event, [name, help]]) => [event, new FastCounter(name, help, ['route'], registry)]),
  ) as Record<AcrossRequestsEvent, FastCounter>;
  const labels = new OperationLabels(maxOperationLabels);
  // Series bound once per label set (every set is bounded: operation names, codes, route
  // templates, statuses), so recording a request or a call builds no label object.
  const operationSeries = bound((operation) => ({
    ok: requests.series(operation, 'ok'),
    error: requests.series(operation, 'error'),
    refused: requests.series(operation, 'refused'),
    duration: duration.series(operation),
  }));
  const refusedSeries = bound((code) => refused.labels(code));
  const untrustedSeries = bound((action) => untrusted.labels(action));
  const observeRefusal = (code: string) => refusedSeries(codeLabel(code)).inc();

  const plugin: ApolloServerPlugin<GatewayContext> = {
    // Refused before the operation started (CSRF, a malformed request): no request listener hears it.
    async invalidRequestWasReceived({ error }) {
      operationSeries('anonymous').refused.inc();
      observeRefusal(errorCode(error));
    },
  };
  return {
    registry,
    plugin,
    recordOperation({ operationName, request, response, contextValue }) {
      const series = operationSeries(labels.label(operationName ?? request.operationName, () => contextValue.client.tokenAccepted()));
      const outcome = outcomeOf(response.body);
      series[outcome].inc();
      series.duration.observe((performance.now() - contextValue.startedAt) / 1000);
      if (outcome === 'refused') observeRefusal(firstCode(response.body));
    },
    observeRefusal,
    observeUntrusted: (action) => untrustedSeries(action).inc(),
    observeAcrossRequests: (event, route) => acrossRequests[event].series(route).inc(),
    observeUpstreamCall({ method, route, status, ms, reused }) {
      upstreamCalls.series(method, route, status === null ? 'none' : String(status)).inc();
      upstreamDuration.series(method, route).observe(ms / 1000);
      if (reused) upstreamReused.series(route).inc();
    },
  };
}

/** `make(key)` once per distinct key, then the same value (the key sets here are all bounded). */
function bound<T>(make: (key: string) => T): (key: string) => T {
  const made = new Map<string, T>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) made.set(key, (value = make(key)));
    return value;
  };
}

/** Names the operation's span once the operation is known and ends it with the error codes sent back. */
const spanListener: GraphQLRequestListener<GatewayContext> = {
  async didResolveOperation({ operation, operationName, contextValue }) {
    if (operation) contextValue.trace?.resolved(operation.operation, operationName ?? undefined);
  },
  async willSendResponse({ contextValue, response }) {
    const errors = response.body.kind === 'single' ? (response.body.singleResult.errors ?? []) : [];
    contextValue.trace?.end(errors.map((e) => (typeof e.extensions?.code === 'string' ? e.extensions.code : 'UNKNOWN')));
  },
};

/** Listens only to operations that have a span (src/tracing.ts: not without an SDK or a caller's trace). */
export const tracingPlugin: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart({ contextValue }) {
    return contextValue.trace ? spanListener : undefined;
  },
};

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
 * redacts `authorization`/`token` paths). Written by the gateway's request listener.
 */
export function logOperation(logger: Logger, { operationName, contextValue, response }: AnsweredRequest): void {
  if (!logger.isLevelEnabled('info')) return;
  const errors = response.body.kind === 'single' ? (response.body.singleResult.errors ?? []) : [];
  contextValue.log.info(
    {
      operation: operationLabel(operationName),
      outcome: outcomeOf(response.body),
      ms: Math.round(performance.now() - contextValue.startedAt),
      errors: errors.map((e) => e.extensions?.code ?? 'UNKNOWN'),
      upstream: contextValue.report.summary().totals,
    },
    'graphql operation',
  );
}

/** Logs a request Apollo Server refused before any operation started. */
export function requestLogPlugin(logger: Logger): ApolloServerPlugin<GatewayContext> {
  return {
    async invalidRequestWasReceived({ error }) {
      logRefusal(logger, { status: 400, code: errorCode(error) });
    },
  };
}

/**
 * Every error whose cause is hidden from the caller (INTERNAL_SERVER_ERROR, upstream shape errors)
 * is logged once, with the request id, the operation name, the field path and the stack.
 */
export function logMaskedErrors({ errors, contextValue, operationName }: GraphQLRequestContextDidEncounterErrors<GatewayContext>): void {
  for (const error of errors) {
    if (!isMaskedError(error)) continue;
    contextValue.log.error({ err: unwrapResolverError(error), operation: operationLabel(operationName), path: error.path }, 'masked internal error');
  }
}

/** Every error the caller sees carries `extensions.requestId`. */
export function stampRequestIds({ contextValue, response }: AnsweredRequest): void {
  if (response.body.kind !== 'single' || !response.body.singleResult.errors) return;
  const { requestId } = contextValue;
  response.body.singleResult.errors = response.body.singleResult.errors.map((e) => ({ ...e, extensions: { ...e.extensions, requestId } }));
}

/** The log line of a request refused before any operation ran; never the body or the headers. */
export function logRefusal(logger: Logger, refusal: { status: number; code: string }): void {
  logger.info({ operation: 'anonymous', outcome: 'refused', status: refusal.status, errors: [refusal.code] }, 'graphql request refused');
}

type ResponseBody = GraphQLResponse['body'];

/** `refused`: errors and no data (the request never ran); `error`: data with errors; else `ok`. */
function outcomeOf(body: ResponseBody): 'ok' | 'error' | 'refused' {
  if (body.kind !== 'single') return 'ok';
  const { data, errors } = body.singleResult;
  if (!errors?.length) return 'ok';
  return data === undefined ? 'refused' : 'error';
}

/** The code of an error Apollo Server refused a request with (a GraphQLError, BAD_REQUEST by contract). */
function errorCode(error: Error): string {
  const code = (error as { extensions?: { code?: unknown } }).extensions?.code;
  return typeof code === 'string' ? code : 'BAD_REQUEST';
}

function firstCode(body: ResponseBody): string {
  const code = body.kind === 'single' ? body.singleResult.errors?.[0]?.extensions?.code : undefined;
  return typeof code === 'string' ? code : 'UNKNOWN';
}

// Codes come from our own errors, but keep the label bounded and well-formed whatever happens.
function codeLabel(code: string): string {
  return /^[A-Z][A-Z0-9_]{0,47}$/.test(code) ? code : 'OTHER';
}

// Operation names come from clients: keep label values bounded and well-formed.
function operationLabel(name: string | undefined | null): string {
  if (!name) return 'anonymous';
  return /^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name) ? name : 'invalid';
}
