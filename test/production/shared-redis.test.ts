// A Redis shared by deployments and tenants, attacked as docs/caching-and-quota.md ("Redis") says it
// holds up: a reader of every key and value learns no token, no token digest and no record; two
// deployments (other upstream origins) share nothing; an entry planted under another tenant's key
// does not open; a hung Redis costs one request about 100 ms and later ones nothing, and once it
// answers again nothing a write made stale meanwhile is served; a flags page primes its flags in one
// round trip; generation counters expire. A real redis-server, gateways in this process.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@redis/client';
import type { ChildProgram } from '../../deploy/processes.ts';
import { DEMO_API_KEY, startLocalUpstream, type LocalUpstream } from '../../local-upstream/index.ts';
import { startGateway, type GatewayOptions, type RunningGateway } from '../../src/server.ts';
import { SealedEntries } from '../../src/upstream-client/across-requests/sealed-entries.ts';
import { TokenDigests } from '../../src/upstream-client/across-requests/token-digest.ts';
import { parseRateLimits } from '../../src/upstream-client/across-requests/quota.ts';
import { EVERYONE, LEVEL, seedFlag, seededProjectId, seedOrganization, seedProject, seedUser } from '../fixtures/seed.ts';
import type { SeedFile } from '../../local-upstream/index.ts';
import { postGraphQL } from '../gateway/helpers.ts';
import { poll, startGatewayProcess } from './helpers.ts';
import { monitorRedis, redisContents, startHungRedis, startLocalRedis, startRedisProxy } from './redis-tools.ts';

const ORG_A = '0190c271-0000-7000-8000-0000000000a1';
const ORG_B = '0190c271-0000-7000-8000-0000000000b1';
const ALICE = 'phx_shared_redis_alice_000000000000';
const BOB = 'phx_shared_redis_bob_00000000000000';
const SECRET_KEY = 'checkout-secret-flag';
const SECRET_NAME = 'Secret Launch Plan';
const FLAGS = 'query Flags($first: Int) { projects(first: 5) { nodes { featureFlags(first: $first) { nodes { id key name } } } } }';
const CACHE_TTL_MS = 60_000;
const OPERATION_TIMEOUT_MS = 5_000;

const seed = (): SeedFile => ({
  organizations: [seedOrganization(ORG_A, 'Acme'), seedOrganization(ORG_B, 'Globex')],
  users: [seedUser('alice@acme.test', ALICE, ORG_A, LEVEL.owner), seedUser('bob@globex.test', BOB, ORG_B, LEVEL.owner)],
  projects: [seedProject(ORG_A, 'Acme Web'), seedProject(ORG_B, 'Globex Site')],
  feature_flags: [
    seedFlag('Acme Web', SECRET_KEY, { name: SECRET_NAME, filters: EVERYONE }),
    seedFlag('Acme Web', 'second-flag', { name: 'Second', filters: EVERYONE }),
    seedFlag('Acme Web', 'third-flag', { name: 'Third', filters: EVERYONE }),
    seedFlag('Globex Site', 'globex-flag', { filters: EVERYONE }),
  ],
});

let upstream: LocalUpstream;
let redis: ChildProgram;
let redisUrl: string;
let one: RunningGateway;
const stops: Array<() => Promise<unknown>> = [];

const gateway = async (options: Partial<GatewayOptions> = {}): Promise<RunningGateway> => {
  const started = await startGateway({
    upstreamUrl: upstream.url,
    port: 0,
    host: '127.0.0.1',
    redisUrl,
    upstreamCacheTtlMs: CACHE_TTL_MS,
    operationTimeoutMs: OPERATION_TIMEOUT_MS,
    upstreamHoldThrottledKeys: true,
    ...options,
  });
  stops.push(() => started.stop());
  return started;
};

beforeAll(async () => {
  upstream = await startLocalUpstream({ quiet: true, rateLimit: 'off', seed: seed() });
  ({ program: redis, url: redisUrl } = await startLocalRedis());
  one = await gateway();
});

afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
  await redis?.stop('SIGKILL');
  await upstream?.stop();
});

const ask = (target: RunningGateway, token: string, query = FLAGS, variables: Record<string, unknown> = { first: 10 }) =>
  postGraphQL<any>(target.url, query, variables, { token, report: true });
const flagNames = (res: { data?: any }) => (res.data.projects.nodes as any[]).flatMap((p) => p.featureFlags.nodes.map((f: any) => f.name as string));

const newClient = () => createClient({ url: redisUrl });

async function withClient<T>(use: (client: ReturnType<typeof newClient>) => Promise<T>): Promise<T> {
  const client = newClient();
  await client.connect();
  try {
    return await use(client);
  } finally {
    client.destroy();
  }
}

describe('a Redis shared by deployments and tenants', () => {
  it('a reader of every key and value finds no token, no digest of it and no record', async () => {
    expect(flagNames(await ask(one, ALICE))).toContain(SECRET_NAME);
    await ask(one, BOB);
    await ask(one, ALICE, '{ rateLimit { used } }', {});
    const contents = await redisContents(redisUrl);
    expect([...contents.keys()].filter((key) => key.includes(':read:')).length).toBeGreaterThanOrEqual(4);
    const everything = [...contents].flat().join('\n');
    for (const token of [ALICE, BOB]) {
      expect(everything).not.toContain(token);
      for (const encoding of ['hex', 'base64', 'base64url'] as const) expect(everything).not.toContain(createHash('sha256').update(token).digest(encoding));
    }
    for (const plaintext of [SECRET_KEY, SECRET_NAME, 'Acme Web', 'feature_flags']) expect(everything).not.toContain(plaintext);
  });

  it('two deployments (other upstream origins) share no cached read, count or hold', async () => {
    // Staging: the same data at another origin, throttling at 3 calls a minute.
    const stagingUpstream = await startLocalUpstream({ quiet: true, rateLimit: '3/minute,100/hour', seed: seed() });
    stops.push(() => stagingUpstream.stop());
    const staging = await gateway({ upstreamUrl: stagingUpstream.url, upstreamRateLimits: parseRateLimits('3/minute,100/hour') });
    const production = await gateway({ upstreamRateLimits: parseRateLimits('3/minute,100/hour') });

    // Production's own replicas (`one`) share its entries; staging shares none of them.
    expect((await ask(production, ALICE, FLAGS, { first: 3 })).errors).toBeUndefined();
    expect((await ask(staging, ALICE, FLAGS, { first: 3 })).extensions?.upstream.totals).toMatchObject({ calls: 2, cache: 0 });
    expect((await ask(staging, ALICE, '{ rateLimit { windows { used } } }', {})).data.rateLimit.windows[0].used).toBe(2);

    let refused = false;
    for (let first = 20; first < 26 && !refused; first++)
      refused = (await ask(staging, ALICE, FLAGS, { first })).errors?.[0]?.extensions?.code === 'RATE_LIMITED';
    expect(refused).toBe(true);
    const elsewhere = await ask(production, ALICE, FLAGS, { first: 4 });
    expect(elsewhere.errors).toBeUndefined();
    expect(elsewhere.extensions?.upstream.totals.held ?? 0).toBe(0);
  });

  it('an entry planted under another tenant’s key does not open: the tenant reads the service itself', async () => {
    const secret = 'a-test-secret-for-planted-entries-000';
    const tenants = await gateway({ cacheKeySecret: secret, cacheNamespace: 'tenants' });
    const projectId = seededProjectId(upstream, 'Acme Web');
    const PROJECT = 'query One($id: ID!) { project(id: $id) { name } }';
    expect((await ask(tenants, ALICE, PROJECT, { id: String(projectId) })).data.project.name).toBe('Acme Web');
    const path = upstream.requests.at(-1)!.path;
    expect(path).toMatch(new RegExp(`/${projectId}/$`));

    // The attacker writes to Redis and knows the secret: Alice's entry, copied under Bob's key for the same path.
    const keyOf = (token: string) => {
      const identity = new TokenDigests(secret).digest(token);
      const seals = new SealedEntries('tenants');
      seals.remember(identity, token);
      return `graphql-gateway:tenants:read:${identity}:${seals.name(identity, path)}`;
    };
    await withClient(async (client) => {
      expect(await client.copy(keyOf(ALICE), keyOf(BOB))).toBe(1);
    });

    const before = upstream.requests.length;
    const bob = await ask(tenants, BOB, PROJECT, { id: String(projectId) });
    expect(JSON.stringify(bob.data ?? null)).not.toContain('Acme Web');
    expect(upstream.requests.length).toBeGreaterThan(before);
  });

  it('a flags page primes its flags’ own reads in one round trip', async () => {
    const monitor = await monitorRedis(redisUrl);
    try {
      expect(flagNames(await ask(one, ALICE, FLAGS, { first: 7 }))).toHaveLength(3);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      monitor.stop();
    }
    const isEntrySet = (words: string[]) => words[0]?.toUpperCase() === 'SET' && words[1]!.includes(':read:');
    let inMulti = false;
    const outside: string[][] = [];
    const blocks: number[] = [];
    for (const words of monitor.commands) {
      const name = words[0]!.toUpperCase();
      if (name === 'MULTI') {
        inMulti = true;
        blocks.push(0);
      } else if (name === 'EXEC') inMulti = false;
      else if (isEntrySet(words) && inMulti) blocks[blocks.length - 1]! += 1;
      else if (isEntrySet(words)) outside.push(words);
    }
    // The flags list itself is one SET; its three flags, one MULTI.
    expect(blocks.filter((sets) => sets > 0)).toEqual([3]);
    expect(outside.length).toBeLessThanOrEqual(1);
  });

  it('generation counters expire (no later than an entry’s life plus an operation)', async () => {
    const flagId = (await ask(one, ALICE)).data.projects.nodes[0].featureFlags.nodes[1].id as string;
    const renamed = await ask(one, ALICE, 'mutation Rename($id: ID!) { updateFeatureFlag(input: { id: $id, name: "Second v2" }) { featureFlag { name } } }', {
      id: flagId,
    });
    expect(renamed.data?.updateFeatureFlag.featureFlag.name).toBe('Second v2');
    const ttls = await withClient(async (client) => {
      const keys = await client.keys('graphql-gateway:*:generation:*');
      return Promise.all(keys.map((key) => client.pTTL(key)));
    });
    expect(ttls.length).toBeGreaterThan(0);
    for (const ttl of ttls) {
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(CACHE_TTL_MS + OPERATION_TIMEOUT_MS);
    }
  });
});

describe('a Redis that stops answering', () => {
  it('costs one request about 100 ms and later ones nothing', async () => {
    const hung = await startHungRedis();
    stops.push(() => hung.close());
    const stuck = await gateway({ redisUrl: hung.url });
    const started = performance.now();
    expect((await ask(stuck, ALICE)).errors).toBeUndefined();
    const first = performance.now() - started;
    for (let i = 0; i < 4; i++) expect((await ask(stuck, ALICE, FLAGS, { first: 10 + i })).errors).toBeUndefined();
    const later = performance.now() - started - first;
    // The first request also pays this gateway's first compilation and connections; before the
    // circuit, every Redis command waited 250 ms, several per request.
    expect(first).toBeLessThan(1000);
    expect(later).toBeLessThan(400);
  });

  it('once Redis answers again, serves nothing a write made stale while it did not', async () => {
    const proxy = await startRedisProxy(Number(new URL(redisUrl).port));
    stops.push(() => proxy.close());
    const flaky = await gateway({ redisUrl: proxy.url, cacheNamespace: 'flaky' });
    const first = await ask(flaky, ALICE, FLAGS, { first: 5 });
    expect(flagNames(first)).toContain(SECRET_NAME);
    expect((await ask(flaky, ALICE, FLAGS, { first: 5 })).extensions?.upstream.totals.calls).toBe(0);
    const flagId = first.data.projects.nodes[0].featureFlags.nodes.find((flag: any) => flag.name === SECRET_NAME).id as string;

    proxy.hang();
    const rename = await ask(flaky, ALICE, 'mutation Rename($id: ID!) { updateFeatureFlag(input: { id: $id, name: "Renamed" }) { featureFlag { name } } }', {
      id: flagId,
    });
    expect(rename.data?.updateFeatureFlag.featureFlag.name).toBe('Renamed');
    expect(flagNames(await ask(flaky, ALICE, FLAGS, { first: 5 }))).toContain('Renamed');

    proxy.forward();
    const monitor = await monitorRedis(redisUrl);
    try {
      let back = false;
      for (let i = 0; i < 40 && !back; i++) {
        back = monitor.commands.some((words) => words[0]?.toUpperCase() === 'MGET');
        const names = flagNames(await ask(flaky, ALICE, FLAGS, { first: 5 }));
        expect(names).toContain('Renamed');
        expect(names).not.toContain(SECRET_NAME);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(back).toBe(true);
    } finally {
      monitor.stop();
    }
  });
});

describe('replicas without CACHE_KEY_SECRET', () => {
  const PROJECTS = '{ projects(first: 5) { nodes { id } } }';
  // A project's own record: its scopes need nothing a worker learns from earlier reads.
  const ONE = 'query One($id: ID!) { project(id: $id) { name } }';

  it('a process warns at start that it shares no key’s entries; its workers share one secret', async () => {
    const alone = await startGatewayProcess({ REDIS_URL: redisUrl, LOG_LEVEL: 'warn' });
    stops.push(() => alone.stop('SIGKILL'));
    // Logged just after the banner the start waits for.
    expect(
      await poll(
        async () => alone.output(),
        (output) => output.includes('without CACHE_KEY_SECRET'),
        30,
      ),
    ).toMatch(/REDIS_URL is set without CACHE_KEY_SECRET/);
    const withSecret = await startGatewayProcess({ REDIS_URL: redisUrl, LOG_LEVEL: 'warn', CACHE_KEY_SECRET: 'x'.repeat(32) });
    stops.push(() => withSecret.stop('SIGKILL'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(withSecret.output()).not.toMatch(/CACHE_KEY_SECRET/);

    // Two workers take turns: with one secret, the read one cached is a hit in the other.
    const workers = await startGatewayProcess({ REDIS_URL: redisUrl, UPSTREAM_CACHE_TTL_MS: '60000', WORKERS: '2' });
    stops.push(() => workers.stop('SIGKILL'));
    const url = `${workers.ready[1]}/graphql`;
    const id = (await postGraphQL<any>(url, PROJECTS, {}, { token: DEMO_API_KEY })).data.projects.nodes[0].id as string;
    const calls: number[] = [];
    for (let i = 0; i < 6; i++) calls.push((await postGraphQL<any>(url, ONE, { id }, { token: DEMO_API_KEY, report: true })).extensions?.upstream.totals.calls);
    expect(calls.slice(1)).toEqual([0, 0, 0, 0, 0]);
  });
});
