// Every core: `--workers 2` runs two gateway workers behind one port; /metrics sums them; a
// worker that dies is replaced; SIGTERM stops them all.
import http from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProgram } from '../../deploy/processes.ts';
import { startLocalUpstream, type LocalUpstream } from '../../local-upstream/index.ts';
import { KEY_A, twoOrgSeed } from '../fixtures/seed.ts';
import { poll, startGatewayProcess } from './helpers.ts';

let upstream: LocalUpstream;
let gateway: ChildProgram | undefined;
beforeAll(async () => {
  upstream = await startLocalUpstream({ seed: twoOrgSeed(), quiet: true, rateLimit: 'off' });
});
afterAll(async () => {
  for (const pid of gateway?.process.pid ? childPids(gateway.process.pid) : []) process.kill(pid, 'SIGKILL');
  await gateway?.stop('SIGKILL');
  await upstream.stop();
});

/** Pids whose parent is `parent` (Linux /proc). */
function childPids(parent: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/<pid>/stat is the parent pid; the name field (2) is in parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) pids.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return pids.sort();
}

/** One request on a fresh connection, so the cluster's round robin spreads them over workers. */
function request(url: string, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: body ? 'POST' : 'GET',
        agent: false,
        headers: body ? { 'content-type': 'application/json', authorization: `Bearer ${KEY_A}` } : {},
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const OPERATION = JSON.stringify({ query: 'query WorkerProjects { projects { totalCount } }' });

describe('--workers 2', () => {
  it('serves from two workers on one port, sums /metrics, replaces a dead worker, stops all on SIGTERM', { timeout: 60_000 }, async () => {
    gateway = await startGatewayProcess({ UPSTREAM_URL: upstream.url }, ['--workers', '2']);
    expect(gateway.output()).toContain('Workers: 2');
    const base = gateway.ready[1]!;
    const workers = childPids(gateway.process.pid!);
    expect(workers).toHaveLength(2);

    for (let i = 0; i < 10; i += 1) expect((await request(`${base}/graphql`, OPERATION)).status).toBe(200);
    // Whichever worker answers /metrics, it reports the operations of both.
    for (let i = 0; i < 4; i += 1) {
      const metrics = await request(`${base}/metrics`);
      expect(metrics.text).toContain('graphql_requests_total{operation="WorkerProjects",outcome="ok"} 10');
    }

    process.kill(workers[0]!, 'SIGKILL');
    const replaced = await poll(
      async () => childPids(gateway!.process.pid!),
      (pids) => pids.length === 2 && !pids.includes(workers[0]!),
    );
    expect(replaced).toHaveLength(2);
    expect(replaced).toContain(workers[1]);
    // The replacement listens on the shared port: every fresh connection gets an answer.
    for (let i = 0; i < 6; i += 1) {
      const answer = await poll(
        () => request(`${base}/graphql`, OPERATION).catch(() => ({ status: 0, text: '' })),
        (r) => r.status === 200,
        50,
      );
      expect(answer.status).toBe(200);
    }

    gateway.process.kill('SIGTERM');
    expect(await gateway.exited).toBe(0);
    expect(replaced.filter((pid) => isAlive(pid))).toEqual([]);
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
