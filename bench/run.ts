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
import { checkedAnswers, requestsPerOp, startBench, type Contender } from './contenders.ts';
import { measure, memoryMiB, warm } from './load.ts';
import { benchOptions } from './options.ts';
import { formattedJson, markdown, summarize, type Measurement } from './report.ts';

const FIRST_WARMUP_S = 3;

async function main(): Promise<void> {
  const options = benchOptions();
  const { connections: connectionCounts, rounds, durationS, warmupS } = options;
  const bench = await startBench(options.contenders, { build: options.build });
  try {
    const { contenders, ids, stub } = bench;
    const { scenarios } = options;
    if (options.pin) pinCpus(contenders, [process.pid, stub.pid]);
    const expected = new Map<Scenario, string[]>();
    for (const scenario of scenarios) expected.set(scenario, await checkedAnswers(scenario.operations(ids), contenders));
    const idle = rssOf(contenders);
    const loadAtStart = loadavg();
    console.log(
      `${contenders.length} contenders, ${scenarios.length} scenarios, connections ${connectionCounts.join('/')}, ${rounds} rounds of ${durationS} s (+${warmupS} s warm-up)${options.pin ? ', contenders pinned to the last CPU' : ''}; load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}`,
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
            if (warmup > 0) await warm(target, operations, connections, warmup);
            const result = await measure(target, operations, expected.get(scenario)!, connections, durationS, stub.url, requestsPerOp(scenario, ids));
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
      settings: { durationS, warmupS, rounds, connections: connectionCounts, contenders: options.contenders, pinned: options.pin },
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

/**
 * Each contender (all its threads) on the last CPU; this process (the load generator) and the
 * stub on the others. On a small machine the load generator and the stub otherwise take CPU from
 * the contender under test, so its throughput reflects theirs as much as its own.
 */
function pinCpus(contenders: Contender[], harness: number[]): void {
  const last = cpus().length - 1; // at least 1: bench/options.ts pins only with 2 CPUs or more
  const pin = (cpuList: string, pid: number) => {
    const done = spawnSync('taskset', ['-a', '-cp', cpuList, String(pid)], { encoding: 'utf8' });
    if (done.status !== 0) throw new Error(`bench: taskset failed for ${pid}: ${done.stderr || done.error}`);
  };
  for (const contender of contenders) pin(String(last), contender.child.pid);
  for (const pid of harness) pin(last === 1 ? '0' : `0-${last - 1}`, pid);
}
