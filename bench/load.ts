// One measured load run against one contender: autocannon with every answer checked byte for
// byte, upstream calls counted at the stub, CPU time and peak RSS of the contender's process.
import { readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { Operation } from './scenarios.ts';

export interface RunResult {
  /** Operations per second: a create-then-delete scenario counts one per pair (`requestsPerOp`). */
  opsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Non-2xx, socket errors, timeouts and answers differing from the expected one (GraphQL errors in a 200 included). */
  errors: number;
  upstreamCallsPerOp: number;
  cpuMsPerOp: number;
  peakRssMiB: number;
}

export interface Target {
  url: string;
  pid: number;
  token: string;
}

/**
 * Runs `operations` in turn on every connection for `durationS`; `expected[i]` is operation i's
 * answer. `requestsPerOp`: how many requests make one operation in the rates (default all of
 * them: a create and its delete are one; 1 when each request is a read of its own).
 */
export async function measure(
  target: Target,
  operations: Operation[],
  expected: string[],
  connections: number,
  durationS: number,
  stubUrl: string,
  requestsPerOp: number = operations.length,
): Promise<RunResult> {
  let mismatches = 0;
  const requests = operations.map((op, i) => ({
    method: 'POST' as const,
    body: JSON.stringify(op),
    onResponse: (status: number, body: string) => {
      if (status !== 200 || body.trimEnd() !== expected[i]) mismatches++;
    },
  }));
  await settledCalls(stubUrl); // the previous run's stragglers land before the count restarts
  await fetch(`${stubUrl}/__bench/reset`, { method: 'POST' });
  resetPeakRss(target.pid);
  const cpuBefore = cpuMs(target.pid);
  const result = await autocannon(loadOptions(target, connections, durationS, requests));
  const cpu = cpuMs(target.pid) - cpuBefore;
  // Operations still in flight when the run stops finish upstream afterwards: count their calls
  // too (settled), against every operation sent rather than only those answered in time.
  const calls = await settledCalls(stubUrl);
  const ops = Math.max(result.requests.sent / requestsPerOp, 1);
  return {
    // Completed answers over the run's measured length, not autocannon's per-second samples: a
    // one-second run has a single sample, which a partial second would skew.
    opsPerSec: Math.round(result.requests.total / result.duration / requestsPerOp),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts + mismatches,
    upstreamCallsPerOp: round2(calls / ops),
    cpuMsPerOp: round2(cpu / ops),
    peakRssMiB: memoryMiB(target.pid, 'VmHWM'),
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Unmeasured load (a warm-up): the same requests for `seconds`, nothing counted or checked. */
export async function warm(target: Target, operations: Operation[], connections: number, seconds: number): Promise<void> {
  await autocannon(
    loadOptions(
      target,
      connections,
      seconds,
      operations.map((op) => ({ method: 'POST' as const, body: JSON.stringify(op) })),
    ),
  );
}

/** autocannon's options for `requests` sent in turn on every connection, with the target's token. */
function loadOptions(target: Target, connections: number, seconds: number, requests: autocannon.Request[]): autocannon.Options {
  return {
    url: target.url,
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${target.token}` },
    requests,
  };
}

/** Upstream calls counted at the stub once the count stops moving (at most ~3 s). */
export async function settledCalls(stubUrl: string): Promise<number> {
  const total = async () => Object.values((await (await fetch(`${stubUrl}/__bench/calls`)).json()) as Record<string, number>).reduce((a, b) => a + b, 0);
  let last = -1;
  for (let i = 0; i < 30; i++) {
    const now = await total();
    if (now === last) return now;
    last = now;
    await new Promise((r) => setTimeout(r, 100));
  }
  return last;
}

/** Resets the process's peak RSS (VmHWM) so each run reports its own peak (Linux: clear_refs 5). */
function resetPeakRss(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // not permitted here: the peak then spans every run so far
  }
}

/** CPU time (user + system) a process has used so far, in ms (USER_HZ is 100 on Linux). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function memoryMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const kib = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kib ? Math.round(Number(kib) / 1024) : NaN;
}
