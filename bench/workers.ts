// `npm run bench:workers`: the same operation at WORKERS=1 and WORKERS=2 (one port, node:cluster),
// against one local upstream process. Prints requests/s and latency for each. On a machine with
// N cores the gateway can use up to N workers; the upstream shares those cores here, so the
// gain measured on a 2-core machine is a floor, not the ceiling.
//   BENCH_DURATION (s per run, default 10), BENCH_CONNECTIONS (default 20), BENCH_WORKERS (default "1,2")
import autocannon from 'autocannon';
import { freePort, startProgram } from '../deploy/processes.ts';
import { DEMO_API_KEY } from '../local-upstream/index.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
// The demo project with its flags and each flag's creator: 2 upstream calls in 2 waves.
const OPERATION = JSON.stringify({ query: '{ projects(first: 5) { nodes { name featureFlags(first: 20) { nodes { key active createdBy { email } } } } } }' });

async function main(): Promise<void> {
  const upstream = await startProgram(
    'upstream',
    process.execPath,
    ['local-upstream/main.ts', '--port', String(await freePort()), '--rate-limit', 'off'],
    /Local upstream listening on (\S+)/,
  );
  const rows: Record<string, string | number>[] = [];
  try {
    for (const workers of WORKER_COUNTS) rows.push(await measure(upstream.ready[1]!, workers));
  } finally {
    await upstream.stop();
  }
  console.table(rows);
}

async function measure(upstreamUrl: string, workers: number): Promise<Record<string, string | number>> {
  const port = await freePort();
  const gateway = await startProgram('gateway', process.execPath, ['src/main.ts'], /GraphQL endpoint: (\S+)/, {
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      UPSTREAM_URL: upstreamUrl,
      WORKERS: String(workers),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      UPSTREAM_CACHE_TTL_MS: '0',
      UPSTREAM_SHARED_READS: '0',
    },
    timeoutMs: 60_000,
  });
  try {
    const url = `http://127.0.0.1:${port}/graphql`;
    await run(url, 2); // warm-up: JIT, pools and compiled documents in every worker
    const result = await run(url, DURATION_S);
    return {
      workers,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      errors: result.errors + result.non2xx,
    };
  } finally {
    await gateway.stop();
  }
}

function run(url: string, duration: number): Promise<autocannon.Result> {
  return autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${DEMO_API_KEY}` },
    body: OPERATION,
  });
}

await main();
