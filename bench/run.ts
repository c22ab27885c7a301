// `npm run bench`: the comparative benchmark (docs/performance.md, results in BENCHMARKS.md).
// Every contender (bench/contenders.ts) reads the same fast REST stub (bench/stub-upstream.ts,
// replaying the local upstream's answers), so only its own cost differs. Rounds are interleaved
// (contender order rotates each round); every answer under load is compared byte for byte with
// the one checked at setup; upstream calls are counted at the stub. Options: bench/options.ts,
// e.g. `npm run bench -- --scenarios project,list,n+1 --connections 10 --rounds 3 --duration 3`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { BENCH_KEY } from './seed.ts';
import type { Scenario } from './scenarios.ts';
import { checkedAnswers, startBench, type Contender } from './contenders.ts';
import { measure, memoryMiB, type RunResult } from './load.ts';
import { benchOptions } from './options.ts';
import { formattedJson, markdown, summarize } from './report.ts';

export interface Measurement extends RunResult {
  scenario: string;
  connections: number;
  round: number;
  contender: string;
}

const FIRST_WARMUP_S = 3;

async function main(): Promise<void> {
  const options = benchOptions();
  const { scenarios, connections: connectionCounts, rounds, durationS, warmupS } = options;
  const bench = await startBench(options.contenders, { build: options.build });
  try {
    const { contenders, ids, stub } = bench;
    const expected = new Map<Scenario, string[]>();
    for (const scenario of scenarios) expected.set(scenario, await checkedAnswers(scenario.operations(ids), contenders));
    const idle = rssOf(contenders);
    const loadAtStart = loadavg();
    console.log(
      `${contenders.length} contenders, ${scenarios.length} scenarios, connections ${connectionCounts.join('/')}, ${rounds} rounds of ${durationS} s (+${warmupS} s warm-up); load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}`,
    );

    const measurements: Measurement[] = [];
    for (const scenario of scenarios) {
      for (const connections of connectionCounts) {
        for (let round = 1; round <= rounds; round++) {
          for (const contender of rotate(contenders, round - 1)) {
            const target = { url: contender.url, pid: contender.child.pid, token: BENCH_KEY };
            const operations = scenario.operations(ids);
            // A scenario's first round warms its code paths up (the JIT) for longer than a slice's warm-up.
            const warmup = round === 1 ? Math.max(warmupS, FIRST_WARMUP_S) : warmupS;
            if (warmup > 0) await measure(target, operations, expected.get(scenario)!, connections, warmup, stub.url);
            const result = await measure(target, operations, expected.get(scenario)!, connections, durationS, stub.url);
            measurements.push({ scenario: scenario.name, connections, round, contender: contender.name, ...result });
            console.log(
              `${scenario.name} | ${connections} conn | round ${round} | ${contender.name}: ${result.opsPerSec} ops/s, p99 ${result.p99Ms} ms, ${result.errors} errors, ${result.upstreamCallsPerOp} calls/op, ${result.cpuMsPerOp} CPU ms/op, peak ${result.peakRssMiB} MiB`,
            );
          }
        }
      }
    }
    await new Promise((r) => setTimeout(r, 3000));
    const results = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
      loadAverage: { atStart: loadAtStart, atEnd: loadavg() },
      settings: { durationS, warmupS, rounds, connections: connectionCounts, contenders: options.contenders },
      rssMiB: { idleAtStart: idle, idleAfterLoad: rssOf(contenders) },
      minCalls: Object.fromEntries(scenarios.map((s) => [s.name, s.minCalls])),
      summary: summarize(measurements, scenarios),
      measurements,
    };
    const out = options.out ?? join('bench', 'results', `${results.date.replace(/[:.]/g, '-')}.json`);
    mkdirSync(join(out, '..'), { recursive: true });
    writeFileSync(out, await formattedJson(out, results));
    console.log(`\n${markdown(results)}\nresults: ${out}`);
  } finally {
    await bench.stop();
  }
}

const rssOf = (contenders: Contender[]) => Object.fromEntries(contenders.map((c) => [c.name, memoryMiB(c.child.pid, 'VmRSS')]));

function rotate<T>(items: T[], by: number): T[] {
  const k = by % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

/** The second half of a full `npm run bench`: the real-world session (bench/real-world.ts, docs/caching-and-quota.md). */
function runRealWorld(): void {
  console.log('\nreal-world session: npm run bench:real-world');
  const run = spawnSync(process.execPath, ['bench/real-world.ts'], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`bench/real-world.ts failed (exit ${run.status})`);
}

await main();
if (benchOptions().realWorld) runRealWorld();
