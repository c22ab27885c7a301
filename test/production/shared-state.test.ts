// Work across requests shared by replicas through Redis (docs/caching-and-quota.md): a real redis-server, two
// gateways (replicas) and one local upstream with the service's throttles at a tight rate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProgram } from '../../deploy/processes.ts';
import { startLocalUpstream, type LocalUpstream } from '../../local-upstream/index.ts';
import { startGateway, type RunningGateway } from '../../src/server.ts';
import { parseRateLimits } from '../../src/upstream-client/across-requests/quota.ts';
import { EVERYONE, LEVEL, seedFlag, seededProjectId, seedOrganization, seedProject, seedUser } from '../fixtures/seed.ts';
import { postGraphQL } from '../gateway/helpers.ts';
import { startLocalRedis } from './redis-tools.ts';

const ORG_A = '0190c271-0000-7000-8000-00000000000a';
const ORG_B = '0190c271-0000-7000-8000-00000000000b';
const ALICE = 'phx_replica_alice_00000000000000000';
const ADA = 'phx_replica_ada_0000000000000000000';
const BOB = 'phx_replica_bob_0000000000000000000';
const FLAGS = 'query Flags($first: Int) { projects(first: 5) { nodes { featureFlags(first: $first) { nodes { id key name } } } } }';

const WINDOWS = '12/minute,200/hour';

let upstream: LocalUpstream;
let redis: ChildProgram;
let one: RunningGateway;
let two: RunningGateway;

beforeAll(async () => {
  upstream = await startLocalUpstream({
    quiet: true,
    // Tight enough to throttle Alice within a test; Bob and Ada each keep their own budget.
    rateLimit: WINDOWS,
    seed: {
      organizations: [seedOrganization(ORG_A, 'Acme'), seedOrganization(ORG_B, 'Globex')],
      users: [
        seedUser('alice@acme.test', ALICE, ORG_A, LEVEL.owner),
        seedUser('ada@acme.test', ADA, ORG_A),
        seedUser('bob@globex.test', BOB, ORG_B, LEVEL.owner),
      ],
      projects: [seedProject(ORG_A, 'Acme Web'), seedProject(ORG_B, 'Globex Site')],
      feature_flags: [seedFlag('Acme Web', 'checkout', { name: 'v1', filters: EVERYONE }), seedFlag('Globex Site', 'globex-flag', { filters: EVERYONE })],
    },
  });
  const started = await startLocalRedis();
  redis = started.program;
  const replica = () =>
    startGateway({
      upstreamUrl: upstream.url,
      port: 0,
      host: '127.0.0.1',
      redisUrl: started.url,
      upstreamCacheTtlMs: 60_000,
      upstreamHoldThrottledKeys: true,
      // The upstream's own windows, so the replicas' shared count can be checked against its.
      upstreamRateLimits: parseRateLimits(WINDOWS),
    });
  [one, two] = await Promise.all([replica(), replica()]);
});

afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()]);
  await redis?.stop('SIGKILL');
  await upstream?.stop();
});

const ask = (gateway: RunningGateway, token: string, query = FLAGS, variables: Record<string, unknown> = { first: 10 }) =>
  postGraphQL<any>(gateway.url, query, variables, { token, report: true });
const names = (res: { data?: any }) => (res.data.projects.nodes as any[]).flatMap((p) => p.featureFlags.nodes.map((f: any) => f.name));

describe('replicas sharing Redis', () => {
  it('a read cached through one replica is served by the other to the same key only', async () => {
    expect((await ask(one, ALICE)).extensions?.upstream.totals.calls).toBe(2);
    // The projects list depends on the key's organization, which this replica learns from its first answer
    // (docs/caching-and-quota.md, "Which write invalidates what"); the flags page is served at once.
    expect((await ask(two, ALICE)).extensions?.upstream.totals).toMatchObject({ calls: 1, cache: 1 });
    const again = await ask(two, ALICE);
    expect(again.extensions?.upstream.totals).toMatchObject({ calls: 0, cache: 2 });
    expect((await ask(two, ADA)).extensions?.upstream.totals).toMatchObject({ calls: 2, cache: 0 });
  });

  it('a write through one replica is read back through the other, by every key', async () => {
    await ask(one, ADA);
    const flagId = (await ask(one, ALICE)).data.projects.nodes[0].featureFlags.nodes[0].id as string;
    const update = await ask(two, ALICE, 'mutation Rename($id: ID!) { updateFeatureFlag(input: { id: $id, name: "v2" }) { featureFlag { name } } }', {
      id: flagId,
    });
    expect(update.data?.updateFeatureFlag.featureFlag.name).toBe('v2');
    expect(names(await ask(one, ALICE))).toEqual(['v2']);
    expect(names(await ask(one, ADA))).toEqual(['v2']);
  });

  it('counts a key’s calls across replicas', async () => {
    const viaOne = await ask(one, BOB, '{ rateLimit { used } }', {});
    await ask(two, BOB);
    const viaTwo = await ask(two, BOB, '{ rateLimit { used cost } }', {});
    expect(viaTwo.data.rateLimit.used).toBe(viaOne.data.rateLimit.used + 2);
    expect(viaTwo.data.rateLimit.cost).toBe(0);
  });

  it('a key throttled through one replica is held by the other, without an upstream call; other keys are served', async () => {
    let refused = false;
    for (let first = 30; first < 45 && !refused; first++) {
      const res = await ask(one, ALICE, FLAGS, { first });
      refused = res.errors?.[0]?.extensions?.code === 'RATE_LIMITED';
    }
    expect(refused).toBe(true);
    const before = upstream.requests.length;
    const held = await ask(two, ALICE, FLAGS, { first: 99 });
    expect(held.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
    expect(held.extensions?.upstream.totals).toMatchObject({ calls: 0, held: 1 });
    expect(upstream.requests.length).toBe(before);
    expect((await ask(two, BOB, FLAGS, { first: 99 })).errors).toBeUndefined();
    // The call the upstream refused is not counted, as the service does not count it: the
    // replicas' shared minute shows exactly the service's 12, not one more per refused attempt.
    const count = await ask(one, ALICE, '{ rateLimit { windows { name used remaining } } }', {});
    expect(count.data.rateLimit.windows[0]).toEqual({ name: 'minute', used: 12, remaining: 0 });
  });

  it('a key refused (401) through one replica loses its entries on every replica', async () => {
    expect((await ask(one, ADA, FLAGS, { first: 50 })).errors).toBeUndefined();
    expect((await ask(one, ADA, FLAGS, { first: 50 })).extensions?.upstream.totals.calls).toBe(0);
    upstream.revokeKey(ADA);
    expect((await ask(two, ADA, FLAGS, { first: 51 })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await ask(one, ADA, FLAGS, { first: 50 })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('keeps answering when Redis goes away (more upstream calls, no failed operations)', async () => {
    await redis.stop('SIGKILL');
    const project = seededProjectId(upstream, 'Globex Site');
    const res = await ask(one, BOB, 'query One($id: ID!) { project(id: $id) { name } }', { id: String(project) });
    expect(res.errors).toBeUndefined();
  });
});
