// startGateway(options) -> { url, stop }: Apollo Server 5 on one HTTP server, /graphql served by a
// plain request listener (src/http/graphql-edge.ts) and every other route by Express 5.
// Used by main.ts and by every end-to-end test (port 0).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { pino, type DestinationStream, type Logger } from 'pino';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginLandingPageLocalDefault, ApolloServerPluginLandingPageProductionDefault } from '@apollo/server/plugin/landingPage/default';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import type { TracerProvider } from '@opentelemetry/api';
import type { Registry } from 'prom-client';
import { createCache, type GatewayCache } from './cache.ts';
import { DEFAULT_SHUTDOWN_GRACE_MS } from './config.ts';
import { contextOfHeaders, createContext, replayingContext, type GatewayContext } from './context.ts';
import { formatError } from './errors.ts';
import { supportedOperationTypeRule } from './apollo-plugins/input-limits.ts';
import { createMetrics, requestLogPlugin, tracingPlugin, type GatewayMetrics } from './observability.ts';
import { gatewayPlugin, inlineTraceWhenAsked, upstreamReportPlugin } from './apollo-plugins/index.ts';
import { formatLimitRefusal, parseOptions, queryLimitRules } from './query-limits.ts';
import { graphqlCors } from './http/cors.ts';
import { GRAPHQL_PATH, graphqlEdge, isGraphQLTarget, type RequestListener } from './http/graphql-edge.ts';
import { EXPLORER_PATH, explorerRoutes, withOfflineExplorer } from './http/explorer.ts';
import type { TrustedDocuments } from './trusted-documents/store.ts';
import { compilationSchema, gatewaySchema } from './schema.ts';
import { Readiness } from './readiness.ts';
import { GatewayTracer } from './tracing.ts';
import { compiledExecutor } from './execution/compiled-executor.ts';
import { executorGateway } from './execution/executor-gateway.ts';
import { executionCounter } from './execution/metrics.ts';
import { UpstreamTransport } from './upstream-client/client/http.ts';
import { acrossRequestsFrom, type AcrossRequestsSettings } from './upstream-client/across-requests/settings.ts';
import type { InvalidationPeers } from './upstream-client/across-requests/across-requests.ts';
import { cacheNamespace, RedisLink } from './upstream-client/across-requests/redis-link.ts';
import { keptInRedis } from './redis-eviction-notice.ts';
import { watchEvictionPolicy } from './redis-eviction-watch.ts';
import { upstreamSettings, type UpstreamSettings } from './upstream-client/client/settings.ts';
import { startLiveUpdates, type LiveUpdates } from './subscriptions/index.ts';
import { attachHub } from './subscriptions/live-context.ts';
import type { SubscriptionOptions } from './subscriptions/options.ts';
import { isMcpTarget, mcpRoute, type McpSettings } from './mcp/index.ts';

/**
 * What `startGateway` takes: the settings of `Config` (src/config.ts) under the same names, each
 * optional (tests give only what they change), plus the objects a caller builds. The upstream
 * settings (src/upstream-client/client/settings.ts) are handed on to the transport as they are.
 */
export interface GatewayOptions extends Partial<UpstreamSettings>, Partial<AcrossRequestsSettings>, McpSettings {
  /** Base URL of the upstream REST service; only its origin is ever contacted. */
  upstreamUrl: string;
  /** Listening port; 0 picks a free one (tests). Default 4000. */
  port?: number;
  host?: string;
  /** On stop, how long in-flight operations may finish before their upstream calls are aborted (default 10 000). */
  shutdownGraceMs?: number;
  /** pino level; default `silent` so tests stay quiet (main.ts passes LOG_LEVEL). */
  logLevel?: string;
  /** `production` switches to the production landing page. */
  nodeEnv?: string;
  /** Where log lines go (default stdout); tests pass a stream to inspect them. */
  logDestination?: DestinationStream;
  /** Pre-fills Sandbox's Authorization header (embedded demo upstream only). */
  demoApiKey?: string;
  /** REDIS_URL: with it, the upstream client's cache, generations, held keys and call counts are shared by every worker and replica. */
  redisUrl?: string | null;
  /** Workers without Redis: the other workers' caches, which each invalidation reaches too (src/cluster-invalidations.ts). */
  invalidationPeers?: InvalidationPeers;
  /** CACHE_NAMESPACE: every Redis key is under it; default a digest of the upstream's origin. */
  cacheNamespace?: string | null;
  /** CACHE_KEY_SECRET: API keys' identities are HMACs with it; default this process's random secret. */
  cacheKeySecret?: string | null;
  /** REDIS_MAXMEMORY_POLICY: the policy the operator states, trusted only when Redis refuses CONFIG. */
  redisMaxmemoryPolicy?: string | null;
  /** Log at start what the Redis's maxmemory-policy puts at risk (src/redis-eviction-notice.ts); main.ts asks it but in a cluster's workers (their primary logs it). Default false. */
  redisStartNotice?: boolean;
  /**
   * Where persisted queries live (src/cache.ts); default in Redis with `redisUrl`, else a new
   * in-memory cache. Closed by `stop()`. The work across requests shares its Redis link.
   */
  cache?: GatewayCache;
  /** How long `/readyz` reuses its upstream check, in ms (default 2000). */
  readinessCacheMs?: number;
  /** Where spans go; default the global provider (a no-op unless src/tracing-sdk.ts registered one). */
  tracerProvider?: TracerProvider;
  /** What `/metrics` serves; default this process's registry (cluster workers pass the aggregate of all workers). */
  metricsText?: (local: Registry) => Promise<string>;
  /** Live updates: poll intervals, caps, heartbeats (defaults in src/subscriptions/options.ts). */
  subscriptions?: Partial<SubscriptionOptions>;
  /** Execute operations as compiled graphql-jit functions (default true); false runs graphql-js only. */
  compiledExecution?: boolean;
  /** The trusted-document manifest (loaded into its store) and what to do with other operations. */
  trustedDocuments?: TrustedDocuments;
}

export interface RunningGateway {
  /** The GraphQL endpoint, e.g. http://localhost:4000/graphql. */
  url: string;
  /** Base URL of the HTTP server (for /healthz and /metrics). */
  baseUrl: string;
  logger: Logger;
  /** This gateway's Prometheus registry (cluster workers hand it to the primary). */
  metricsRegistry: Registry;
  /** `/readyz` answers 503 from now on (SIGTERM), while operations are still served. */
  startDraining(): void;
  /** Live updates of this gateway (its hub's stats show open subscriptions, pollers and timers). */
  live: LiveUpdates;
  /**
   * Ends live subscriptions, stops accepting requests and lets in-flight ones finish for `shutdownGraceMs`;
   * then aborts their upstream calls (they answer UPSTREAM_UNAVAILABLE), closes what is left, the pool and the cache.
   */
  stop(): Promise<void>;
}

/**
 * The example operation Sandbox (and the offline GraphiQL) opens with. It pages with `edges` and
 * `pageInfo`, the shape client pagination helpers merge (README, "Paging with Apollo Client").
 */
export const EXAMPLE_OPERATION = `# Send your personal API key in the Authorization header (see Headers below).
# Add the header x-upstream-report: 1 to see the upstream calls in extensions.upstream.
# Next page: pass pageInfo.endCursor as $after.
query ProjectsAndFlags($after: String) {
  projects(first: 5, after: $after) {
    totalCount
    edges {
      cursor
      node {
        id
        name
        timezone
        featureFlags(first: 10) {
          totalCount
          edges {
            cursor
            node {
              key
              active
            }
          }
          pageInfo {
            hasNextPage
            endCursor
          }
        }
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
`;

/** Starts the gateway on `options.port` (0 picks a free one) against `options.upstreamUrl`. */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const logger = gatewayLogger(options);
  const metrics = createMetrics();
  // One Redis link per gateway: the given cache's, else one for REDIS_URL.
  const redis =
    options.cache?.redis ??
    (options.redisUrl
      ? new RedisLink(options.redisUrl, cacheNamespace(options.cacheNamespace, options.upstreamUrl), { declaredMaxmemoryPolicy: options.redisMaxmemoryPolicy })
      : null);
  const cache = options.cache ?? createCache(redis);
  const acrossRequests = acrossRequestsFrom({ ...options, ...upstreamSettings(options), redis }, (event, route) => metrics.observeAcrossRequests(event, route));
  const transport = new UpstreamTransport({
    upstreamUrl: options.upstreamUrl,
    ...upstreamSettings(options),
    onCall: metrics.observeUpstreamCall,
    acrossRequests,
  });
  const graceMs = options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
  const readiness = new Readiness({
    upstreamUrl: options.upstreamUrl,
    ...(options.readinessCacheMs !== undefined ? { cacheMs: options.readinessCacheMs } : {}),
  });
  const tracer = new GatewayTracer(options.upstreamUrl, options.tracerProvider);
  let stopping: Promise<void> | undefined;

  const app = express();
  // A minimal server pays neither: an ETag is a SHA-1 of every answer (answers are per caller and
  // never revalidated), and X-Powered-By only advertises the framework.
  app.set('etag', false);
  app.disable('x-powered-by');
  // The request listener is attached once Apollo Server has started (it needs the server, whose
  // drain plugin needs this HTTP server).
  const httpServer = http.createServer();
  const server = apolloServer(options, httpServer, logger, metrics, cache, graceMs);
  // Built before anything starts: operations that cannot be tools stop the start (McpCatalogError).
  const mcp = mcpRoute(options, {
    server,
    context: (headers, res) => attachHub(contextOfHeaders(headers, res, transport, logger, tracer), live.hub),
    logger,
    registry: metrics.registry,
    tracer,
    redis,
  });
  await server.start();
  const stopWatchingEviction = redis ? watchEvictionPolicy(redis, keptInRedis(options), logger, metrics.registry, options.redisStartNotice ?? false) : () => {};
  const live = startLiveUpdates({ httpServer, path: GRAPHQL_PATH, transport, logger, metrics, options: options.subscriptions });
  app.use('/graphql/stream', graphqlCors(), live.sseHandler);
  const context = (req: http.IncomingMessage, res: http.ServerResponse) => attachHub(createContext(req, res, transport, logger, tracer), live.hub);
  const graphql = graphqlEdge({ server, context, metrics, logger, trustedDocuments: options.trustedDocuments });
  mountRoutes(app, graphql, { metrics, readiness, metricsText: options.metricsText });
  httpServer.on('request', listener(graphql, mcp, app));

  await listen(httpServer, options.port ?? 4000, options.host ?? '0.0.0.0');
  const { port } = httpServer.address() as AddressInfo;
  const baseUrl = `http://localhost:${port}`;
  logger.info({ url: `${baseUrl}/graphql`, upstream: transport.origin, cache: cache.backend }, 'gateway listening');

  return {
    url: `${baseUrl}/graphql`,
    baseUrl,
    logger,
    metricsRegistry: metrics.registry,
    startDraining: () => readiness.startDraining(),
    live,
    // Idempotent: main.ts, a test's finally and a signal may all ask; the first stop is the one awaited.
    stop: () => (stopping ??= stopAll()),
  };

  async function stopAll(): Promise<void> {
    readiness.startDraining();
    stopWatchingEviction();
    await live.close();
    const abortLate = setTimeout(() => transport.abortInFlight(), graceMs);
    try {
      await server.stop();
    } finally {
      clearTimeout(abortLate);
      await transport.close();
      await cache.close();
    }
  }
}

// After the grace period, aborted upstream calls still need a moment to turn into answers.
const ANSWER_AFTER_ABORT_MS = 1_000;

function gatewayLogger(options: GatewayOptions): Logger {
  return pino(
    {
      level: options.logLevel ?? 'silent',
      redact: { paths: ['authorization', 'token', '*.authorization', '*.token', 'req.headers.authorization', 'headers.authorization'], censor: '[redacted]' },
    },
    options.logDestination ?? pino.destination(1),
  );
}

function apolloServer(
  options: GatewayOptions,
  httpServer: http.Server,
  logger: Logger,
  metrics: GatewayMetrics,
  cache: GatewayCache,
  graceMs: number,
): ApolloServer<GatewayContext> {
  const production = options.nodeEnv === 'production';
  return new ApolloServer<GatewayContext>({
    ...schemaAndExecutor(options, metrics),
    logger,
    introspection: true,
    csrfPrevention: true,
    includeStacktraceInErrorResponses: false,
    allowBatchedHttpRequests: false,
    // main.ts owns SIGTERM/SIGINT (it also stops the embedded upstream); Apollo's own handler would race it.
    stopOnTerminationSignals: false,
    // Automatic persisted queries live in the shared cache (Redis with REDIS_URL), so a hash
    // registered through one replica is known to all; a day bounds what Redis keeps.
    persistedQueries: { cache: cache.namespace('apq:'), ttl: 86_400 },
    validationRules: [...queryLimitRules(), supportedOperationTypeRule],
    parseOptions,
    // Masked errors are logged by the gateway's request listener, which knows the request id and operation.
    formatError: (formatted, error) => formatLimitRefusal(formatError(formatted, error, { production })),
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer, stopGracePeriodMillis: graceMs + ANSWER_AFTER_ABORT_MS }),
      // No @cacheControl hints and no HTTP caching of answers that depend on the caller's key: the
      // default cache-control plugin would only add a willResolveField hook to every field
      // (~10% of CPU on a 50-flag list). Federated tracing is set up only for the requests of a
      // router that asks for it (apollo-plugins/inline-trace.ts), not on every request.
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
      inlineTraceWhenAsked(),
      landingPage(options),
      // The gateway's own work at each stage (apollo-plugins/gateway-plugin.ts), then what listens only on request.
      gatewayPlugin({ cacheTtlMs: options.upstreamCacheTtlMs ?? 0, recordOperation: metrics.recordOperation, logger }),
      upstreamReportPlugin,
      tracingPlugin,
      metrics.plugin,
      requestLogPlugin(logger),
    ],
  });
}

/** The schema alone (Apollo runs graphql-js), or a gateway serving it with the compiled executor. */
function schemaAndExecutor(options: GatewayOptions, metrics: GatewayMetrics) {
  const schema = gatewaySchema();
  if (options.compiledExecution === false) return { schema };
  const executor = compiledExecutor({
    schema,
    compileSchema: compilationSchema(),
    count: executionCounter(metrics.registry),
    recomputationContext: (context) => replayingContext(context as GatewayContext),
  });
  return { gateway: executorGateway(schema, executor) };
}

interface Routes {
  metrics: GatewayMetrics;
  readiness: Readiness;
  metricsText: GatewayOptions['metricsText'];
}

/**
 * `/graphql` (CORS, compression, JSON body, trusted documents, one context and span per request) and
 * `/mcp` (src/mcp/) go to their own listeners without entering Express; everything else, Express.
 */
function listener(graphql: RequestListener, mcp: RequestListener, app: express.Express): RequestListener {
  return (req, res) => {
    if (isGraphQLTarget(req.url)) graphql(req, res);
    else if (isMcpTarget(req.url)) mcp(req, res);
    else app(req, res);
  };
}

/**
 * `/healthz` (liveness), `/readyz` (readiness: the upstream answers, not draining), `/metrics`, the
 * explorer's files, and the other spellings of `/graphql` Express's routing accepts (`/graphql/`...),
 * handed to the same listener.
 */
function mountRoutes(app: express.Express, graphql: RequestListener, routes: Routes): void {
  const { metrics, readiness, metricsText } = routes;
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const report = await readiness.check();
    res.status(report.ready ? 200 : 503).json({ status: report.ready ? 'ready' : 'unready', reason: report.reason });
  });
  app.get('/metrics', async (_req, res) => {
    const text = metricsText ? await metricsText(metrics.registry) : await metrics.registry.metrics();
    res.type(metrics.registry.contentType).send(text);
  });
  app.use(EXPLORER_PATH, explorerRoutes());
  app.use(GRAPHQL_PATH, (req, res) => graphql(req, res));
}

function listen(httpServer: http.Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(port, host, resolve);
  });
}

function landingPage(options: GatewayOptions) {
  if (options.nodeEnv === 'production') return ApolloServerPluginLandingPageProductionDefault({ footer: false });
  return withOfflineExplorer(
    ApolloServerPluginLandingPageLocalDefault({
      embed: { endpointIsEditable: false },
      includeCookies: false,
      document: EXAMPLE_OPERATION,
      // Sandbox sends this header with every operation; replace the placeholder with your key.
      headers: { Authorization: `Bearer ${options.demoApiKey ?? '<your personal API key (phx_...)>'}` },
    }),
  );
}
