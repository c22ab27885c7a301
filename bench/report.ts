// Medians and per-round ratios of the benchmark's measurements, their Markdown tables, and the
// results file's text.
import { format, resolveConfig } from 'prettier';
import type { RunResult } from './load.ts';
import type { Scenario } from './scenarios.ts';

/** One measured run of one contender. */
export interface Measurement extends RunResult {
  scenario: string;
  connections: number;
  round: number;
  contender: string;
}

export interface Cell {
  scenario: string;
  connections: number;
  minCalls: number;
  /** Per contender: medians over the rounds (peak RSS: the largest; errors: the sum). */
  contenders: Record<string, { opsPerSec: number; p99Ms: number; cpuMsPerOp: number; upstreamCallsPerOp: number; peakRssMiB: number; errors: number }>;
  /** gateway ops/s over the other contender's, one value per round, and their median. */
  ratios: Record<string, { perRound: number[]; median: number }>;
  /** A client-shaped scenario's benchmark-shaped twin (its name). */
  sameDataAs?: string;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round2 = (n: number) => Math.round(n * 100) / 100;

export function summarize(measurements: Measurement[], scenarios: Scenario[]): Cell[] {
  const cells: Cell[] = [];
  for (const scenario of scenarios) {
    for (const connections of [...new Set(measurements.map((m) => m.connections))]) {
      const runs = measurements.filter((m) => m.scenario === scenario.name && m.connections === connections);
      if (runs.length === 0) continue;
      const names = [...new Set(runs.map((m) => m.contender))];
      const of = (name: string) => runs.filter((m) => m.contender === name);
      const contenders = Object.fromEntries(
        names.map((name) => {
          const mine = of(name);
          const med = (key: 'opsPerSec' | 'p99Ms' | 'cpuMsPerOp' | 'upstreamCallsPerOp') => round2(median(mine.map((m) => m[key])));
          return [
            name,
            {
              opsPerSec: med('opsPerSec'),
              p99Ms: med('p99Ms'),
              cpuMsPerOp: med('cpuMsPerOp'),
              upstreamCallsPerOp: med('upstreamCallsPerOp'),
              peakRssMiB: Math.max(...mine.map((m) => m.peakRssMiB)),
              errors: mine.reduce((sum, m) => sum + m.errors, 0),
            },
          ];
        }),
      );
      const ratios: Cell['ratios'] = {};
      for (const other of names.filter((n) => n !== 'gateway')) {
        const perRound = of('gateway').map((g) => round2(g.opsPerSec / Math.max(of(other).find((o) => o.round === g.round)?.opsPerSec ?? NaN, 1)));
        ratios[other] = { perRound, median: round2(median(perRound)) };
      }
      const twin = scenarios.find((s) => s.id === scenario.sameDataAs)?.name;
      cells.push({ scenario: scenario.name, connections, minCalls: scenario.minCalls, contenders, ratios, ...(twin ? { sameDataAs: twin } : {}) });
    }
  }
  return cells;
}

interface Results {
  date: string;
  machine: Record<string, unknown>;
  settings: Record<string, unknown>;
  rssMiB: Record<string, Record<string, number>>;
  summary: Cell[];
}

export function markdown(results: Results): string {
  // Every contender of any cell (the floor serves the benchmark-shaped scenarios only: '–' elsewhere).
  const names = [...new Set(results.summary.flatMap((cell) => Object.keys(cell.contenders)))];
  const others = names.filter((n) => n !== 'gateway');
  const lines = [
    `Run ${results.date}; machine ${JSON.stringify(results.machine)}; settings ${JSON.stringify(results.settings)}`,
    '',
    `| scenario | conn | ${names.map((n) => `${n} ops/s`).join(' | ')} | ${others.map((n) => `gateway / ${n} (per round)`).join(' | ')} | gateway p99 ms | gateway CPU ms/op | calls/op (min) | gateway peak MiB | errors |`,
    `|${'---|'.repeat(2 + names.length + others.length + 5)}`,
  ];
  for (const cell of results.summary) {
    const g = cell.contenders.gateway;
    const errors = Object.values(cell.contenders).reduce((sum, c) => sum + c.errors, 0);
    lines.push(
      `| ${cell.scenario} | ${cell.connections} | ${names.map((n) => cell.contenders[n]?.opsPerSec ?? '–').join(' | ')} | ${others
        .map((n) => (cell.ratios[n] ? `**${cell.ratios[n].median}** (${cell.ratios[n].perRound.join(', ')})` : '–'))
        .join(' | ')} | ${g?.p99Ms} | ${g?.cpuMsPerOp} | ${g?.upstreamCallsPerOp} (${cell.minCalls}) | ${g?.peakRssMiB} | ${errors} |`,
    );
  }
  lines.push(...sideBySide(results.summary, others));
  lines.push('', `| contender | RSS idle at start MiB | RSS idle after load MiB | largest peak MiB |`, '|---|---|---|---|');
  for (const name of names) {
    const peak = Math.max(...results.summary.flatMap((c) => c.contenders[name]?.peakRssMiB ?? []));
    lines.push(`| ${name} | ${results.rssMiB.idleAtStart?.[name]} | ${results.rssMiB.idleAfterLoad?.[name]} | ${peak} |`);
  }
  return lines.join('\n');
}

/** The results as the repository's Prettier formats JSON, so a committed results file passes `npm run format:check`. */
export async function formattedJson(file: string, results: unknown): Promise<string> {
  return format(JSON.stringify(results, null, 2), { ...(await resolveConfig(file)), filepath: file });
}

/** Each client-shaped cell beside its benchmark-shaped twin (same data, same connections), when the run has both. */
function sideBySide(summary: Cell[], others: string[]): string[] {
  const pairs = summary.flatMap((client) => {
    const twin = summary.find((cell) => cell.scenario === client.sameDataAs && cell.connections === client.connections);
    return twin ? [{ client, twin }] : [];
  });
  if (pairs.length === 0) return [];
  const compared = others.filter((n) => pairs.some(({ client }) => client.ratios[n]));
  const lines = [
    '',
    `| same data | conn | ${compared.map((n) => `gateway / ${n}: benchmark-shaped → client-shaped`).join(' | ')} | gateway CPU ms/op: benchmark-shaped → client-shaped |`,
    `|${'---|'.repeat(3 + compared.length)}`,
  ];
  for (const { client, twin } of pairs) {
    const ratio = (cell: Cell, n: string) => cell.ratios[n]?.median ?? '–';
    lines.push(
      `| ${twin.scenario} | ${client.connections} | ${compared.map((n) => `${ratio(twin, n)} → ${ratio(client, n)}`).join(' | ')} | ${twin.contenders.gateway?.cpuMsPerOp} → ${client.contenders.gateway?.cpuMsPerOp} |`,
    );
  }
  return lines;
}
