// `npm run bench:soak`: a long mixed-tenant load (SOAK_DURATION seconds, default 600) against the
// gateway in its own process, sampling its RSS and V8 heap every SOAK_SAMPLE_S (30) seconds. After
// warm-up, the RSS must be flat: the least-squares trend over the last SOAK_WINDOW_S (300) seconds
// may not project more than max(8 MiB, 5 %) of growth across that window. Exits 1 otherwise.
//
// The load mixes three tenants' typical reads, their writes (flag updates), node lookups, an
// unknown key, made-up operation names (a new one per request) and a query with a bad id, so
// caches, metrics, loaders and error paths are all exercised.
import autocannon, { type Request } from 'autocannon';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SeedFile } from '../local-upstream/index.ts';
import { freePort, startProcess } from './processes.ts';

const DURATION_S = Number(process.env.SOAK_DURATION ?? 600);
const SAMPLE_S = Number(process.env.SOAK_SAMPLE_S ?? 30);
const WINDOW_S = Number(process.env.SOAK_WINDOW_S ?? 300);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 16);
const TENANTS = 3;

const keyOf = (tenant: number) => `phx_soak_tenant_${tenant}_0123456789abcdefghijkl`;

function soakSeed(): SeedFile {
  const orgs = Array.from({ length: TENANTS }, (_, t) => `0191d2c4-0000-7000-8000-0000000050${String(t).padStart(2, '0')}`);
  return {
    organizations: orgs.map((id, t) => ({ id, name: `Soak Org ${t}` })),
    users: orgs.map((id, t) => ({
      email: `soak${t}@soak.test`,
      first_name: 'Soak',
      last_name: `${t}`,
      api_key: keyOf(t),
      memberships: [{ organization: id, level: 8 }],
    })),
    projects: orgs.map((id, t) => ({ organization: id, name: `Soak project ${t}` })),
    feature_flags: orgs.flatMap((id, t) =>
      Array.from({ length: 30 }, (_, i) => ({
        project: `Soak project ${t}`,
        organization: id,
        key: `soak-${t}-${i}`,
        filters: { groups: [{ properties: [], rollout_percentage: i * 3 }] },
      })),
    ),
  };
}

interface Sample {
  s: number;
  rssMiB: number;
  heapMiB: number;
  requests: number;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-soak-'));
  const seedFile = join(dir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify(soakSeed()));
  const upstream = await startProcess(
    'upstream',
    ['local-upstream/main.ts', '--port', '0', '--seed', seedFile, '--rate-limit', 'off'],
    {},
    /http:\/\/[\w.:[\]-]+/,
  );
  const port = await freePort();
  const gateway = await startProcess(
    'gateway',
    ['src/main.ts'],
    { PORT: String(port), UPSTREAM_URL: upstream.url, LOG_LEVEL: 'warn', NODE_ENV: 'production', UPSTREAM_CACHE_TTL_MS: '0', UPSTREAM_SHARED_READS: '0' },
    /http:\/\/[\w.:[\]-]+/,
  );
  const url = `http://127.0.0.1:${port}/graphql`;
  try {
    const requests = await mixedRequests(url);
    console.log(`soak: ${DURATION_S}s, ${CONNECTIONS} connections, ${requests.length} request kinds over ${TENANTS} tenants; sampling every ${SAMPLE_S}s`);
    const samples = await loadAndSample(url, requests, gateway.pid, port);
    console.table(samples);
    const verdict = trend(samples);
    console.log(verdict.message);
    process.exitCode = verdict.flat ? 0 : 1;
  } finally {
    await Promise.all([gateway.stop(), upstream.stop()]);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function mixedRequests(url: string): Promise<Request[]> {
  const requests: Request[] = [];
  for (let t = 0; t < TENANTS; t++) {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${keyOf(t)}` };
    const project = await firstProject(url, headers);
    const flagIds = project.featureFlags.nodes.map((n) => n.id);
    const body = (query: string, variables: Record<string, unknown> = {}) => JSON.stringify({ query, variables });
    requests.push(
      {
        method: 'POST',
        headers,
        body: body('query Flags($p: ID!) { project(id: $p) { name featureFlags(first: 30) { totalCount nodes { key active createdBy { email } } } } }', {
          p: project.id,
        }),
      },
      {
        method: 'POST',
        headers,
        body: body('query Nodes($ids: [ID!]!) { nodes(ids: $ids) { id ... on FeatureFlag { key filters } } }', { ids: flagIds.slice(0, 10) }),
      },
      {
        method: 'POST',
        headers,
        body: body('mutation Toggle($input: UpdateFeatureFlagInput!) { updateFeatureFlag(input: $input) { featureFlag { version } userErrors { message } } }', {
          input: { id: flagIds[t], name: 'soaked' },
        }),
      },
      { method: 'POST', headers, body: body('{ node(id: "not-an-id") { id } }') },
    );
  }
  const stranger = { 'content-type': 'application/json', authorization: 'Bearer phx_soak_unknown_key_000000000000' };
  requests.push({ method: 'POST', headers: stranger, body: JSON.stringify({ query: '{ projects { totalCount } }' }) });
  let made = 0;
  requests.push({
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${keyOf(0)}` },
    // A new operation name on every request: metric labels must stay bounded.
    setupRequest: (req) => ({ ...req, body: JSON.stringify({ query: `query MadeUp${made++} { __typename }` }) }),
  });
  return requests;
}

async function loadAndSample(url: string, requests: Request[], pid: number, port: number): Promise<Sample[]> {
  const started = performance.now();
  const samples: Sample[] = [];
  let served = 0;
  const finished = new Promise<void>((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, requests }, (error: Error | null) =>
      error ? reject(error) : resolve(),
    );
    instance.on('response', () => served++);
  });
  const sample = async () => {
    samples.push({ s: Math.round((performance.now() - started) / 1000), rssMiB: rssMiB(pid), heapMiB: await heapMiB(port), requests: served });
    console.log(JSON.stringify(samples.at(-1)));
  };
  const timer = setInterval(() => void sample(), SAMPLE_S * 1000);
  await finished;
  clearInterval(timer);
  await sample();
  return samples;
}

/** Least-squares slope of RSS over the window, projected over the window's length. */
function trend(samples: Sample[]): { flat: boolean; message: string } {
  const last = samples.at(-1)!.s;
  const window = samples.filter((x) => x.s >= last - WINDOW_S);
  if (window.length < 3) return { flat: true, message: `soak: too short for a trend (${window.length} samples in the window)` };
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const xs = window.map((x) => x.s);
  const ys = window.map((x) => x.rssMiB);
  const [mx, my] = [mean(xs), mean(ys)];
  const slope = xs.reduce((acc, x, i) => acc + (x - mx) * (ys[i]! - my), 0) / xs.reduce((acc, x) => acc + (x - mx) ** 2, 0);
  const projected = slope * (xs.at(-1)! - xs[0]!);
  const allowed = Math.max(8, my * 0.05);
  const flat = projected <= allowed;
  const message = `soak: RSS trend over the last ${WINDOW_S}s: ${(slope * 60).toFixed(2)} MiB/min (${projected.toFixed(1)} MiB across the window, allowed ${allowed.toFixed(1)}): ${flat ? 'FLAT' : 'GROWING'}`;
  return { flat, message };
}

function rssMiB(pid: number): number {
  const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kib) / 1024);
}

async function heapMiB(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const bytes = /^nodejs_heap_size_used_bytes (\S+)$/m.exec(text)?.[1];
  return Math.round(Number(bytes) / 1024 / 1024);
}

interface SoakProject {
  id: string;
  featureFlags: { nodes: Array<{ id: string }> };
}

async function firstProject(url: string, headers: Record<string, string>): Promise<SoakProject> {
  const query = '{ projects(first: 1) { nodes { id featureFlags(first: 30) { nodes { id } } } } }';
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query }) });
  const body = (await response.json()) as { data?: { projects: { nodes: SoakProject[] } } };
  const project = body.data?.projects.nodes[0];
  if (!project) throw new Error(`soak: could not read a seeded project: ${JSON.stringify(body)}`);
  return project;
}

await main();
