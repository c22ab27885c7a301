// Many replicas: with REDIS_URL, an automatic persisted query registered through one gateway
// process is found by another, and so is a trusted document only one replica's manifest lists
// (a rolling deploy of a new manifest). A real redis-server, two gateway processes, one upstream.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProgram } from '../../deploy/processes.ts';
import { startLocalUpstream, type LocalUpstream } from '../../local-upstream/index.ts';
import { KEY_A, twoOrgSeed } from '../fixtures/seed.ts';
import { startGatewayProcess } from './helpers.ts';
import { startLocalRedis } from './redis-tools.ts';

const QUERY = 'query ReplicaProjects { projects { nodes { name } } }';
const HASH = createHash('sha256').update(QUERY).digest('hex');

let upstream: LocalUpstream;
const children: ChildProgram[] = [];
let redisUrl: string;
const manifestDir = mkdtempSync(join(tmpdir(), 'replicas-manifest-'));

const TRUSTED = 'query ReplicaProjectCount { projects { totalCount } }';
const TRUSTED_ID = createHash('sha256').update(TRUSTED).digest('hex');

/** A manifest file listing `body` (its id is the body's SHA-256, as the manifest generator writes it). */
function manifestFile(name: string, body: string): string {
  const file = join(manifestDir, `${name}.json`);
  const id = createHash('sha256').update(body).digest('hex');
  writeFileSync(file, JSON.stringify({ format: 'apollo-persisted-query-manifest', version: 1, operations: [{ id, name, type: 'query', body }] }));
  return file;
}

beforeAll(async () => {
  upstream = await startLocalUpstream({ seed: twoOrgSeed(), quiet: true, rateLimit: 'off' });
  const redis = await startLocalRedis();
  children.push(redis.program);
  redisUrl = redis.url;
});
afterAll(async () => {
  await Promise.all(children.map((child) => child.stop('SIGKILL')));
  await upstream.stop();
  rmSync(manifestDir, { recursive: true, force: true });
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

describe('persisted queries and trusted documents across replicas', () => {
  it('with REDIS_URL, what one replica registered or loaded is found by the other', async () => {
    // Replica one runs the new manifest, replica two still the old one (log mode: other documents pass).
    const [one, two] = await Promise.all([
      startGatewayProcess({
        UPSTREAM_URL: upstream.url,
        REDIS_URL: redisUrl,
        TRUSTED_DOCUMENTS: manifestFile('ReplicaProjectCount', TRUSTED),
        TRUSTED_DOCUMENTS_MODE: 'log',
      }),
      startGatewayProcess({
        UPSTREAM_URL: upstream.url,
        REDIS_URL: redisUrl,
        TRUSTED_DOCUMENTS: manifestFile('Old', '{ __typename }'),
        TRUSTED_DOCUMENTS_MODE: 'log',
      }),
    ]);
    children.push(one, two);
    const [first, second] = [one.ready[1]!, two.ready[1]!];

    expect((await persisted(second, false)).errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect((await persisted(first, true)).data?.projects.nodes).toEqual([{ name: 'Acme Web' }, { name: 'Acme App' }]);
    const found = await persisted(second, false);
    expect(found.errors).toBeUndefined();
    expect(found.data?.projects.nodes).toEqual([{ name: 'Acme Web' }, { name: 'Acme App' }]);

    // A client of the new manifest sends only the id; the replica with the old manifest finds it in Redis.
    const byId = await persisted(second, false, TRUSTED_ID);
    expect(byId.errors).toBeUndefined();
    expect(byId.data).toEqual({ projects: { totalCount: 2 } });
  });
});
