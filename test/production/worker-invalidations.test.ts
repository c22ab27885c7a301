// `--workers 2` without REDIS_URL keeps read-your-writes (docs/caching-and-quota.md, "Workers"): each
// worker caches on its own, and a write through one worker makes the other's entries stale before
// the write is answered; a 401 seen by one worker ends the key's entries in both
// (src/cluster-invalidations.ts).
import http from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProgram } from '../../deploy/processes.ts';
import { startLocalUpstream, type LocalUpstream } from '../../local-upstream/index.ts';
import { KEY_A, KEY_B, twoOrgSeed } from '../fixtures/seed.ts';
import { startGatewayProcess } from './helpers.ts';

let upstream: LocalUpstream;
let gateway: ChildProgram | undefined;
beforeAll(async () => {
  upstream = await startLocalUpstream({ seed: twoOrgSeed(), quiet: true, rateLimit: 'off' });
});
afterAll(async () => {
  const primary = gateway?.process.pid;
  for (const pid of primary ? workerPids(primary) : []) process.kill(pid, 'SIGKILL');
  await gateway?.stop('SIGKILL');
  await upstream.stop();
});

/** Pids whose parent is `parent` (Linux /proc): the cluster's workers. */
function workerPids(parent: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) pids.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return pids;
}

/** One operation on a fresh connection, so the cluster's round robin hands consecutive ones to alternate workers. */
function graphql(url: string, query: string, variables: Record<string, unknown> = {}, key = KEY_A): Promise<any> {
  const body = JSON.stringify({ query, variables });
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve(JSON.parse(text)));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const FLAGS = 'query Flags { projects(first: 5) { nodes { featureFlags(first: 5) { nodes { id name } } } } }';
const RENAME = 'mutation Rename($id: ID!, $name: String!) { updateFeatureFlag(input: { id: $id, name: $name }) { featureFlag { name } } }';
const flagNodes = (answer: any): Array<{ id: string; name: string }> => answer.data.projects.nodes.flatMap((p: any) => p.featureFlags.nodes);
const upstreamGets = () => upstream.requests.filter((r) => r.method === 'GET').length;

describe('--workers 2 without Redis, cache on', () => {
  it('a write through one worker is read back at once from every worker', { timeout: 60_000 }, async () => {
    gateway = await startGatewayProcess({ UPSTREAM_URL: upstream.url, UPSTREAM_CACHE_TTL_MS: '60000' }, ['--workers', '2']);
    expect(workerPids(gateway.process.pid!)).toHaveLength(2);
    const url = `${gateway.ready[1]!}/graphql`;

    // Both workers read and keep the flags page; then each serves it from its own cache.
    for (let i = 0; i < 4; i += 1) await graphql(url, FLAGS);
    const warm = upstreamGets();
    for (let i = 0; i < 4; i += 1) await graphql(url, FLAGS);
    expect(upstreamGets()).toBe(warm);

    const flag = flagNodes(await graphql(url, FLAGS))[0]!;
    for (const round of [1, 2, 3]) {
      const name = `renamed ${round}`;
      const renamed = await graphql(url, RENAME, { id: flag.id, name });
      expect(renamed.data.updateFeatureFlag.featureFlag.name).toBe(name);
      for (let i = 0; i < 4; i += 1) {
        const seen = flagNodes(await graphql(url, FLAGS)).find((node) => node.id === flag.id);
        expect(seen?.name, `round ${round}, read ${i + 1}`).toBe(name);
      }
    }
    // Every worker confirmed every write's invalidation in time (/metrics sums both workers).
    const metrics = await (await fetch(`${gateway.ready[1]!}/metrics`)).text();
    expect(metrics).toMatch(/^upstream_cache_invalidations_total\{.*\} 3$/m);
    expect(metrics).not.toMatch(/^upstream_cache_invalidation_failures_total\{.*\} [1-9]/m);
  });

  it('a key the upstream refuses through one worker is served from neither worker’s cache', { timeout: 60_000 }, async () => {
    const url = `${gateway!.ready[1]!}/graphql`;
    for (let i = 0; i < 4; i += 1) expect(flagNodes(await graphql(url, FLAGS, {}, KEY_B))).toHaveLength(1);
    upstream.revokeKey(KEY_B);
    // A read neither worker has kept goes upstream and is refused: that worker forgets the key, and tells the other.
    const refused = await graphql(url, 'query Viewer { viewer { email } }', {}, KEY_B);
    expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    for (let i = 0; i < 4; i += 1) {
      const again = await graphql(url, FLAGS, {}, KEY_B);
      expect(again.data?.projects ?? null, `read ${i + 1}`).toBeNull();
    }
  });
});
