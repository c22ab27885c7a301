// Many replicas: with REDIS_URL, an automatic persisted query registered through one gateway
// process is found by another (a real redis-server, two gateway processes, one upstream).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startRedis, type ChildProgram } from '../../deploy/processes.ts';
import { startLocalUpstream, type LocalUpstream } from '../../local-upstream/index.ts';
import { KEY_A, twoOrgSeed } from '../gateway/helpers.ts';
import { startGatewayProcess } from './helpers.ts';

const QUERY = 'query ReplicaProjects { projects { nodes { name } } }';
const HASH = createHash('sha256').update(QUERY).digest('hex');

let upstream: LocalUpstream;
const children: ChildProgram[] = [];
let redisUrl: string;

beforeAll(async () => {
  upstream = await startLocalUpstream({ seed: twoOrgSeed(), quiet: true });
  const port = await freePort();
  children.push(await startRedis(port));
  redisUrl = `redis://127.0.0.1:${port}`;
});
afterAll(async () => {
  await Promise.all(children.map((child) => child.stop('SIGKILL')));
  await upstream.stop();
});

/** Posts an APQ request: the hash, and the document only when `withQuery`. */
async function persisted(base: string, withQuery: boolean, hash = HASH): Promise<{ data?: any; errors?: Array<{ extensions?: { code?: string } }> }> {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY_A}` },
    body: JSON.stringify({ ...(withQuery ? { query: QUERY } : {}), extensions: { persistedQuery: { version: 1, sha256Hash: hash } } }),
  });
  return (await response.json()) as { data?: any; errors?: Array<{ extensions?: { code?: string } }> };
}

describe('automatic persisted queries across replicas', () => {
  it('with REDIS_URL, a query registered on one replica is found on the other', async () => {
    const [one, two] = await Promise.all([
      startGatewayProcess({ UPSTREAM_URL: upstream.url, REDIS_URL: redisUrl }),
      startGatewayProcess({ UPSTREAM_URL: upstream.url, REDIS_URL: redisUrl }),
    ]);
    children.push(one, two);
    const [first, second] = [one.ready[1]!, two.ready[1]!];

    expect((await persisted(second, false)).errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect((await persisted(first, true)).data?.projects.nodes).toEqual([{ name: 'Acme Web' }, { name: 'Acme App' }]);
    const found = await persisted(second, false);
    expect(found.errors).toBeUndefined();
    expect(found.data?.projects.nodes).toEqual([{ name: 'Acme Web' }, { name: 'Acme App' }]);
  });
});
