// startGateway(options) -> { url, stop }: Express 5 + Apollo Server 5 on one HTTP server.
// Used by main.ts and by every end-to-end test (port 0).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { pino, type DestinationStream, type Logger } from 'pino';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginLandingPageLocalDefault, ApolloServerPluginLandingPageProductionDefault } from '@apollo/server/plugin/landingPage/default';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { createContext, type GatewayContext } from './context.ts';
import { formatError } from './errors.ts';
import { createMetrics, requestLogPlugin, type GatewayMetrics } from './observability.ts';
import { costLimitPlugin, requireTokenPlugin, upstreamReportPlugin } from './apollo-plugins/index.ts';
import { formatTokenLimit, oneLimitErrorPlugin, parseOptions, queryLimitRules } from './query-limits.ts';
import { graphqlCors } from './http/cors.ts';
import { responseCompression } from './http/compression.ts';
import { jsonBody } from './http/json-body.ts';
import { trustedDocumentsGate } from './http/trusted-documents.ts';
import { unexpectedErrors } from './http/unexpected-errors.ts';
import { EXPLORER_PATH, explorerRoutes, withOfflineExplorer } from './http/explorer.ts';
import type { TrustedDocuments } from './trusted-documents/store.ts';
import { compilationSchema, gatewaySchema } from './schema.ts';
import { compiledExecutor } from './execution/compiled-executor.ts';
import { executorGateway } from './execution/executor-gateway.ts';
import { executionCounter } from './execution/metrics.ts';
import { UpstreamTransport } from './upstream-client/http.ts';
import { startLiveUpdates, type LiveUpdates } from './subscriptions/index.ts';
import { attachHub } from './subscriptions/live-context.ts';
import type { SubscriptionOptions } from './subscriptions/options.ts';

export interface GatewayOptions {
  /** Base URL of the upstream REST service; only its origin is ever contacted. */
  upstreamUrl: string;
  /** Listening port; 0 picks a free one (tests). Default 4000. */
  port?: number;
  host?: string;
  /** Headers/body timeout of each upstream call in ms (default 10 000). */
  upstreamTimeoutMs?: number;
  /** Keep-alive connections to the upstream (default 16). */
  upstreamConnections?: number;
  /** pino level; default `silent` so tests stay quiet (main.ts passes LOG_LEVEL). */
  logLevel?: string;
  /** `production` switches to the production landing page. */
  nodeEnv?: string;
  /** Where log lines go (default stdout); tests pass a stream to inspect them. */
  logDestination?: DestinationStream;
  /** Pre-fills Sandbox's Authorization header (embedded demo upstream only). */
  demoApiKey?: string;
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
  /** Live updates of this gateway (its hub's stats show open subscriptions, pollers and timers). */
  live: LiveUpdates;
  /** Drains in-flight requests, then closes the server and the upstream pool. */
  stop(): Promise<void>;
}

/** The example operation Sandbox opens with. */
export const EXAMPLE_OPERATION = `# Send your personal API key in the Authorization header (see Headers below).
# Add the header x-upstream-report: 1 to see the upstream calls in extensions.upstream.
query ProjectsAndFlags {
  projects(first: 5) {
    totalCount
    nodes {
      id
      name
      timezone
      featureFlags(first: 10) {
        totalCount
        nodes {
          key
          active
        }
      }
    }
  }
}
`;

/** Starts the gateway on `options.port` (0 picks a free one) against `options.upstreamUrl`. */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const logger = gatewayLogger(options);
  const metrics = createMetrics();
  const transport = new UpstreamTransport({
    upstreamUrl: options.upstreamUrl,
    ...(options.upstreamTimeoutMs !== undefined ? { timeoutMs: options.upstreamTimeoutMs } : {}),
    ...(options.upstreamConnections !== undefined ? { connections: options.upstreamConnections } : {}),
    onCall: metrics.observeUpstreamCall,
  });

  const app = express();
  // A minimal server pays neither: an ETag is a SHA-1 of every answer (answers are per caller and
  // never revalidated), and X-Powered-By only advertises the framework.
  app.set('etag', false);
  app.disable('x-powered-by');
  const httpServer = http.createServer(app);
  const server = apolloServer(options, httpServer, logger, metrics);
  await server.start();
  const live = startLiveUpdates({ httpServer, path: '/graphql', transport, logger, options: options.subscriptions });
  app.use('/graphql/stream', graphqlCors(), live.sseHandler);
  const context = (req: express.Request) => attachHub(createContext(req.headers, transport), live.hub);
  mountRoutes(app, server, { metrics, logger, context, trustedDocuments: options.trustedDocuments });

  await listen(httpServer, options.port ?? 4000, options.host ?? '0.0.0.0');
  const { port } = httpServer.address() as AddressInfo;
  const baseUrl = `http://localhost:${port}`;
  logger.info({ url: `${baseUrl}/graphql`, upstream: transport.origin }, 'gateway listening');

  return {
    url: `${baseUrl}/graphql`,
    baseUrl,
    logger,
    live,
    async stop() {
      await live.close();
      await server.stop();
      await transport.close();
    },
  };
}

function gatewayLogger(options: GatewayOptions): Logger {
  return pino(
    {
      level: options.logLevel ?? 'silent',
      redact: { paths: ['authorization', 'token', '*.authorization', '*.token', 'req.headers.authorization', 'headers.authorization'], censor: '[redacted]' },
    },
    options.logDestination ?? pino.destination(1),
  );
}

function apolloServer(options: GatewayOptions, httpServer: http.Server, logger: Logger, metrics: GatewayMetrics): ApolloServer<GatewayContext> {
  return new ApolloServer<GatewayContext>({
    ...schemaAndExecutor(options, metrics),
    logger,
    introspection: true,
    csrfPrevention: true,
    includeStacktraceInErrorResponses: false,
    allowBatchedHttpRequests: false,
    // main.ts owns SIGTERM/SIGINT (it also stops the embedded upstream); Apollo's own handler would race it.
    stopOnTerminationSignals: false,
    validationRules: queryLimitRules(),
    parseOptions,
    formatError: (formatted, error) => formatTokenLimit(formatError(formatted, error, (original) => logger.error({ err: original }, 'masked internal error'))),
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      // No @cacheControl hints and no HTTP caching of answers that depend on the caller's key: the
      // default cache-control plugin would only add a willResolveField hook to every field
      // (~10% of CPU on a 50-flag list). Inline tracing stays: it costs nothing unless a router sends
      // `apollo-federation-include-trace: ftv1`.
      ApolloServerPluginCacheControlDisabled(),
      landingPage(options),
      requireTokenPlugin,
      // After the token check: without a token the answer is UNAUTHENTICATED, whatever the cost.
      costLimitPlugin(),
      upstreamReportPlugin,
      metrics.plugin,
      requestLogPlugin(logger),
      oneLimitErrorPlugin,
    ],
  });
}

/** The schema alone (Apollo runs graphql-js), or a gateway serving it with the compiled executor. */
function schemaAndExecutor(options: GatewayOptions, metrics: GatewayMetrics) {
  const schema = gatewaySchema();
  if (options.compiledExecution === false) return { schema };
  const executor = compiledExecutor({ schema, compileSchema: compilationSchema(), count: executionCounter(metrics.registry) });
  return { gateway: executorGateway(schema, executor) };
}

interface Edge {
  metrics: GatewayMetrics;
  logger: Logger;
  context: (req: express.Request) => GatewayContext;
  trustedDocuments: TrustedDocuments | undefined;
}

/** `/healthz`, `/metrics` and `/graphql` (CORS, compression, JSON body, trusted documents, one context per request). */
function mountRoutes(app: express.Express, server: ApolloServer<GatewayContext>, { metrics, logger, context, trustedDocuments }: Edge): void {
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/metrics', async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  const observers = { metrics, logger };
  app.use(EXPLORER_PATH, explorerRoutes());
  app.use(
    '/graphql',
    graphqlCors(),
    responseCompression(),
    ...jsonBody(observers),
    ...(trustedDocuments ? [trustedDocumentsGate(trustedDocuments, observers)] : []),
    expressMiddleware(server, { context: async ({ req }) => context(req) }),
    unexpectedErrors(logger),
  );
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
