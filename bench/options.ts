// The command line of `npm run bench` (each option also has an environment variable, read when
// the option is not given):
//   --scenarios project,list,n+1   scenario ids (bench/scenarios.ts) or parts of their names (BENCH_SCENARIOS; default all);
//                                  project-client,list-client,n+1-client are the same reads as client-shaped documents;
//                                  load-more-client is the next page as Apollo Client's fetchMore and Relay's loadNext ask for it
//   --connections 1,10,50          concurrent connections (BENCH_CONNECTIONS)
//   --rounds 10                    interleaved rounds (BENCH_ROUNDS)
//   --duration 1 --warmup 0.3      seconds per measured run and per unmeasured warm-up (BENCH_DURATION, BENCH_WARMUP)
//   --contenders gateway,floor     see bench/contenders.ts (BENCH_CONTENDERS)
//   --quick                        2 s runs, 10 connections (BENCH_QUICK=1)
//   --out file.json                where results go (BENCH_OUT; default bench/results/<date>.json)
//   --no-build                     reuse dist/ as it is (BENCH_BUILD=0)
//   --no-pin                       leave every process on every CPU (BENCH_PIN=0). By default (Linux, 2 CPUs or
//                                  more) each contender runs on the last CPU and the load generator and the stub
//                                  on the others (taskset), so they take no CPU from the contender under test
//   --no-real-world                skip the real-world session run after the throughput runs (BENCH_REAL_WORLD=0;
//                                  a run given --scenarios or --quick skips it too); alone: npm run bench:real-world
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { DEFAULT_CONTENDERS } from './contenders.ts';
import { SCENARIOS, type Scenario } from './scenarios.ts';

export interface BenchOptions {
  scenarios: Scenario[];
  connections: number[];
  rounds: number;
  durationS: number;
  warmupS: number;
  contenders: string[];
  out: string | undefined;
  build: boolean;
  /** Contenders on the last CPU, everything else on the others (taskset). */
  pin: boolean;
  /** Run bench/real-world.ts (a frontend session over a slow, throttled upstream) after the throughput runs. */
  realWorld: boolean;
}

export function benchOptions(args: string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const { values } = parseArgs({
    args,
    options: {
      scenarios: { type: 'string' },
      connections: { type: 'string' },
      rounds: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      contenders: { type: 'string' },
      quick: { type: 'boolean' },
      out: { type: 'string' },
      'no-build': { type: 'boolean' },
      'no-real-world': { type: 'boolean' },
      'no-pin': { type: 'boolean' },
    },
  });
  const quick = values.quick ?? env.BENCH_QUICK === '1';
  const list = (value: string | undefined) =>
    value
      ?.split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  return {
    scenarios: selectScenarios(list(values.scenarios ?? env.BENCH_SCENARIOS)),
    connections: (list(values.connections ?? env.BENCH_CONNECTIONS) ?? (quick ? ['10'] : ['1', '10', '50'])).map(positive),
    // Many short rounds rather than a few long ones: this kind of host changes speed from one
    // second to the next, and the median of ratios taken a second apart cancels most of it
    // (BENCHMARKS.md, "How steady the figures are").
    rounds: positive(values.rounds ?? env.BENCH_ROUNDS ?? (quick ? '3' : '10')),
    durationS: positive(values.duration ?? env.BENCH_DURATION ?? (quick ? '2' : '1')),
    warmupS: Number(values.warmup ?? env.BENCH_WARMUP ?? (quick ? '0.5' : '0.3')),
    contenders: list(values.contenders ?? env.BENCH_CONTENDERS) ?? DEFAULT_CONTENDERS,
    out: values.out ?? env.BENCH_OUT,
    build: !(values['no-build'] ?? env.BENCH_BUILD === '0'),
    pin: !(values['no-pin'] ?? env.BENCH_PIN === '0') && cpus().length >= 2 && process.platform === 'linux',
    realWorld: !(values['no-real-world'] ?? env.BENCH_REAL_WORLD === '0') && !quick && !(values.scenarios ?? env.BENCH_SCENARIOS),
  };
}

/** Scenarios by id (`list`) or by part of their name (`N+1`), in the benchmark's order; all without a list. */
export function selectScenarios(wanted: string[] | undefined): Scenario[] {
  if (!wanted) return SCENARIOS;
  for (const item of wanted) {
    if (!SCENARIOS.some((s) => matches(s, item))) throw new Error(`bench: no scenario ${item} (ids: ${SCENARIOS.map((s) => s.id).join(', ')})`);
  }
  return SCENARIOS.filter((s) => wanted.some((item) => matches(s, item)));
}

// An id names one scenario exactly; anything else is looked for in the names.
const matches = (scenario: Scenario, item: string) => (SCENARIOS.some((s) => s.id === item) ? scenario.id === item : scenario.name.includes(item));

function positive(text: string): number {
  const n = Number(text);
  if (!(n > 0)) throw new Error(`bench: expected a positive number, got ${text}`);
  return n;
}
