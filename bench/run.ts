// `npm run bench`: the comparative benchmark (docs/performance.md, results in BENCHMARKS.md).
// Every contender reads the same fast REST stub (bench/stub-upstream.ts, replaying the local
// upstream's answers), so only its own cost differs:
//   gateway            this gateway as `npm run start:prod` runs it (compiled to dist/, compiled execution)
//   gateway-graphql-js the same with GRAPHQL_JIT=0
//   gateway-ts         src/main.ts run by Node's type stripping, as `npm start` (not by default)
//   gateway@<dir>      another checkout's src/main.ts, e.g. the commit before a change (not by default)
//   gateway:<flags>    the production command with more node flags joined by +, e.g. gateway:--max-semi-space-size=4
//   apollo-baseline    a minimal hand-written Apollo Server 5 gateway (bench/apollo-baseline.ts)
//   floor              node:http + undici, no GraphQL, same calls and JSON (bench/floor.ts)
// Rounds are interleaved (contender order rotates each round); every answer under load is
// compared byte for byte with the one checked at setup; upstream calls are counted at the stub.
//
// Environment: BENCH_DURATION (s per run, default 5), BENCH_WARMUP (s, default 1), BENCH_ROUNDS
// (default 3), BENCH_CONNECTIONS (default 1,10,50), BENCH_SCENARIOS (substring filter),
// BENCH_CONTENDERS (comma list), BENCH_QUICK=1 (2 s runs, 10 connections), BENCH_OUT (JSON file),
// BENCH_BUILD=0 (skip `npm run build`).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { benchSeed, BENCH_KEY, BENCH_ROLE, PROJECTS } from './seed.ts';
import { SCENARIOS, type BenchIds, type Operation, type Scenario } from './scenarios.ts';
import { startProcess, freePort, type Child } from './processes.ts';
import { measure, memoryMiB, type RunResult } from './load.ts';
import { summarize, markdown } from './report.ts';

const QUICK = process.env.BENCH_QUICK === '1';
const DURATION_S = Number(process.env.BENCH_DURATION ?? (QUICK ? 2 : 5));
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? (QUICK ? 0.5 : 1));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? (QUICK ? '10' : '1,10,50')).split(',').map(Number);
const SCENARIO_FILTER = process.env.BENCH_SCENARIOS;
const CONTENDERS = (process.env.BENCH_CONTENDERS ?? 'gateway,gateway-graphql-js,apollo-baseline,floor').split(',');
const URL_PATTERN = /http:\/\/[\w.:[\]-]+(\/graphql)?/;

interface Contender {
  name: string;
  child: Child;
  url: string;
}

export interface Measurement extends RunResult {
  scenario: string;
  connections: number;
  round: number;
  contender: string;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-bench-'));
  const children: Child[] = [];
  const start = async (name: string, args: string[], env: Record<string, string> = {}) => {
    const child = await startProcess(name, args, env, URL_PATTERN);
    children.push(child);
    return child;
  };
  try {
    // The gateway runs as in production: compiled to dist/ first (BENCH_BUILD=0 reuses dist/ as it is).
    if (process.env.BENCH_BUILD !== '0') execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
    writeFileSync(join(dir, 'seed.json'), JSON.stringify(benchSeed()));
    const upstream = await start('upstream', ['local-upstream/main.ts', '--port', '0', '--seed', join(dir, 'seed.json')]);
    const stub = await start('stub', ['bench/stub-upstream.ts', '--origin', upstream.url]);
    const contenders = await Promise.all(CONTENDERS.map((name) => startContender(name, stub.url, start)));
    const gateway = contenders.find((c) => c.name === 'gateway') ?? contenders[0]!;
    const ids = await setUp(gateway.url);
    const scenarios = SCENARIOS.filter((s) => !SCENARIO_FILTER || s.name.includes(SCENARIO_FILTER));
    const expected = new Map<Scenario, string[]>();
    for (const scenario of scenarios) expected.set(scenario, await checkedAnswers(scenario.operations(ids), gateway, contenders));
    const idle = Object.fromEntries(contenders.map((c) => [c.name, memoryMiB(c.child.pid, 'VmRSS')]));
    console.log(
      `${contenders.length} contenders, ${scenarios.length} scenarios, connections ${CONNECTIONS.join('/')}, ${ROUNDS} rounds of ${DURATION_S} s (+${WARMUP_S} s warm-up)`,
    );

    const measurements: Measurement[] = [];
    for (const scenario of scenarios) {
      for (const connections of CONNECTIONS) {
        for (let round = 1; round <= ROUNDS; round++) {
          for (const contender of rotate(contenders, round - 1)) {
            const target = { url: contender.url, pid: contender.child.pid, token: BENCH_KEY };
            const operations = scenario.operations(ids);
            if (WARMUP_S > 0) await measure(target, operations, expected.get(scenario)!, connections, WARMUP_S, stub.url);
            const result = await measure(target, operations, expected.get(scenario)!, connections, DURATION_S, stub.url);
            measurements.push({ scenario: scenario.name, connections, round, contender: contender.name, ...result });
            console.log(
              `${scenario.name} | ${connections} conn | round ${round} | ${contender.name}: ${result.opsPerSec} ops/s, p99 ${result.p99Ms} ms, ${result.errors} errors, ${result.upstreamCallsPerOp} calls/op, ${result.cpuMsPerOp} CPU ms/op, peak ${result.peakRssMiB} MiB`,
            );
          }
        }
      }
    }
    await new Promise((r) => setTimeout(r, 3000));
    const idleAfter = Object.fromEntries(contenders.map((c) => [c.name, memoryMiB(c.child.pid, 'VmRSS')]));
    const summary = summarize(measurements, scenarios);
    const results = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
      settings: { durationS: DURATION_S, warmupS: WARMUP_S, rounds: ROUNDS, connections: CONNECTIONS, contenders: CONTENDERS },
      rssMiB: { idleAtStart: idle, idleAfterLoad: idleAfter },
      minCalls: Object.fromEntries(scenarios.map((s) => [s.name, s.minCalls])),
      summary,
      measurements,
    };
    const out = process.env.BENCH_OUT ?? join('bench', 'results', `${results.date.replace(/[:.]/g, '-')}.json`);
    mkdirSync(join(out, '..'), { recursive: true });
    writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\n${markdown(results)}\nresults: ${out}`);
  } finally {
    for (const child of children.reverse()) child.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function startContender(name: string, stubUrl: string, start: Start): Promise<Contender> {
  const gatewayEnv = async (extra: Record<string, string> = {}) => ({
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    UPSTREAM_URL: stubUrl,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...extra,
  });
  let child: Child;
  if (name === 'gateway') child = await start(name, PRODUCTION_ARGS, await gatewayEnv());
  else if (name === 'gateway-graphql-js') child = await start(name, PRODUCTION_ARGS, await gatewayEnv({ GRAPHQL_JIT: '0' }));
  // gateway:<node flags joined by +>: the production command with node flags added (memory experiments).
  else if (name.startsWith('gateway:')) child = await start(name, [...name.slice('gateway:'.length).split('+'), ...PRODUCTION_ARGS], await gatewayEnv());
  else if (name === 'gateway-ts') child = await start(name, ['src/main.ts'], await gatewayEnv());
  // gateway@<dir>: another checkout's gateway as `npm start` ran it (e.g. the commit before a change).
  else if (name.startsWith('gateway@')) child = await start(name, [join(name.slice('gateway@'.length), 'src/main.ts')], await gatewayEnv());
  else if (name === 'apollo-baseline') child = await start(name, ['bench/apollo-baseline.ts', '--upstream', stubUrl]);
  else if (name === 'floor') child = await start(name, ['bench/floor.ts', '--upstream', stubUrl]);
  else throw new Error(`bench: unknown contender ${name}`);
  return { name, child, url: child.url.replace('localhost', '127.0.0.1').replace(/(\/graphql)?$/, '/graphql') };
}

type Start = (name: string, args: string[], env?: Record<string, string>) => Promise<Child>;

/** `npm run start:prod` without npm: its node flags and compiled entry point (kept in one place, package.json). */
const PRODUCTION_ARGS = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts['start:prod']!.split(/\s+/).slice(1);

/** Reads the ids the scenarios need and grants the bench role on the first 20 flags (before any role access is read). */
async function setUp(url: string): Promise<BenchIds> {
  const body = await post(url, {
    operationName: 'Setup',
    query: 'query Setup { projects(first: 3) { nodes { id databaseId name featureFlags(first: 30) { nodes { id } } } } }',
    variables: {},
  });
  const projects = dataOf<{ projects: { nodes: Array<{ id: string; databaseId: number; name: string; featureFlags: { nodes: { id: string }[] } }> } }>(body)
    .projects.nodes;
  const main = projects.find((p) => p.name === PROJECTS[0])!;
  const flagIds = PROJECTS.flatMap((name) => {
    const flags = projects.find((p) => p.name === name)!.featureFlags.nodes.map((f) => f.id);
    return name === PROJECTS[0] ? flags.slice(0, 30) : flags.slice(0, 10);
  });
  for (const featureFlagId of main.featureFlags.nodes.slice(0, 20).map((f) => f.id)) {
    const grant = await post(url, {
      operationName: 'Grant',
      query: 'mutation Grant($input: GrantFeatureFlagRoleAccessInput!) { grantFeatureFlagRoleAccess(input: $input) { userErrors { message } } }',
      variables: { input: { featureFlagId, roleId: BENCH_ROLE } },
    });
    if (dataOf<{ grantFeatureFlagRoleAccess: { userErrors: unknown[] } }>(grant).grantFeatureFlagRoleAccess.userErrors.length !== 0) {
      throw new Error(`bench: grant failed: ${grant}`);
    }
  }
  const create = SCENARIOS.find((s) => s.name.startsWith('create'))!.operations({
    projectId: main.id,
    projectDatabaseId: main.databaseId,
    flagIds,
    createdFlagId: '',
  })[0]!;
  const created = dataOf<{ createFeatureFlag: { featureFlag: { id: string } } }>(await post(url, create)).createFeatureFlag.featureFlag.id;
  return { projectId: main.id, projectDatabaseId: main.databaseId, flagIds, createdFlagId: created };
}

/** The gateway's answer to each operation (error-free), after checking every contender gives the same. */
async function checkedAnswers(operations: Operation[], gateway: Contender, contenders: Contender[]): Promise<string[]> {
  const answers: string[] = [];
  for (const operation of operations) {
    const expected = (await post(gateway.url, operation)).trimEnd();
    dataOf(expected); // the reference answer must be error-free
    for (const contender of contenders) {
      const answer = (await post(contender.url, operation)).trimEnd();
      if (answer !== expected)
        throw new Error(
          `bench: ${contender.name} answers ${operation.operationName} differently:\n${answer.slice(0, 600)}\nexpected:\n${expected.slice(0, 600)}`,
        );
    }
    answers.push(expected);
  }
  return answers;
}

/** The `data` of an error-free GraphQL answer; anything else stops the benchmark. */
function dataOf<T = unknown>(body: string): T {
  const parsed = JSON.parse(body) as { data?: T; errors?: unknown[] };
  if (parsed.errors || parsed.data == null) throw new Error(`bench: unexpected answer: ${body.slice(0, 600)}`);
  return parsed.data;
}

async function post(url: string, operation: Operation): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_KEY}` },
    body: JSON.stringify(operation),
  });
  return response.text();
}

function rotate<T>(items: T[], by: number): T[] {
  const k = by % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

await main();
