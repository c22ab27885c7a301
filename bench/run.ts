// `npm run bench`: drives the gateway with autocannon against the local upstream and prints
// requests/s, latency percentiles, upstream calls per operation and gateway memory.
// The upstream and the gateway each run in their own process (as in production), so the
// figures include real HTTP hops; autocannon runs in this process.
import autocannon from 'autocannon';
import { writeFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchSeed, BENCH_KEY } from './seed.ts';
import { SCENARIOS, type Scenario } from './scenarios.ts';
import { startProcess, freePort, waitForGraphQL, type Child } from './processes.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
// Unmeasured load before each scenario: JIT, pools and V8's young generation settle first, so the
// first scenario is not measured cold while the later ones run warm.
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-bench-'));
  const seedFile = join(dir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify(benchSeed()));

  const upstream = await startProcess('upstream', ['local-upstream/main.ts', '--port', '0', '--seed', seedFile], {}, /http:\/\/[\w.:[\]-]+/);
  const port = await freePort();
  const gateway = await startProcess(
    'gateway',
    ['src/main.ts'],
    { PORT: String(port), UPSTREAM_URL: upstream.url, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    /http:\/\/[\w.:[\]-]+/,
  );
  const graphqlUrl = `http://127.0.0.1:${port}/graphql`;
  try {
    await waitForGraphQL(graphqlUrl, BENCH_KEY);
    const variables = await scenarioVariables(graphqlUrl);
    console.log(
      `gateway ${graphqlUrl}  upstream ${upstream.url}  ${CONNECTIONS} connections x ${DURATION_S}s per scenario (after ${WARMUP_S}s of warm-up); gateway RSS at start ${memoryMiB(gateway.pid, 'VmRSS')} MiB\n`,
    );
    const rows = [];
    for (const scenario of SCENARIOS) rows.push(await runScenario(graphqlUrl, scenario, variables, gateway, upstream));
    console.table(rows);
  } finally {
    gateway.stop();
    upstream.stop();
    rmSync(dir, { recursive: true, force: true }); // the upstream read its seed at start
  }
}

/** Ids the scenarios need, read through the gateway itself. */
async function scenarioVariables(url: string): Promise<Record<string, unknown>> {
  const body = await postGraphQL(url, '{ projects(first: 1) { nodes { id databaseId featureFlags(first: 1) { nodes { id } } } } }');
  const project = body.data?.projects?.nodes?.[0];
  if (!project) throw new Error(`bench: could not read the seeded project: ${JSON.stringify(body)}`);
  return { projectId: project.id, flagId: project.featureFlags.nodes[0]?.id };
}

async function runScenario(url: string, scenario: Scenario, variables: Record<string, unknown>, gateway: Child, upstream: Child) {
  const payload = JSON.stringify({ query: scenario.query, variables });
  const cost = await postGraphQL(url, scenario.query, variables, { 'x-upstream-report': '1' });
  if (cost.errors) throw new Error(`bench: scenario ${scenario.name} failed: ${JSON.stringify(cost.errors)}`);
  const load = (duration: number) =>
    autocannon({
      url,
      method: 'POST',
      connections: CONNECTIONS,
      duration,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_KEY}` },
      body: payload,
    });
  if (WARMUP_S > 0) await load(WARMUP_S);
  const cpuBefore = { gateway: cpuMs(gateway.pid), upstream: cpuMs(upstream.pid) };
  const result = await load(DURATION_S);
  const perOp = (pid: number, before: number) => Math.round(((cpuMs(pid) - before) / Math.max(result.requests.total, 1)) * 1000) / 1000;
  return {
    scenario: scenario.name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p90 ms': result.latency.p90,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
    'upstream calls/op': cost.extensions?.upstream?.totals?.calls,
    'waves/op': cost.extensions?.upstream?.totals?.waves,
    'gateway CPU ms/op': perOp(gateway.pid, cpuBefore.gateway),
    'upstream CPU ms/op': perOp(upstream.pid, cpuBefore.upstream),
    'gateway RSS MiB': memoryMiB(gateway.pid, 'VmRSS'),
    'gateway peak MiB': memoryMiB(gateway.pid, 'VmHWM'),
  };
}

/** What the bench reads of a GraphQL answer; the callers probe it defensively. */
interface BenchResponse {
  data?: { projects?: { nodes?: { id: string; featureFlags: { nodes: { id: string }[] } }[] } } | null;
  errors?: unknown[];
  extensions?: { upstream?: { totals?: { calls: number; waves: number } } };
}

async function postGraphQL(url: string, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<BenchResponse> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_KEY}`, ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as BenchResponse;
}

/**
 * CPU time (user + system) a process has used so far, in ms. Per operation it is the steadiest
 * figure here: req/s and latency also move with whatever else the shared machine runs.
 */
function cpuMs(pid: number): number {
  // Fields after the command name (which may contain spaces): utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
}

// USER_HZ, the unit of /proc/<pid>/stat times: 100 on every Linux the bench runs on.
const CLOCK_TICKS_PER_S = 100;

function memoryMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1];
  return kib ? Math.round(Number(kib) / 1024) : null;
}

await main();
