// The real-world benchmark (docs/caching-and-quota.md, "Benchmark"): what a frontend user feels in front of a
// slow, rate-limited service. Upstream: the local upstream with ~150 ms per call and the service's throttles
// (480/minute, 4,800/hour per key), fresh for each contender. Workload: users of two organizations, each
// organization's frontend calling with its team's personal API key (or, in the second round, each user with a
// key of their own), browse projects list -> a project's flags page -> a flag's detail with role access -> back,
// a few seconds apart; 30% of the time a user opens what a colleague opened in the last 10 s; one read in 20 is
// followed by a write (half through the contender, half straight through REST by "another client" with the same
// key). Contenders: the gateway with its read cache on (UPSTREAM_CACHE_TTL_MS default) and off, and the minimal
// Apollo baseline (bench/apollo-baseline.ts). Each round ends with the targets, cache on against the baseline.
//
//   npm run bench:real-world -- [--duration 60] [--users 50] [--latency 150] [--keys team,user]
//     [--contenders gateway-cache,gateway-no-cache,apollo-baseline]
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startLocalUpstream, type LocalUpstream, type SeedFile } from '../local-upstream/index.ts';
import { freePort, startProcess, type Child } from './processes.ts';
import { formattedJson } from './report.ts';
import { globalId } from './rest-upstream.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    users: { type: 'string', default: '50' },
    latency: { type: 'string', default: '150' },
    think: { type: 'string', default: '2000-4000' },
    contenders: { type: 'string', default: 'gateway-cache,gateway-no-cache,apollo-baseline' },
    /** `team`: each organization's users share its team key; `user`: every user has a key of their own. */
    keys: { type: 'string', default: 'team,user' },
    out: { type: 'string' },
  },
});
const DURATION_MS = Number(values.duration) * 1000;
const USERS = Number(values.users);
const [THINK_MIN, THINK_MAX] = values.think.split('-').map(Number) as [number, number];
const ORGS = ['0190c300-0000-7000-8000-00000000000a', '0190c300-0000-7000-8000-00000000000b'];
const KEYS = ['phx_realworld_team_acme_0000000000000', 'phx_realworld_team_globex_00000000000'];
type KeyMode = 'team' | 'user';
/** User `index`'s own key (`--keys user`); user `index` belongs to organization `index % 2`. */
const userKey = (index: number) => `phx_realworld_user_${String(index).padStart(4, '0')}_000000000000`;
const PROJECTS_PER_ORG = 2;
const FLAGS_PER_PROJECT = 12;
const REPEAT_SHARE = 0.3;
const REPEAT_WINDOW_MS = 10_000;
const WRITE_EVERY = 20;

function seed(): SeedFile {
  const projects = ORGS.flatMap((org, o) => Array.from({ length: PROJECTS_PER_ORG }, (_, p) => ({ organization: org, name: `Org ${o} project ${p}` })));
  return {
    organizations: ORGS.map((id, o) => ({ id, name: `Org ${o}` })),
    users: [
      ...ORGS.map((org, o) => ({ email: `team${o}@example.test`, api_key: KEYS[o]!, memberships: [{ organization: org, level: 15 }] })),
      ...Array.from({ length: USERS }, (_, i) => ({
        email: `user${i}@example.test`,
        api_key: userKey(i),
        memberships: [{ organization: ORGS[i % 2]!, level: 15 }],
      })),
    ],
    projects,
    feature_flags: projects.flatMap((project) =>
      Array.from({ length: FLAGS_PER_PROJECT }, (_, f) => ({
        project: project.name,
        key: `flag-${f}`,
        name: 'v0',
        filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
      })),
    ),
  };
}

// The same documents for every contender: the baseline implements this subset of the gateway's schema.
const SCREENS = {
  projects: 'query Projects { projects(first: 10) { totalCount nodes { id name } } }',
  flags: 'query Flags($id: ID!) { project(id: $id) { id name featureFlags(first: 30) { totalCount nodes { id key name active } } } }',
  flag: 'query Flag($ids: [ID!]!) { nodes(ids: $ids) { ... on FeatureFlag { id key name active roleAccess(first: 10) { nodes { role { name } } } } } }',
};
const RENAME = 'mutation Rename($id: ID!, $name: String!) { updateFeatureFlag(input: { id: $id, name: $name }) { featureFlag { id name } } }';
type Screen = 'projects' | 'flags' | 'flag' | 'back';

interface FlagNode {
  id: string;
  key?: string;
  name?: string;
}
/** The parts of a GraphQL answer the benchmark reads. */
interface Answer {
  data?: { project?: { featureFlags?: { nodes: FlagNode[] } } | null; nodes?: Array<FlagNode | null> } | null;
  errors?: Array<{ message?: string; extensions?: { code?: string } }>;
  extensions?: { upstream?: { totals?: { calls?: number } } };
}

interface Stats {
  latency: Record<Screen, number[]>;
  /** Screens whose answer made no upstream call (gateway contenders report it). */
  warm: number[];
  screens: Record<Screen, number>;
  throttledScreens: number;
  failedScreens: number;
  writes: { gateway: number; rest: number };
  rywViolations: number;
  staleReads: number;
  maxStaleMs: number;
}

/** What each flag's name must be at least: names are `v<sequence>`, a write sets a higher one. */
class Versions {
  seq = 0;
  /** Per flag: [sequence, when the write was done, by REST (elsewhere) or the contender]. */
  readonly writes = new Map<string, Array<{ seq: number; at: number; elsewhere: boolean }>>();

  record(flag: string, seq: number, at: number, elsewhere: boolean): void {
    let list = this.writes.get(flag);
    if (!list) this.writes.set(flag, (list = []));
    list.push({ seq, at, elsewhere });
  }

  /** A read of `flag` started at `startedAt` showed `seen`: a read-your-writes violation, a stale read (with its age), or fine. */
  check(flag: string, seen: number, startedAt: number, stats: Stats): void {
    for (const write of this.writes.get(flag) ?? []) {
      if (write.at >= startedAt || seen >= write.seq) continue;
      if (!write.elsewhere) stats.rywViolations++;
      else {
        stats.staleReads++;
        stats.maxStaleMs = Math.max(stats.maxStaleMs, startedAt - write.at);
      }
    }
  }
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.random() * (max - min);

async function post(url: string, key: string, query: string, variables: Record<string, unknown>, report: boolean): Promise<{ body: Answer; ms: number }> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...(report ? { 'x-upstream-report': '1' } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as Answer;
  return { body, ms: performance.now() - started };
}

/** An error that says the upstream throttled the key (the gateway's code, or the baseline's upstream 429 message). */
const isThrottled = (body: Answer) => (body.errors ?? []).some((e) => e.extensions?.code === 'RATE_LIMITED' || /\b429\b/.test(e.message ?? ''));

async function run(name: string, upstream: LocalUpstream, url: string, report: boolean, keyMode: KeyMode): Promise<Stats> {
  const stats: Stats = {
    latency: { projects: [], flags: [], flag: [], back: [] },
    warm: [],
    screens: { projects: 0, flags: 0, flag: 0, back: 0 },
    throttledScreens: 0,
    failedScreens: 0,
    writes: { gateway: 0, rest: 0 },
    rywViolations: 0,
    staleReads: 0,
    maxStaleMs: 0,
  };
  const versions = new Versions();
  const projectIds = upstream.seeded.projects.map((p) => p.id);
  const flagsOf = new Map<number, number[]>();
  for (const project of projectIds) {
    const page = (await (
      await fetch(`${upstream.url}/api/projects/${project}/feature_flags/?limit=100`, {
        headers: { authorization: `Bearer ${KEYS[projectIds.indexOf(project) < PROJECTS_PER_ORG ? 0 : 1]}` },
      })
    ).json()) as { results: Array<{ id: number }> };
    flagsOf.set(
      project,
      page.results.map((f) => f.id),
    );
  }
  const recent: Array<Array<{ at: number; project: number; flag: number }>> = [[], []];
  const deadline = Date.now() + DURATION_MS;

  const observe = (body: Answer, startedAt: number) => {
    const visit = (node: FlagNode | null) => {
      if (node?.key && typeof node.name === 'string' && /^v\d+$/.test(node.name)) versions.check(node.id, Number(node.name.slice(1)), startedAt, stats);
    };
    for (const node of body.data?.project?.featureFlags?.nodes ?? []) visit(node);
    for (const node of body.data?.nodes ?? []) visit(node);
  };

  async function screen(kind: Screen, key: string, query: string, variables: Record<string, unknown>): Promise<void> {
    const startedAt = Date.now();
    const { body, ms } = await post(url, key, query, variables, report);
    stats.screens[kind]++;
    stats.latency[kind].push(ms);
    if (report && body.extensions?.upstream?.totals?.calls === 0 && !body.errors) stats.warm.push(ms);
    if (isThrottled(body)) stats.throttledScreens++;
    else if (body.errors) stats.failedScreens++;
    observe(body, startedAt);
  }

  async function write(key: string, project: number, flag: number): Promise<void> {
    const seq = ++versions.seq;
    const id = globalId('FeatureFlag', project, flag);
    if (seq % 2 === 0) {
      const { body } = await post(url, key, RENAME, { id, name: `v${seq}` }, false);
      if (!body.errors) versions.record(id, seq, Date.now(), false);
      stats.writes.gateway++;
    } else {
      const answer = await fetch(`${upstream.url}/api/projects/${project}/feature_flags/${flag}/`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `v${seq}` }),
      });
      await answer.arrayBuffer();
      if (answer.ok) versions.record(id, seq, Date.now(), true);
      stats.writes.rest++;
    }
  }

  async function user(index: number): Promise<void> {
    const org = index % 2;
    const key = keyMode === 'team' ? KEYS[org]! : userKey(index);
    const orgProjects = projectIds.slice(org * PROJECTS_PER_ORG, (org + 1) * PROJECTS_PER_ORG);
    await sleep(Math.random() * THINK_MAX);
    while (Date.now() < deadline) {
      const colleague = recent[org]!.filter((v) => v.at > Date.now() - REPEAT_WINDOW_MS);
      const pick =
        Math.random() < REPEAT_SHARE && colleague.length > 0
          ? colleague[Math.floor(Math.random() * colleague.length)]!
          : (() => {
              const project = orgProjects[Math.floor(Math.random() * orgProjects.length)]!;
              const flags = flagsOf.get(project)!;
              return { at: Date.now(), project, flag: flags[Math.floor(Math.random() * flags.length)]! };
            })();
      recent[org]!.push({ ...pick, at: Date.now() });
      if (recent[org]!.length > 500) recent[org]!.splice(0, 250);
      const steps: Array<[Screen, string, Record<string, unknown>]> = [
        ['projects', SCREENS.projects, {}],
        ['flags', SCREENS.flags, { id: globalId('Project', pick.project) }],
        ['flag', SCREENS.flag, { ids: [globalId('FeatureFlag', pick.project, pick.flag)] }],
        ['back', SCREENS.flags, { id: globalId('Project', pick.project) }],
      ];
      for (const [kind, query, variables] of steps) {
        if (Date.now() >= deadline) return;
        await screen(kind, key, query, variables);
        if (Math.random() < 1 / WRITE_EVERY) await write(key, pick.project, pick.flag);
        await sleep(between(THINK_MIN, THINK_MAX));
      }
    }
  }

  console.error(`[real-world] ${name}, a key per ${keyMode}: ${USERS} users for ${DURATION_MS / 1000} s`);
  await Promise.all(Array.from({ length: USERS }, (_, i) => user(i)));
  return stats;
}

/** Upstream calls made by the screens, by the kind of path each screen reads (writes and setup left out). */
function upstreamCallsByScreen(upstream: LocalUpstream, since: number) {
  const calls = { projects: 0, flags: 0, flag: 0, throttled: 0 };
  for (const request of upstream.requests.slice(since)) {
    if (request.method !== 'GET') continue;
    if (request.status === 429) calls.throttled++;
    if (/^\/api\/projects\/?$/.test(request.path)) calls.projects++;
    else if (/\/feature_flags\/\d+\//.test(request.path)) calls.flag++;
    else calls.flags++;
  }
  return calls;
}

async function startContender(name: string, upstreamUrl: string): Promise<Child> {
  const urlPattern = /http:\/\/[\w.:[\]-]+\/graphql/;
  if (name === 'apollo-baseline') return startProcess(name, ['bench/apollo-baseline.ts', '--upstream', upstreamUrl], {}, urlPattern);
  const env = {
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    UPSTREAM_URL: upstreamUrl,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...(name === 'gateway-no-cache' ? { UPSTREAM_CACHE_TTL_MS: '0' } : {}),
  };
  return startProcess(name, ['src/main.ts'], env, urlPattern);
}

interface ContenderResult {
  screens: Record<Screen, number>;
  warmP50ms: number | null;
  upstreamReads: number;
  screensWith429: number;
  writes: { gateway: number; rest: number };
  readYourWritesViolations: number;
  [other: string]: unknown;
}

/** One contender over a fresh upstream (its throttles count from zero), its users calling with `keyMode` keys. */
async function runContender(name: string, keyMode: KeyMode): Promise<ContenderResult> {
  const upstream = await startLocalUpstream({ seed: seed(), quiet: true, rateLimit: 'posthog', latencyMs: values.latency, requestLogLimit: 1_000_000 });
  const contender = await startContender(name, upstream.url);
  try {
    const since = upstream.requests.length;
    const stats = await run(name, upstream, contender.url, name.startsWith('gateway'), keyMode);
    const calls = upstreamCallsByScreen(upstream, since);
    const perScreen = (n: number, screens: number) => (screens ? Math.round((n / screens) * 100) / 100 : null);
    const result: ContenderResult = {
      screens: stats.screens,
      p50ms: Object.fromEntries(Object.entries(stats.latency).map(([k, v]) => [k, percentile(v, 50)])),
      p95ms: Object.fromEntries(Object.entries(stats.latency).map(([k, v]) => [k, percentile(v, 95)])),
      warmScreens: stats.warm.length,
      warmP50ms: percentile(stats.warm, 50),
      upstreamReads: calls.projects + calls.flags + calls.flag,
      upstreamCallsPerScreen: {
        projects: perScreen(calls.projects, stats.screens.projects),
        'flags+back': perScreen(calls.flags, stats.screens.flags + stats.screens.back),
        flag: perScreen(calls.flag, stats.screens.flag),
      },
      upstream429s: calls.throttled,
      screensWith429: stats.throttledScreens,
      otherFailedScreens: stats.failedScreens,
      writes: stats.writes,
      readYourWritesViolations: stats.rywViolations,
      staleReadsAfterRestWrites: stats.staleReads,
      maxStalenessMs: stats.maxStaleMs,
    };
    console.error(`[real-world] ${name}, a key per ${keyMode}: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await contender.stop();
    await upstream.stop();
  }
}

/** The targets (BENCHMARKS.md, "Real world"), the gateway with its cache on against the baseline of the same round. */
function targets(cache: ContenderResult | undefined, baseline: ContenderResult | undefined) {
  if (!cache || !baseline) return null;
  const share = baseline.upstreamReads ? Math.round((cache.upstreamReads / baseline.upstreamReads) * 1000) / 10 : null;
  return {
    upstreamReadsPercentOfBaseline: share,
    atMost20PercentOfBaseline: share !== null && share <= 20,
    no429ReachingUsers: cache.screensWith429 === 0,
    warmP50Under20ms: cache.warmP50ms !== null && cache.warmP50ms < 20,
    readYourWrites100Percent: cache.writes.gateway > 0 && cache.readYourWritesViolations === 0,
  };
}

async function main(): Promise<void> {
  const keyModes = values.keys.split(',') as KeyMode[];
  for (const mode of keyModes) if (mode !== 'team' && mode !== 'user') throw new Error(`--keys: team and/or user, not ${String(mode)}`);
  const rounds: Record<string, unknown> = {};
  for (const keyMode of keyModes) {
    const results: Record<string, ContenderResult> = {};
    for (const name of values.contenders.split(',')) results[name] = await runContender(name, keyMode);
    rounds[`key-per-${keyMode}`] = { results, targets: targets(results['gateway-cache'], results['apollo-baseline']) };
  }
  const summary = {
    at: new Date().toISOString(),
    users: USERS,
    durationS: DURATION_MS / 1000,
    upstreamLatencyMs: values.latency,
    think: values.think,
    rounds,
  };
  console.log(JSON.stringify(summary, null, 2));
  if (values.out) {
    mkdirSync(join(values.out, '..'), { recursive: true });
    writeFileSync(values.out, await formattedJson(values.out, summary));
  }
}

await main();
