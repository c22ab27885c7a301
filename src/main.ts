// `npm start`: read the environment, start the embedded local upstream when UPSTREAM_URL is
// unset, start the gateway, print where to go, stop cleanly on SIGTERM/SIGINT.
import { ConfigError, loadConfig, type Config } from './config.ts';
import { startGateway } from './server.ts';
import { ManifestError, readManifest } from './trusted-documents/manifest.ts';
import { TrustedDocumentStore, type TrustedDocuments } from './trusted-documents/store.ts';
import type { LocalUpstream } from '../local-upstream/index.ts';

const config = configOrExit();
const trustedDocuments = await trustedDocumentsOrExit();

let embedded: LocalUpstream | null = null;
let demoKey: string | undefined;
if (!config.upstreamUrl) {
  // The local upstream is a second program (local-upstream/README.md): loaded only when it is used.
  const { DEMO_API_KEY, demoSeed, startLocalUpstream } = await import('../local-upstream/index.ts');
  embedded = await startLocalUpstream({
    port: config.localUpstreamPort,
    seed: demoSeed(config.localApiKey),
    ...(config.localDb ? { dbPath: config.localDb } : {}),
    quiet: config.logLevel === 'silent',
  });
  demoKey = config.localApiKey ?? DEMO_API_KEY;
}

const gateway = await listenOrExit(() =>
  startGateway({
    upstreamUrl: config.upstreamUrl ?? embedded!.url,
    port: config.port,
    host: config.host,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    upstreamConnections: config.upstreamConnections,
    logLevel: config.logLevel,
    nodeEnv: config.nodeEnv,
    compiledExecution: config.compiledExecution,
    ...(demoKey ? { demoApiKey: demoKey } : {}),
    ...(trustedDocuments ? { trustedDocuments } : {}),
  }),
);

const lines = [`GraphQL endpoint: ${gateway.url}`, `Sandbox: ${gateway.url} (open in a browser)`];
if (embedded && demoKey) {
  lines.push(
    `Upstream: embedded local upstream at ${embedded.url} with demo data${config.localDb ? ` (database ${config.localDb})` : ' (in memory)'}`,
    `Demo API key: ${demoKey}`,
    `Try: curl -s ${gateway.url} -H 'content-type: application/json' -H 'authorization: Bearer ${demoKey}' -d '{"query":"{ projects(first: 5) { totalCount nodes { id name } } }"}'`,
  );
} else {
  lines.push(`Upstream: ${config.upstreamUrl} (send your own personal API key as Authorization: Bearer <key>)`);
}
process.stdout.write(`${lines.join('\n')}\n`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  gateway.logger.info({ signal }, 'shutting down');
  await gateway.stop();
  await embedded?.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

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

/** TRUSTED_DOCUMENTS: the manifest loaded into an in-memory store; an unusable file is a configuration error. */
async function trustedDocumentsOrExit(): Promise<TrustedDocuments | undefined> {
  if (!config.trustedDocuments) return undefined;
  try {
    const store = new TrustedDocumentStore();
    await store.load(readManifest(config.trustedDocuments));
    return { store, mode: config.trustedDocumentsMode };
  } catch (error) {
    if (!(error instanceof ManifestError)) throw error;
    process.stderr.write(`Configuration error: TRUSTED_DOCUMENTS: ${error.message}\n`);
    process.exit(1);
  }
}

/** A port already taken (or not ours to take) is a configuration problem too: say which, exit 1. */
async function listenOrExit<T>(start: () => Promise<T>): Promise<T> {
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
