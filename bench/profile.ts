// `npm run bench:profile`: CPU milliseconds per request of each contender, one scenario at a time,
// on a single connection with a fixed number of requests (robust to other load on the machine,
// unlike throughput), and optionally a CPU profile of exactly the measured requests.
//
//   npm run bench:profile -- --scenarios project,list,n+1 --contenders gateway,apollo-baseline --requests 2000 [--cpu-prof] [--no-build]
//
// With --cpu-prof each contender runs with the inspector on a loopback port; the profile is taken
// through it and written to bench/results/profiles/<scenario>.<contender>.cpuprofile (open it in
// Chrome DevTools), and the functions and packages with the most self time are printed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from 'undici';
import { checkedAnswers, startBench, DEFAULT_CONTENDERS, type Contender } from './contenders.ts';
import { cpuMs } from './load.ts';
import { selectScenarios } from './options.ts';
import { BENCH_KEY } from './seed.ts';
import type { Operation } from './scenarios.ts';
import { Inspector, topSelfTime, type CpuProfile } from './inspector.ts';

const { values } = parseArgs({
  options: {
    scenarios: { type: 'string' },
    contenders: { type: 'string' },
    requests: { type: 'string', default: '2000' },
    warmup: { type: 'string', default: '1000' },
    'cpu-prof': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
  },
});
const REQUESTS = Number(values.requests);
const WARMUP = Number(values.warmup);
const PROFILES = join('bench', 'results', 'profiles');

async function main(): Promise<void> {
  const scenarios = selectScenarios(values.scenarios?.split(','));
  const names = values.contenders?.split(',') ?? DEFAULT_CONTENDERS;
  const bench = await startBench(names, { build: !values['no-build'], nodeFlags: values['cpu-prof'] ? ['--inspect=127.0.0.1:0'] : [] });
  const rows: Record<string, string | number>[] = [];
  try {
    for (const scenario of scenarios) {
      const operations = scenario.operations(bench.ids);
      const expected = await checkedAnswers(operations, bench.contenders);
      for (const contender of bench.contenders) {
        const { cpuMsPerRequest, profile } = await profileOne(contender, operations, expected);
        rows.push({ scenario: scenario.id, contender: contender.name, requests: REQUESTS, 'CPU ms/request': cpuMsPerRequest });
        if (profile) report(profile, `${scenario.id}.${contender.name}`);
      }
    }
    console.table(rows);
  } finally {
    await bench.stop();
  }
}

/** Warm-up, then REQUESTS requests one after another on one keep-alive connection. */
async function profileOne(contender: Contender, operations: Operation[], expected: string[]) {
  const url = new URL(contender.url);
  const client = new Client(url.origin, { pipelining: 1 });
  const bodies = operations.map((op) => JSON.stringify(op));
  const send = async (i: number) => {
    const k = i % bodies.length;
    const answer = await client.request({
      method: 'POST',
      path: url.pathname,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_KEY}` },
      body: bodies[k]!,
    });
    const text = (await answer.body.text()).trimEnd();
    if (answer.statusCode !== 200 || text !== expected[k]) throw new Error(`bench: ${contender.name} answered ${answer.statusCode}: ${text.slice(0, 300)}`);
  };
  const inspector = values['cpu-prof'] ? await Inspector.connect(contender.child) : null;
  try {
    for (let i = 0; i < WARMUP; i++) await send(i);
    await inspector?.startProfile();
    const before = cpuMs(contender.child.pid);
    for (let i = 0; i < REQUESTS; i++) await send(i);
    const cpuMsPerRequest = Math.round(((cpuMs(contender.child.pid) - before) / REQUESTS) * 1000) / 1000;
    return { cpuMsPerRequest, profile: await inspector?.stopProfile() };
  } finally {
    inspector?.close();
    await client.close();
  }
}

function report(profile: CpuProfile, name: string): void {
  mkdirSync(PROFILES, { recursive: true });
  const file = join(PROFILES, `${name}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  const { functions, packages } = topSelfTime(profile, 30, REQUESTS);
  console.log(`\n${name}: ${file}`);
  console.table(packages);
  console.table(functions);
}

await main();
