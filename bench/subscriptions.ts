// `npm run bench:subscriptions`: live updates under 1, 10 and 100 subscribers of one project.
// Prints, per run, the upstream activity-log reads per minute (the shared poller's reads and
// the key re-checks, counted at the upstream) and the latency from a REST write's answer to
// the event at each subscriber (p50/p99). The local upstream and the gateway run in this
// process with production poll settings (1-5 s, 30 s re-checks) unless overridden:
//   BENCH_SUB_WINDOW=30  seconds measured per run    BENCH_SUB_COUNTS=1,10,100
//   BENCH_SUB_WRITE_MS=3000  one flag write every N ms during the window
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { startLocalUpstream, type LocalUpstream } from '../local-upstream/index.ts';
import { startGateway, type RunningGateway } from '../src/server.ts';

const WINDOW_S = Number(process.env.BENCH_SUB_WINDOW ?? 30);
const COUNTS = (process.env.BENCH_SUB_COUNTS ?? '1,10,100').split(',').map(Number);
const WRITE_MS = Number(process.env.BENCH_SUB_WRITE_MS ?? 3_000);
const KEY = 'phx_bench_live_key_00000000000000';
const ORG = '0190b7a0-0000-7000-8000-0000000000b1';
const QUERY = 'subscription($p: ID!) { featureFlagChanged(projectId: $p) { kind key changedAt flag { name active } } }';

interface Row {
  subscribers: number;
  logReadsPerMin: number;
  pollsPerMin: number;
  checksPerMin: number;
  writes: number;
  events: number;
  p50: number;
  p99: number;
}

async function main(): Promise<void> {
  const upstream = await startLocalUpstream({ seed: seed(), quiet: true, rateLimit: 'off' });
  const gateway = await startGateway({ upstreamUrl: upstream.url, port: 0, host: '127.0.0.1' });
  const projectId = upstream.seeded.projects[0]!.id;
  const flagId = await firstFlagId(upstream, projectId);
  console.log(
    `live updates: ${WINDOW_S}s per run, one REST write every ${WRITE_MS} ms, poll interval ${gateway.live.hub.options.pollMinMs}-${gateway.live.hub.options.pollMaxMs} ms\n`,
  );
  const rows: Row[] = [];
  try {
    for (const count of COUNTS) rows.push(await run(count, gateway, upstream, projectId, flagId));
  } finally {
    await gateway.stop();
    await upstream.stop();
  }
  console.table(rows);
}

async function run(count: number, gateway: RunningGateway, upstream: LocalUpstream, projectId: number, flagId: number): Promise<Row> {
  const arrivals: number[][] = Array.from({ length: count }, () => []);
  const clients: Client[] = [];
  for (let i = 0; i < count; i += 1) {
    const client = createClient({ url: gateway.url.replace(/^http/, 'ws'), webSocketImpl: WebSocket, connectionParams: { Authorization: `Bearer ${KEY}` } });
    clients.push(client);
    client.subscribe(
      { query: QUERY, variables: { p: String(projectId) } },
      { next: () => arrivals[i]!.push(performance.now()), error: console.error, complete: () => {} },
    );
  }
  await until(() => gateway.live.hub.stats().subscribers === count);
  await sleep(6_000); // let the poller settle at its quiet interval before measuring
  const before = gateway.live.hub.stats();
  for (const list of arrivals) list.length = 0;
  upstream.resetRequests();
  const started = performance.now();
  const writes: number[] = [];
  for (let i = 0; performance.now() - started < WINDOW_S * 1000; i += 1) {
    writes.push(performance.now()); // latency runs from the moment the write is sent
    await patch(upstream, projectId, flagId, `bench ${count}/${i}`);
    await sleep(WRITE_MS);
  }
  const elapsedMin = (performance.now() - started) / 60_000;
  const logReads = upstream.requests.filter((r) => r.path.endsWith('/feature_flags/activity/')).length;
  const after = gateway.live.hub.stats();
  await sleep(6_000); // the last write's events
  const latencies = arrivals.flatMap((list) => list.map((at, n) => at - (writes[n] ?? at))).sort((a, b) => a - b);
  for (const client of clients) await client.dispose();
  await until(() => gateway.live.hub.stats().feeds === 0);
  return {
    subscribers: count,
    logReadsPerMin: round(logReads / elapsedMin),
    pollsPerMin: round((after.polls - before.polls) / elapsedMin),
    checksPerMin: round((after.checks - before.checks) / elapsedMin),
    writes: writes.length,
    events: latencies.length,
    p50: round(percentile(latencies, 0.5)),
    p99: round(percentile(latencies, 0.99)),
  };
}

function seed() {
  return {
    organizations: [{ id: ORG, name: 'Bench live' }],
    users: [{ email: 'live@bench.test', first_name: 'Live', last_name: 'Bench', api_key: KEY, memberships: [{ organization: ORG, level: 15 }] }],
    projects: [{ organization: ORG, name: 'Live project' }],
    feature_flags: [{ project: 'Live project', organization: ORG, key: 'live-flag', filters: { groups: [{ properties: [], rollout_percentage: 50 }] } }],
  };
}

async function firstFlagId(upstream: LocalUpstream, projectId: number): Promise<number> {
  const response = await fetch(`${upstream.url}/api/projects/${projectId}/feature_flags/`, { headers: { authorization: `Bearer ${KEY}` } });
  return ((await response.json()) as { results: Array<{ id: number }> }).results[0]!.id;
}

async function patch(upstream: LocalUpstream, projectId: number, flagId: number, name: string): Promise<void> {
  const response = await fetch(`${upstream.url}/api/projects/${projectId}/feature_flags/${flagId}/`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (!response.ok) throw new Error(`PATCH answered ${response.status}`);
  await response.arrayBuffer();
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

const round = (value: number) => Math.round(value * 10) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 3_000 && !condition(); i += 1) await sleep(10);
  if (!condition()) throw new Error('bench: condition not reached in 30 s');
}

await main();
