// `npm start`: read the environment, start the embedded local upstream when UPSTREAM_URL is
// unset, start the gateway (or, with WORKERS=N, a cluster of N gateway workers), print where
// to go, and on SIGTERM/SIGINT turn unready, wait SHUTDOWN_DELAY_MS, drain and stop.
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createCache, type GatewayCache } from './cache.ts';
import { clusterMetricsText, shareWorkerMetrics, startPrimary } from './cluster.ts';
import { workerInvalidationPeers } from './cluster-invalidations.ts';
import { primarySpentTokens } from './cluster-spent-tokens.ts';
import { startGateway, type RunningGateway } from './server.ts';
import { releaseStartupMemory } from './memory.ts';
import { startTracingSdk } from './tracing-sdk.ts';
import { upstreamSettings } from './upstream-client/client/settings.ts';
import { acrossRequestsSettings } from './upstream-client/across-requests/settings.ts';
import { cacheNamespace, RedisLink } from './upstream-client/across-requests/redis-link.ts';
import { ManifestError, readManifest, type PersistedQueryManifest } from './trusted-documents/manifest.ts';
import { TrustedDocumentStore, type TrustedDocuments } from './trusted-documents/store.ts';
import type { LocalUpstream } from '../local-upstream/index.ts';
import { buildCatalog, McpCatalogError, manifestSources, shippedOperations, type McpTool, type OperationSource } from './mcp/catalog.ts';
import { gatewaySchema } from './schema.ts';
import { keptInRedis, redisEvictionNotice } from './redis-eviction-notice.ts';

// Before the top-level await below runs the gateway, which logs it.
const UNSHARED_KEYS_WARNING =
  'REDIS_URL is set without CACHE_KEY_SECRET: API keys are identified with this process’s own random secret, so other ' +
  'replicas share no cached read, hold or call count with it (persisted queries still are). Give every replica the same ' +
  'CACHE_KEY_SECRET to share them (docs/production.md, "Replicas and Redis").';

// Replicas that take MCP writes need one record of the tokens used (docs/mcp.md, "Writes").
const UNSHARED_SPENT_TOKENS_WARNING =
  'MCP_CONFIRMATION_SECRET is set without REDIS_URL: this gateway (with its workers) alone records which confirmation ' +
  'tokens of MCP writes were used, so a token replayed within its five minutes to another replica, or to this one after ' +
  'a restart, runs its write again. Set REDIS_URL on replicas that take MCP writes (docs/mcp.md, "Writes").';

const config = configOrExit();
// Read (and checked) before any worker starts: a bad manifest is one configuration error, not a crash loop.
const manifest = manifestOrExit();
// The MCP tools are the manifest's operations, else the shipped ones; built (so checked) here for the same
// reason, once: this process's gateway serves these (a cluster's primary only checks them).
const mcpTools = mcpToolsOrExit(manifest ? manifestSources(manifest, config.trustedDocuments) : shippedOperations());

if (config.workers > 1 && cluster.isPrimary) await runPrimary();
else await runGateway();

/** One gateway in this process: the whole program, or one worker of a cluster. */
async function runGateway(): Promise<void> {
  const stopTracing = await startTracingSdk();
  const embedded = cluster.isWorker ? null : await startEmbeddedUpstream();
  const upstreamUrl = config.upstreamUrl ?? embedded!.upstream.url;
  // One Redis link for the process: the shared cache and the upstream client's work across requests.
  const cache = createCache(config.redisUrl ? new RedisLink(config.redisUrl, cacheNamespace(config.cacheNamespace, upstreamUrl), redisLinkOptions()) : null);
  const trustedDocuments = manifest ? await loadTrustedDocuments(manifest, cache) : undefined;
  const gateway = await listenOrExit(
    () =>
      startGateway({
        upstreamUrl,
        ...upstreamSettings(config),
        ...acrossRequestsSettings(config),
        redisUrl: config.redisUrl,
        cacheKeySecret: config.cacheKeySecret,
        port: config.port,
        host: config.host,
        shutdownGraceMs: config.shutdownGraceMs,
        logLevel: config.logLevel,
        nodeEnv: config.nodeEnv,
        cache,
        compiledExecution: config.compiledExecution,
        readinessCacheMs: config.readinessCacheMs,
        mcpTools,
        mcpMutations: config.mcpMutations,
        mcpAllowedHosts: config.mcpAllowedHosts,
        ...(config.mcpConfirmationSecret ? { mcpConfirmationSecret: config.mcpConfirmationSecret } : {}),
        ...(embedded ? { demoApiKey: embedded.demoKey } : {}),
        ...(trustedDocuments ? { trustedDocuments } : {}),
        ...(cluster.isWorker ? { metricsText: clusterMetricsText } : {}),
        // A cluster's primary logs it once for its workers.
        redisStartNotice: !cluster.isWorker,
        // Without Redis each worker caches alone: its writes must reach the others' caches too.
        ...(cluster.isWorker && !config.redisUrl ? { invalidationPeers: workerInvalidationPeers() } : {}),
        // Likewise a write confirmed through one worker must not run again through another.
        ...(cluster.isWorker && !config.redisUrl ? { mcpSpentTokens: primarySpentTokens() } : {}),
      }),
    embedded?.upstream,
  );
  releaseStartupMemory();
  if (cluster.isWorker) shareWorkerMetrics(gateway.metricsRegistry);
  else printBanner(gateway.url, embedded);
  if (config.redisUrl && !config.cacheKeySecret && !cluster.isWorker) gateway.logger.warn(UNSHARED_KEYS_WARNING);
  if (spentTokensUnshared() && !cluster.isWorker) gateway.logger.warn(UNSHARED_SPENT_TOKENS_WARNING);

  onTermination(async (signal) => {
    gateway.logger.info({ signal, delayMs: config.shutdownDelayMs, graceMs: config.shutdownGraceMs }, 'shutting down: unready, then draining');
    // Beyond the delay, the grace period and the moment aborted calls need to answer, nothing may hold the exit.
    setTimeout(
      () => {
        gateway.logger.error('shutdown did not finish in time; exiting');
        process.exit(1);
      },
      config.shutdownDelayMs + config.shutdownGraceMs + EXIT_DEADLINE_MARGIN_MS,
    ).unref();
    await drain(gateway);
    await stopTracing?.();
    await embedded?.upstream.stop();
  });
}

/** WORKERS=N: the embedded upstream (if any) lives here, the gateways in the workers. */
async function runPrimary(): Promise<void> {
  const embedded = await startEmbeddedUpstream();
  const log = (message: string, fields: Record<string, unknown> = {}) => {
    if (config.logLevel !== 'silent') process.stderr.write(`${JSON.stringify({ msg: message, ...fields })}\n`);
  };
  const primary = startPrimary({
    workers: config.workers,
    // Every worker checks the confirmation tokens of MCP writes the others issued, and (with Redis)
    // identifies API keys as the others do.
    workerEnv: {
      ...(embedded ? { UPSTREAM_URL: embedded.upstream.url } : {}),
      MCP_CONFIRMATION_SECRET: config.mcpConfirmationSecret ?? randomBytes(32).toString('base64url'),
      ...sharedKeySecret(),
    },
    onListening: (port) => printBanner(`http://localhost:${port}/graphql`, embedded, config.workers),
    log,
  });
  if (config.redisUrl && !config.cacheKeySecret) log(UNSHARED_KEYS_WARNING);
  if (spentTokensUnshared()) log(UNSHARED_SPENT_TOKENS_WARNING);
  if (config.redisUrl) void logPrimaryEvictionNotice(config.redisUrl, log);
  onTermination(async (signal) => {
    log('shutting down workers', { signal });
    await primary.stop();
    await embedded?.upstream.stop();
  });
}

const EXIT_DEADLINE_MARGIN_MS = 5_000;

/**
 * Without CACHE_KEY_SECRET, the workers of this primary still share one (its own random secret): with
 * Redis they share entries, without it they tell each other which key the upstream refused
 * (src/cluster-invalidations.ts), both by the key's identity.
 */
function sharedKeySecret(): Record<string, string> {
  return config.cacheKeySecret ? {} : { CACHE_KEY_SECRET: randomBytes(32).toString('base64url') };
}

/** A shared confirmation secret says replicas (or restarts) share tokens; without Redis they share no record of their use. */
function spentTokensUnshared(): boolean {
  return config.mcpMutations === 'explicit' && config.mcpConfirmationSecret !== undefined && !config.redisUrl;
}

function redisLinkOptions() {
  return { declaredMaxmemoryPolicy: config.redisMaxmemoryPolicy };
}

/** The workers' Redis, asked once by the primary (with a link of its own) so the notice is logged once. */
async function logPrimaryEvictionNotice(redisUrl: string, log: (message: string, fields?: Record<string, unknown>) => void): Promise<void> {
  const redis = new RedisLink(redisUrl, 'start-notice', redisLinkOptions());
  const notice = await redisEvictionNotice(redis, keptInRedis(config));
  await redis.close();
  if (notice) log(notice.message, { level: notice.level });
}

/** Turn unready at once, keep serving for SHUTDOWN_DELAY_MS (load balancers notice), then drain. */
async function drain(gateway: RunningGateway): Promise<void> {
  gateway.startDraining();
  if (config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
  await gateway.stop();
}

function onTermination(stop: (signal: string) => Promise<void>): void {
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) return;
    stopping = true;
    void stop(signal).then(() => process.exit(0));
  };
  process.on('SIGTERM', () => handler('SIGTERM'));
  process.on('SIGINT', () => handler('SIGINT'));
}

async function startEmbeddedUpstream(): Promise<{ upstream: LocalUpstream; demoKey: string } | null> {
  if (config.upstreamUrl) return null;
  // The local upstream is a second program (local-upstream/README.md): loaded only when it is used.
  const { DEMO_API_KEY, demoSeed, startLocalUpstream } = await import('../local-upstream/index.ts');
  const upstream = await startLocalUpstream({
    port: config.localUpstreamPort,
    seed: demoSeed(config.localApiKey),
    ...(config.localDb ? { dbPath: config.localDb } : {}),
    quiet: config.logLevel === 'silent',
    rateLimit: config.localRateLimit,
    latencyMs: config.localLatencyMs,
    deletionDelayMs: config.localDeletionDelayMs,
  });
  return { upstream, demoKey: config.localApiKey ?? DEMO_API_KEY };
}

function printBanner(url: string, embedded: { upstream: LocalUpstream; demoKey: string } | null, workers = 1): void {
  const lines = [`GraphQL endpoint: ${url}`, `Sandbox: ${url} (open in a browser)`];
  if (workers > 1) lines.push(`Workers: ${workers}`);
  if (embedded) {
    lines.push(
      `Upstream: embedded local upstream at ${embedded.upstream.url} with demo data${config.localDb ? ` (database ${config.localDb})` : ' (in memory)'}`,
      `  throttles: ${config.localRateLimit} (LOCAL_RATE_LIMIT), added latency: ${config.localLatencyMs} ms (LOCAL_LATENCY_MS), deleted projects removed after ${config.localDeletionDelayMs} ms (LOCAL_DELETION_DELAY_MS)`,
      `Demo API key: ${embedded.demoKey}`,
      `Try: curl -s ${url} -H 'content-type: application/json' -H 'authorization: Bearer ${embedded.demoKey}' -d '{"query":"{ projects(first: 5) { totalCount nodes { id name } } }"}'`,
    );
  } else {
    lines.push(`Upstream: ${config.upstreamUrl} (send your own personal API key as Authorization: Bearer <key>)`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** Bad environment: one clear line on stderr and exit status 1, before anything starts. */
function configOrExit(): Readonly<Config> {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(1);
  }
}

/** TRUSTED_DOCUMENTS: the manifest, read once; an unusable file is a configuration error. */
function manifestOrExit(): PersistedQueryManifest | undefined {
  if (!config.trustedDocuments) return undefined;
  try {
    return readManifest(config.trustedDocuments);
  } catch (error) {
    if (!(error instanceof ManifestError)) throw error;
    process.stderr.write(`Configuration error: TRUSTED_DOCUMENTS: ${error.message}\n`);
    process.exit(1);
  }
}

function mcpToolsOrExit(operations: readonly OperationSource[]): ReadonlyMap<string, McpTool> {
  try {
    return buildCatalog(gatewaySchema(), operations, config.mcpMutations);
  } catch (error) {
    if (!(error instanceof McpCatalogError)) throw error;
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(1);
  }
}

/** The manifest in a store kept in this process and, with REDIS_URL, shared with every replica. */
async function loadTrustedDocuments(manifest: PersistedQueryManifest, cache: GatewayCache): Promise<TrustedDocuments> {
  const store = new TrustedDocumentStore(cache.pinned('trusted:'));
  await store.load(manifest);
  return { store, mode: config.trustedDocumentsMode };
}

/** A port already taken (or not ours to take) is a configuration problem too: say which, exit 1. */
async function listenOrExit<T>(start: () => Promise<T>, embedded: LocalUpstream | undefined): Promise<T> {
  try {
    return await start();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error;
    process.stderr.write(`Configuration error: cannot listen on ${config.host}:${config.port} (${code}); set PORT to a free port\n`);
    await embedded?.stop();
    process.exit(1);
  }
}
