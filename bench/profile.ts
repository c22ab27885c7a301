// `npm run bench:profile`: CPU milliseconds per request of each contender, one scenario at a time,
// with a fixed number of requests (robust to other load on the machine, unlike throughput), and
// optionally a CPU profile of exactly the measured requests.
//
//   npm run bench:profile -- --scenarios project,list,n+1 --contenders gateway,apollo-baseline --requests 2000 [--connections 1] [--cpu-prof] [--heap-prof] [--no-build]
//   npm run bench:profile -- --scenarios list,list-client     the same data as a benchmark-shaped and as client-shaped documents
//
// `--connections N` (default 1) sends the requests on N keep-alive connections at once, each one
// request after another: the CPU a request costs when N are in flight together.
//
// Contenders take turns in slices of the requests. With --cpu-prof (CPU time) or --heap-prof
// (allocations, sampled) each contender runs with the inspector on a loopback port; the profile
// covers exactly the measured requests and is written to bench/results/profiles/<scenario>.<contender>.*
// (open it in Chrome DevTools); the functions and packages with the most self time (or bytes
// allocated) per request are printed.
//
// What an MCP tool call costs beside the same operation over /graphql: `--mcp` sends the shipped
// `project_feature_flags` tool (src/mcp/operations/) to /mcp and its operation with the same
// variables to /graphql, on the same gateway process, in interleaved slices (docs/mcp.md):
//
//   npm run bench:profile -- --mcp --contenders gateway --requests 2000
//
// Whether a list's cost is linear in its page size: `--page-sizes 1,10,20,30,40,50` runs the list
// scenario at each size instead of `--scenarios` and prints, per contender, the least-squares line
// through its CPU per request (ms per item, fixed ms, r²). The floor serves the fixed scenarios
// only: leave it out (`--contenders gateway,apollo-baseline,mercurius-jit`).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from 'undici';
import { checkedAnswers, startBench, DEFAULT_CONTENDERS, type Contender } from './contenders.ts';
import { cpuMs } from './load.ts';
import { selectScenarios } from './options.ts';
import { BENCH_KEY } from './seed.ts';
import { flagList, type Scenario } from './scenarios.ts';
import { Inspector, topAllocations, topSelfTime } from './inspector.ts';

const { values } = parseArgs({
  options: {
    scenarios: { type: 'string' },
    contenders: { type: 'string' },
    requests: { type: 'string', default: '2000' },
    warmup: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '1' },
    'cpu-prof': { type: 'boolean', default: false },
    'heap-prof': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    'page-sizes': { type: 'string' },
    mcp: { type: 'boolean', default: false },
  },
});
const REQUESTS = Number(values.requests);
const WARMUP = Number(values.warmup);
const CONNECTIONS = Number(values.connections);
const PROFILES = join('bench', 'results', 'profiles');
const INSPECT = values['cpu-prof'] || values['heap-prof'];

async function main(): Promise<void> {
  const pageSizes = values['page-sizes']?.split(',').map(Number);
  const scenarios: Scenario[] = pageSizes ? pageSizes.map(flagList) : selectScenarios(values.scenarios?.split(','));
  const names = values.contenders?.split(',') ?? DEFAULT_CONTENDERS;
  const bench = await startBench(names, { build: !values['no-build'], nodeFlags: INSPECT ? ['--inspect=127.0.0.1:0'] : [] });
  const rows: Record<string, string | number>[] = [];
  try {
    for (const scenario of values.mcp ? [MCP_SCENARIO] : scenarios) {
      const runners = values.mcp ? await mcpRunners(bench) : await scenarioRunners(scenario, bench);
      try {
        for (const runner of runners) await runner.run(WARMUP);
        for (const runner of runners) await runner.startProfiles();
        // Interleaved slices: whatever else the machine does weighs on every contender alike.
        const cpu = runners.map(() => 0);
        for (let slice = 0; slice < SLICES; slice++) {
          for (const [i, runner] of runners.entries()) cpu[i] = cpu[i]! + (await runner.measured(REQUESTS / SLICES));
        }
        for (const [i, runner] of runners.entries()) {
          rows.push({ scenario: scenario.id, contender: runner.name, requests: REQUESTS, 'CPU ms/request': Math.round((cpu[i]! / REQUESTS) * 1000) / 1000 });
          // A contender's name may hold a directory (gateway@/tmp/before): no slashes in file names.
          await runner.stopProfiles(`${scenario.id}.${runner.name.replaceAll('/', '_')}`);
        }
      } finally {
        await Promise.all(runners.map((runner) => runner.close()));
      }
    }
    console.table(rows);
    if (pageSizes) printLines(rows, pageSizes);
  } finally {
    await bench.stop();
  }
}

const SLICES = 10;

type Bench = Awaited<ReturnType<typeof startBench>>;

async function scenarioRunners(scenario: Scenario, bench: Bench): Promise<Runner[]> {
  const operations = scenario.operations(bench.ids);
  const { contenders } = bench;
  const expected = await checkedAnswers(operations, contenders);
  return Promise.all(
    contenders.map((contender) =>
      Runner.open(contender, {
        name: contender.name,
        path: new URL(contender.url).pathname,
        headers: {},
        bodies: operations.map((op) => JSON.stringify(op)),
        expected,
      }),
    ),
  );
}

const MCP_SCENARIO: Scenario = { id: 'mcp', name: 'project_feature_flags: /mcp tool call vs /graphql', minCalls: 2, operations: () => [] };
const MCP_TOOL = { name: 'project_feature_flags', operationName: 'ProjectFeatureFlags', file: 'src/mcp/operations/project-feature-flags.graphql' };

/** Per gateway contender, a /graphql runner and a /mcp runner of the same operation and variables. */
async function mcpRunners(bench: Bench): Promise<Runner[]> {
  const variables = { projectId: bench.ids.projectId, first: 20 };
  const graphql = JSON.stringify({ operationName: MCP_TOOL.operationName, query: readFileSync(MCP_TOOL.file, 'utf8'), variables });
  const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: MCP_TOOL.name, arguments: variables } });
  const mcpHeaders = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
  const runners: Runner[] = [];
  for (const contender of bench.contenders) {
    const origin = new URL(contender.url).origin;
    const expected = async (path: string, body: string, headers: Record<string, string>) => {
      const answer = await fetch(`${origin}${path}`, { method: 'POST', headers: { ...REQUEST_HEADERS, ...headers }, body });
      const text = (await answer.text()).trimEnd();
      if (answer.status !== 200 || /"errors"|"isError":true/.test(text))
        throw new Error(`bench: ${contender.name} ${path} answered ${answer.status}: ${text.slice(0, 300)}`);
      return text;
    };
    runners.push(
      await Runner.open(contender, {
        name: `${contender.name} /graphql`,
        path: '/graphql',
        headers: {},
        bodies: [graphql],
        expected: [await expected('/graphql', graphql, {})],
      }),
      await Runner.open(contender, {
        name: `${contender.name} /mcp`,
        path: '/mcp',
        headers: mcpHeaders,
        bodies: [call],
        expected: [await expected('/mcp', call, mcpHeaders)],
      }),
    );
  }
  return runners;
}

const REQUEST_HEADERS = { 'content-type': 'application/json', authorization: `Bearer ${BENCH_KEY}` };

/** What one runner sends: to `path` of its contender, these bodies in turn, each answered exactly `expected`. */
interface Target {
  name: string;
  path: string;
  headers: Record<string, string>;
  bodies: string[];
  expected: string[];
}

/** Per contender, the least-squares line through CPU ms per request against the page size. */
function printLines(rows: Record<string, string | number>[], sizes: number[]): void {
  const contenders = [...new Set(rows.map((row) => row.contender as string))];
  for (const name of contenders) {
    const ys = sizes.map((size) => rows.find((row) => row.contender === name && row.scenario === `list-${size}`)!['CPU ms/request'] as number);
    const { slope, intercept, r2 } = leastSquares(sizes, ys);
    console.log(`${name}: ${(slope * 1000).toFixed(1)} µs per flag + ${intercept.toFixed(2)} ms per request (r² ${r2.toFixed(3)})`);
  }
}

function leastSquares(xs: number[], ys: number[]): { slope: number; intercept: number; r2: number } {
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const [mx, my] = [mean(xs), mean(ys)];
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i]! - my);
    sxx += (x - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  });
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx, r2: syy === 0 ? 1 : (sxy * sxy) / (sxx * syy) };
}

/** Sends a scenario's operations to one contender, one after another on each of its keep-alive connections, checking every answer. */
class Runner {
  readonly name: string;
  readonly inspector: Inspector | null;
  readonly #pid: number;
  readonly #clients: Client[];
  readonly #path: string;
  readonly #bodies: string[];
  readonly #expected: string[];
  #sent = 0;

  readonly #headers: Record<string, string>;

  private constructor(contender: Contender, target: Target, inspector: Inspector | null) {
    const url = new URL(contender.url);
    this.name = target.name;
    this.inspector = inspector;
    this.#pid = contender.child.pid;
    this.#clients = Array.from({ length: CONNECTIONS }, () => new Client(url.origin, { pipelining: 1 }));
    this.#path = target.path;
    this.#headers = { ...REQUEST_HEADERS, ...target.headers };
    this.#bodies = target.bodies;
    this.#expected = target.expected;
  }

  static async open(contender: Contender, target: Target): Promise<Runner> {
    const inspector = INSPECT ? await Inspector.connect(contender.child) : null;
    return new Runner(contender, target, inspector);
  }

  async startProfiles(): Promise<void> {
    if (values['cpu-prof']) await this.inspector!.startProfile();
    if (values['heap-prof']) await this.inspector!.startAllocationSampling();
  }

  /** Writes the profiles to bench/results/profiles/<name>.* and prints their summaries. */
  async stopProfiles(name: string): Promise<void> {
    mkdirSync(PROFILES, { recursive: true });
    if (values['cpu-prof']) {
      const profile = await this.inspector!.stopProfile();
      const file = join(PROFILES, `${name}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      const { functions, packages } = topSelfTime(profile, 30, REQUESTS);
      console.log(`\n${name}: CPU time, ${file}`);
      console.table(packages);
      console.table(functions);
    }
    if (values['heap-prof']) {
      const profile = await this.inspector!.stopAllocationSampling();
      const file = join(PROFILES, `${name}.heapprofile`);
      writeFileSync(file, JSON.stringify(profile));
      const { functions, packages } = topAllocations(profile, 30, REQUESTS);
      console.log(`\n${name}: allocations, ${file}`);
      console.table(packages);
      console.table(functions);
    }
  }

  async run(requests: number): Promise<void> {
    const each = Math.ceil(requests / this.#clients.length);
    await Promise.all(
      this.#clients.map(async (client) => {
        for (let i = 0; i < each; i++) await this.#send(client);
      }),
    );
  }

  /** CPU milliseconds the contender's process spent on `requests` requests. */
  async measured(requests: number): Promise<number> {
    const before = cpuMs(this.#pid);
    await this.run(requests);
    return cpuMs(this.#pid) - before;
  }

  async close(): Promise<void> {
    this.inspector?.close();
    await Promise.all(this.#clients.map((client) => client.close()));
  }

  async #send(client: Client): Promise<void> {
    const k = this.#sent++ % this.#bodies.length;
    const answer = await client.request({
      method: 'POST',
      path: this.#path,
      headers: this.#headers,
      body: this.#bodies[k]!,
    });
    const text = (await answer.body.text()).trimEnd();
    if (answer.statusCode !== 200 || text !== this.#expected[k]) throw new Error(`bench: ${this.name} answered ${answer.statusCode}: ${text.slice(0, 300)}`);
  }
}

await main();
