// `npm run demo:cluster`: the deployment of deploy/compose.yaml as plain processes on this
// machine: Redis, the local upstream, two gateway replicas sharing that Redis, the reviews
// subgraph, and Hive Gateway routing the composed supergraph over them. Prints the router's
// URL and stops everything on Ctrl-C / SIGTERM.
//   ROUTER_PORT (default 4000), LOCAL_API_KEY (the demo user's key), LOG_LEVEL (gateways').
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { composeSupergraph } from './compose-supergraph.ts';
import { freePort, startProgram, startRedis, type ChildProgram } from './processes.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const node = process.execPath;
const children: ChildProgram[] = [];
const workDir = mkdtempSync(join(tmpdir(), 'demo-cluster-'));

/** localhost may resolve to ::1 first; every program here listens on 127.0.0.1. */
const loopback = (url: string) => url.replace('//localhost:', '//127.0.0.1:');

async function start(): Promise<void> {
  const redisPort = await freePort();
  children.push(await startRedis(redisPort));
  const redisUrl = `redis://127.0.0.1:${redisPort}`;

  const upstream = await startProgram(
    'local upstream',
    node,
    ['local-upstream/main.ts', '--port', String(await freePort()), '--rate-limit', 'off'],
    /Local upstream listening on (\S+)/,
    { cwd: ROOT },
  );
  children.push(upstream);
  const upstreamUrl = upstream.ready[1]!;

  const replicaEnv = {
    UPSTREAM_URL: upstreamUrl,
    REDIS_URL: redisUrl,
    // One secret for both replicas: they share each key's cache, holds and counts (docs/production.md).
    CACHE_KEY_SECRET: randomBytes(32).toString('base64url'),
    PORT: '0',
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  const replicas = await Promise.all(
    ['replica 1', 'replica 2'].map((name) => startProgram(name, node, ['src/main.ts'], /GraphQL endpoint: (\S+)/, { cwd: ROOT, env: replicaEnv })),
  );
  children.push(...replicas);
  const replicaUrls = replicas.map((replica) => loopback(replica.ready[1]!));

  const reviews = await startProgram('reviews subgraph', node, ['deploy/reviews-subgraph.ts', '--port', '0'], /Reviews subgraph listening on (\S+)/, {
    cwd: ROOT,
  });
  children.push(reviews);

  const supergraphFile = join(workDir, 'supergraph.graphql');
  writeFileSync(supergraphFile, composeSupergraph(replicaUrls[0]!, loopback(reviews.ready[1]!)));

  const routerPort = process.env.ROUTER_PORT || '4000';
  const router = await startProgram(
    'router',
    join(ROOT, 'node_modules/.bin/hive-gateway'),
    ['supergraph', supergraphFile, '-c', 'deploy/router/gateway.config.ts', '--host', '127.0.0.1', '--port', routerPort],
    null,
    { cwd: ROOT, env: { ANALYTICS_REPLICAS: replicaUrls.join(','), NODE_ENV: 'production', LOG_LEVEL: 'warn' } },
  );
  children.push(router);
  const routerUrl = `http://127.0.0.1:${routerPort}/graphql`;
  await waitUntilServing(routerUrl, router);

  const key = process.env.LOCAL_API_KEY || 'phx_demo_local_key';
  process.stdout.write(
    [
      `Router: ${routerUrl}`,
      `Replicas: ${replicaUrls.join(' ')}`,
      `Upstream: ${upstreamUrl}`,
      `Redis: ${redisUrl}`,
      `Demo API key: ${key}`,
      `Try: curl -s ${routerUrl} -H 'content-type: application/json' -H 'authorization: Bearer ${key}' -d '{"query":"{ reviewTeam projects(first: 5) { nodes { name releaseTrain } } }"}'`,
      '',
    ].join('\n'),
  );
}

/** The router has loaded the supergraph once it answers a query of its own (within a minute). */
async function waitUntilServing(url: string, router: ChildProgram): Promise<void> {
  for (let i = 0; i < 600 && router.process.exitCode === null; i += 1) {
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The router at ${url} did not answer:\n${router.output()}`);
}

async function stopAll(): Promise<void> {
  await Promise.all(children.reverse().map((child) => child.stop()));
  rmSync(workDir, { recursive: true, force: true });
}

process.once('SIGINT', () => void stopAll().then(() => process.exit(0)));
process.once('SIGTERM', () => void stopAll().then(() => process.exit(0)));
try {
  await start();
} catch (error) {
  process.stderr.write(`demo:cluster could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  await stopAll();
  process.exit(1);
}
