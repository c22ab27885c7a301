// The benchmark's processes and their setup, shared by `npm run bench` (run.ts) and
// `npm run bench:profile` (profile.ts): the local upstream and the REST stub in front of it, the
// contenders reading the stub, the ids the scenarios need, and the checked reference answers.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { benchSeed, BENCH_KEY, BENCH_ROLE, PROJECTS } from './seed.ts';
import { SCENARIOS, type BenchIds, type Operation, type Scenario } from './scenarios.ts';
import { startProcess, freePort, type Child } from './processes.ts';

/**
 * The contenders (run.ts's `--contenders`):
 *   gateway            this gateway as `npm run start:prod` runs it (compiled to dist/, compiled execution)
 *   gateway-graphql-js the same with GRAPHQL_JIT=0
 *   gateway-ts         src/main.ts run by Node's type stripping, as `npm start`
 *   gateway@<dir>      another checkout's gateway as `npm run start:prod` runs it (run `npm run build` there
 *                      first), e.g. the commit before a change; `+NAME=value` adds environment variables
 *                      (gateway@/tmp/before+UPSTREAM_CACHE_TTL_MS=60000)
 *   gateway:<settings> the production command with node flags and environment variables joined by +
 *                      (later flags win), e.g. gateway:--max-semi-space-size=4+MALLOC_ARENA_MAX=2
 *   apollo-baseline    a minimal hand-written Apollo Server 5 gateway (bench/apollo-baseline.ts)
 *   mercurius-jit      the same schema, resolvers and loaders on Fastify 5 + Mercurius 16 with graphql-jit
 *                      (`jit: 1`: bench/mercurius-baseline.ts)
 *   floor              node:http + undici, no GraphQL, same calls and JSON (bench/floor.ts)
 *   floor-prod         the same floor bundled to JavaScript and run by the gateway's production command
 *                      (its node flags and environment): what a process with no GraphQL needs under
 *                      the gateway's memory settings, the reference for its peak RSS
 */
export const DEFAULT_CONTENDERS = ['gateway', 'gateway-graphql-js', 'apollo-baseline', 'mercurius-jit', 'floor'];

export interface Contender {
  name: string;
  child: Child;
  /** Its GraphQL endpoint. */
  url: string;
}

export interface Bench {
  stub: Child;
  contenders: Contender[];
  ids: BenchIds;
  /** Stops every process and removes the seed file. */
  stop(): Promise<void>;
}

const URL_PATTERN = /http:\/\/[\w.:[\]-]+(\/graphql)?/;

/**
 * Builds the gateway (unless `build` is false), starts the upstream, the stub and `names`, and
 * prepares the data the scenarios read. `nodeFlags` are added to every contender's node command
 * (e.g. `--inspect=127.0.0.1:0` for profiling).
 */
export async function startBench(names: string[], { build = true, nodeFlags = [] as string[] } = {}): Promise<Bench> {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-bench-'));
  const children: Child[] = [];
  const stop = async () => {
    await Promise.all(children.reverse().map((child) => child.stop()));
    rmSync(dir, { recursive: true, force: true });
  };
  const start: Start = async (name, args, env = {}) => {
    const child = await startProcess(name, args, env, URL_PATTERN);
    children.push(child);
    return child;
  };
  try {
    // The gateway runs as in production: compiled to dist/ first.
    if (build) execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
    writeFileSync(join(dir, 'seed.json'), JSON.stringify(benchSeed()));
    const upstream = await start('upstream', ['local-upstream/main.ts', '--port', '0', '--seed', join(dir, 'seed.json'), '--rate-limit', 'off']);
    const stub = await start('stub', ['bench/stub-upstream.ts', '--origin', upstream.url]);
    const flagged: Start = (name, args, env) => start(name, [...nodeFlags, ...args], env);
    const contenders = await Promise.all(names.map((name) => startContender(name, stub.url, flagged, dir)));
    const ids = await setUp(contenders.find((c) => c.name === 'gateway')?.url ?? contenders[0]!.url);
    return { stub, contenders, ids, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

type Start = (name: string, args: string[], env?: Record<string, string>) => Promise<Child>;

async function startContender(name: string, stubUrl: string, start: Start, dir: string): Promise<Contender> {
  const gatewayEnv = async (extra: Record<string, string> = {}) => ({
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    UPSTREAM_URL: stubUrl,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // Throughput is measured per upstream call: no read cache across requests, and no shared reads
    // (the same query on many connections would share its calls; bench/real-world.ts measures both).
    UPSTREAM_CACHE_TTL_MS: '0',
    UPSTREAM_SHARED_READS: '0',
    ...extra,
  });
  let child: Child;
  if (name === 'gateway') child = await start(name, PRODUCTION.args, await gatewayEnv(PRODUCTION.env));
  else if (name === 'gateway-graphql-js') child = await start(name, PRODUCTION.args, await gatewayEnv({ ...PRODUCTION.env, GRAPHQL_JIT: '0' }));
  else if (name.startsWith('gateway:')) child = await start(name, ...(await withSettings(name.slice('gateway:'.length).split('+'), gatewayEnv)));
  else if (name === 'gateway-ts') child = await start(name, ['src/main.ts'], await gatewayEnv());
  else if (name.startsWith('gateway@')) {
    const [dir, ...settings] = name.slice('gateway@'.length).split('+');
    const [args, env] = checkoutCommand(dir!);
    child = await start(name, args, await gatewayEnv({ ...env, ...assignments(settings) }));
  }
  // NODE_ENV=production for every contender: graphql-js skips its development-only checks (its
  // instanceOf alone costs the baseline ~5% on a 50-flag list).
  else if (name === 'apollo-baseline') child = await start(name, ['bench/apollo-baseline.ts', '--upstream', stubUrl], { NODE_ENV: 'production' });
  else if (name === 'mercurius-jit') child = await start(name, ['bench/mercurius-baseline.ts', '--upstream', stubUrl], { NODE_ENV: 'production' });
  else if (name === 'floor') child = await start(name, ['bench/floor.ts', '--upstream', stubUrl], { NODE_ENV: 'production' });
  else if (name === 'floor-prod') {
    const args = [...PRODUCTION.args.slice(0, -1), bundledFloor(dir), '--upstream', stubUrl];
    child = await start(name, args, { ...PRODUCTION.env, NODE_ENV: 'production' });
  } else throw new Error(`bench: unknown contender ${name}`);
  return { name, child, url: child.url.replace('localhost', '127.0.0.1').replace(/(\/graphql)?$/, '/graphql') };
}

/** `npm run start:prod` without npm: its environment assignments, node flags and compiled entry point (kept in one place, package.json). */
function productionCommand(dir: string): { env: Record<string, string>; args: string[] } {
  const words = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['start:prod']!.split(/\s+/);
  const node = words.indexOf('node');
  return { env: assignments(words.slice(0, node)), args: words.slice(node + 1) };
}
const PRODUCTION = productionCommand('.');

/**
 * bench/floor.ts and what it imports (undici too) as one JavaScript file in `dir`: the gateway runs
 * compiled, and Node's type stripping keeps its transformer and both texts of every module
 * (docs/performance.md, "Memory"), which would weigh on the floor's memory alone.
 */
function bundledFloor(dir: string): string {
  const outfile = join(dir, 'floor.mjs');
  // undici is CommonJS: its `require`s of Node's modules need a `require` in the ES module.
  const banner = { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" };
  buildSync({ entryPoints: ['bench/floor.ts'], bundle: true, platform: 'node', format: 'esm', outfile, banner, logLevel: 'warning' });
  return outfile;
}

/** `NAME=value` words -> an environment. */
function assignments(words: string[]): Record<string, string> {
  return Object.fromEntries(words.map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]));
}

/** The production command with `settings` (node flags, NAME=value environment variables) added; later ones win. */
async function withSettings(
  settings: string[],
  gatewayEnv: (extra: Record<string, string>) => Promise<Record<string, string>>,
): Promise<[string[], Record<string, string>]> {
  const env = assignments(settings.filter((s) => /^[A-Z_][A-Z0-9_]*=/.test(s)));
  const flags = settings.filter((s) => s.startsWith('--'));
  return [[...PRODUCTION.args.slice(0, -1), ...flags, PRODUCTION.args.at(-1)!], await gatewayEnv({ ...PRODUCTION.env, ...env })];
}

/** Another checkout's production command: its environment, node flags and built entry point. */
function checkoutCommand(dir: string): [string[], Record<string, string>] {
  const { env, args } = productionCommand(dir);
  const entry = join(dir, args.at(-1)!);
  if (!existsSync(entry)) throw new Error(`bench: ${entry} is missing: run \`npm run build\` in ${dir} first`);
  return [[...args.slice(0, -1), entry], env];
}

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
  const create = SCENARIOS.find((s) => s.id === 'create')!.operations({
    projectId: main.id,
    projectDatabaseId: main.databaseId,
    flagIds,
    createdFlagId: '',
  })[0]!;
  const created = dataOf<{ createFeatureFlag: { featureFlag: { id: string } } }>(await post(url, create)).createFeatureFlag.featureFlag.id;
  return { projectId: main.id, projectDatabaseId: main.databaseId, flagIds, createdFlagId: created };
}

/** How many of a scenario's requests make one operation in its rates: each for the client-shaped documents, all for the others. */
export const requestsPerOp = (scenario: Scenario, ids: BenchIds): number => (scenario.clientShaped ? 1 : scenario.operations(ids).length);

/** The reference answer to each operation (the first contender's, error-free), after checking every contender gives the same. */
export async function checkedAnswers(operations: Operation[], contenders: Contender[]): Promise<string[]> {
  const reference = contenders.find((c) => c.name === 'gateway') ?? contenders[0]!;
  const answers: string[] = [];
  for (const operation of operations) {
    const expected = (await post(reference.url, operation)).trimEnd();
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

export async function post(url: string, operation: Operation): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_KEY}` },
    body: JSON.stringify(operation),
  });
  return response.text();
}
