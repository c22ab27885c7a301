// With REDIS_URL, a spent confirmation token is recorded in Redis (`SET NX PX`, a digest under the
// gateway's namespace), so a replay sent to another gateway sharing that Redis is refused; a Redis
// that does not answer refuses the write (CONFIRMATION_UNAVAILABLE) rather than risk running it
// twice, and so does a Redis that may evict the record (its maxmemory-policy not noeviction, or
// unknown). Real redis-servers, gateways and a hung "Redis" in this process, one local upstream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ChildProgram } from '../../deploy/processes.ts';
import { startLocalUpstream, type LocalUpstream } from '../../local-upstream/index.ts';
import { startGateway, type GatewayOptions, type RunningGateway } from '../../src/server.ts';
import { CONFIRMATION_TTL_MS } from '../../src/mcp/confirmation.ts';
import { CLOCK_MARGIN_MS, spentTokenDigest } from '../../src/mcp/spent-tokens.ts';
import { createCache } from '../../src/cache.ts';
import { RedisLink } from '../../src/upstream-client/across-requests/redis-link.ts';
import { KEY_A, seededProjectId, twoOrgSeed } from '../fixtures/seed.ts';
import { redisContents, startHungRedis, startLocalRedis } from '../production/redis-tools.ts';
import { connectMcp, textOf } from './helpers.ts';
import { flagActive, flagIdOf, upstreamWrites } from './write-helpers.ts';

const SECRET = 'single-use-redis-secret-0123456789abcdef';
const NAMESPACE = 'mcp-single-use';
const TOOL = 'set_feature_flag_active';

let upstream: LocalUpstream;
let redis: ChildProgram;
let redisUrl: string;
const stops: Array<() => Promise<unknown>> = [];

const gateway = async (options: Partial<GatewayOptions> = {}): Promise<RunningGateway> => {
  const started = await startGateway({
    upstreamUrl: upstream.url,
    port: 0,
    host: '127.0.0.1',
    redisUrl,
    cacheNamespace: NAMESPACE,
    mcpMutations: 'explicit',
    mcpConfirmationSecret: SECRET,
    ...options,
  });
  stops.push(() => started.stop());
  return started;
};

const client = async (target: RunningGateway): Promise<Client> => {
  const connected = await connectMcp(target.baseUrl, KEY_A);
  stops.push(() => connected.close());
  return connected;
};
const call = (agent: Client, args: Record<string, unknown>) => agent.callTool({ name: TOOL, arguments: args }) as Promise<CallToolResult>;
const tokenFor = async (agent: Client, args: Record<string, unknown>) =>
  ((await call(agent, args)).structuredContent as any).confirmation.confirmationToken as string;

beforeAll(async () => {
  upstream = await startLocalUpstream({ quiet: true, rateLimit: 'off', seed: twoOrgSeed() });
  ({ program: redis, url: redisUrl } = await startLocalRedis());
});

afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
  await redis?.stop('SIGKILL');
  await upstream?.stop();
});

describe('spent tokens in a shared Redis', () => {
  it('a token used through one gateway is refused by another sharing the Redis, and nothing is written again', async () => {
    const [one, two] = [await gateway(), await gateway()];
    const project = seededProjectId(upstream, 'Acme Web');
    const args = { id: await flagIdOf(upstream, KEY_A, project, 'acme-flag'), active: false };
    const confirmationToken = await tokenFor(await client(one), args);
    expect((await call(await client(one), { ...args, confirmationToken })).isError).toBeFalsy();
    expect(await flagActive(upstream, KEY_A, project, 'acme-flag')).toBe(false);
    upstream.resetRequests();

    const replay = await call(await client(two), { ...args, confirmationToken });
    expect(textOf(replay)).toMatch(/^CONFIRMATION_SPENT: /);
    expect(upstreamWrites(upstream)).toEqual([]);

    // Stored as a digest under the namespace, expiring with the token (plus the clocks' margin); never the token.
    const contents = await redisContents(redisUrl);
    const key = `graphql-gateway:${NAMESPACE}:mcp-spent:${spentTokenDigest(confirmationToken)}`;
    expect(contents.has(key)).toBe(true);
    expect([...contents].some(([name, value]) => name.includes(confirmationToken) || value.includes(confirmationToken))).toBe(false);
    const { createClient } = await import('@redis/client');
    const reader = createClient({ url: redisUrl });
    await reader.connect();
    const ttl = await reader.pTTL(key);
    reader.destroy();
    expect(ttl).toBeGreaterThan(CONFIRMATION_TTL_MS - 10_000);
    expect(ttl).toBeLessThanOrEqual(CONFIRMATION_TTL_MS + CLOCK_MARGIN_MS);
  });

  it('two gateways racing with one token: one write runs', async () => {
    const [one, two] = [await gateway(), await gateway()];
    const project = seededProjectId(upstream, 'Acme Web');
    const args = { id: await flagIdOf(upstream, KEY_A, project, 'acme-flag'), active: true };
    const confirmationToken = await tokenFor(await client(one), args);
    const [a, b] = [await client(one), await client(two)];
    upstream.resetRequests();
    const results = await Promise.all([call(a, { ...args, confirmationToken }), call(b, { ...args, confirmationToken })]);
    expect(results.filter((r) => !r.isError)).toHaveLength(1);
    expect(results.filter((r) => r.isError).map(textOf)).toEqual([expect.stringMatching(/^CONFIRMATION_SPENT: /)]);
    expect(upstreamWrites(upstream)).toHaveLength(1);
  });
});

describe('a Redis that does not answer', () => {
  it('refuses the confirmed write as CONFIRMATION_UNAVAILABLE (retryable), and nothing reaches the upstream', async () => {
    const hung = await startHungRedis();
    stops.push(() => hung.close());
    const stuck = await gateway({ redisUrl: hung.url });
    const project = seededProjectId(upstream, 'Acme Web');
    const args = { id: await flagIdOf(upstream, KEY_A, project, 'acme-flag'), active: false };
    const before = await flagActive(upstream, KEY_A, project, 'acme-flag');
    const agent = await client(stuck);
    const confirmationToken = await tokenFor(agent, args);
    upstream.resetRequests();
    // The first call waits out the link's 100 ms; the second finds its circuit open.
    for (let i = 0; i < 2; i++) {
      const refused = await call(agent, { ...args, confirmationToken });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/^CONFIRMATION_UNAVAILABLE: .*Nothing was written; retry in a few seconds with the same token\.$/);
    }
    expect(upstreamWrites(upstream)).toEqual([]);
    expect(await flagActive(upstream, KEY_A, project, 'acme-flag')).toBe(before);
  });
});

const EVICTABLE =
  /^CONFIRMATION_UNAVAILABLE: Confirmed writes are refused: the Redis .* may evict keys .*Nothing was written\. The gateway's operator must set maxmemory-policy noeviction/;

/** A redis-server of its own for one test, with `settings` added; stopped after the file. */
const redisWith = async (settings: string[]): Promise<string> => {
  const started = await startLocalRedis(settings);
  stops.push(() => started.program.stop('SIGKILL'));
  return started.url;
};

/** A first call, then its confirmed call through `target`; the upstream's request log restarts in between. */
const confirmedWrite = async (target: RunningGateway, active: boolean) => {
  const project = seededProjectId(upstream, 'Acme Web');
  const args = { id: await flagIdOf(upstream, KEY_A, project, 'acme-flag'), active };
  const agent = await client(target);
  const first = await call(agent, args);
  expect(textOf(first)).toMatch(/^Not run yet: /);
  const confirmationToken = (first.structuredContent as any).confirmation.confirmationToken as string;
  upstream.resetRequests();
  return { result: await call(agent, { ...args, confirmationToken }), agent, args, confirmationToken, project };
};

describe('a Redis that may evict the record of a spent token', () => {
  it.each(['allkeys-lru', 'volatile-ttl'])(
    'maxmemory-policy %s: the confirmed write is refused (CONFIRMATION_UNAVAILABLE), nothing reaches the upstream, reads and first calls work',
    async (policy) => {
      const url = await redisWith(['--maxmemory', '64mb', '--maxmemory-policy', policy]);
      const target = await gateway({ redisUrl: url });
      const before = await flagActive(upstream, KEY_A, seededProjectId(upstream, 'Acme Web'), 'acme-flag');
      const { result, agent, project } = await confirmedWrite(target, !before);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(EVICTABLE);
      expect(upstreamWrites(upstream)).toEqual([]);
      expect(await flagActive(upstream, KEY_A, project, 'acme-flag')).toBe(before);
      expect([...(await redisContents(url)).keys()].filter((key) => key.includes(':mcp-spent:'))).toEqual([]);
      const projects = (await agent.callTool({ name: 'projects', arguments: {} })) as CallToolResult;
      expect(projects.isError).toBeFalsy();
      expect(textOf(projects)).toContain('Acme Web');
    },
  );

  it('maxmemory-policy noeviction (with a maxmemory): the confirmed write runs once', async () => {
    const target = await gateway({ redisUrl: await redisWith(['--maxmemory', '64mb', '--maxmemory-policy', 'noeviction']) });
    const before = await flagActive(upstream, KEY_A, seededProjectId(upstream, 'Acme Web'), 'acme-flag');
    const { result, agent, args, confirmationToken, project } = await confirmedWrite(target, !before);
    expect(result.isError).toBeFalsy();
    expect(upstreamWrites(upstream)).toHaveLength(1);
    expect(await flagActive(upstream, KEY_A, project, 'acme-flag')).toBe(!before);
    expect(textOf(await call(agent, { ...args, confirmationToken }))).toMatch(/^CONFIRMATION_SPENT: /);
  });

  it('CONFIG refused (renamed away): the policy is unknown and the confirmed write is refused, nothing reaches the upstream', async () => {
    const target = await gateway({ redisUrl: await redisWith(['--rename-command', 'CONFIG', '']) });
    const before = await flagActive(upstream, KEY_A, seededProjectId(upstream, 'Acme Web'), 'acme-flag');
    const { result, project } = await confirmedWrite(target, !before);
    expect(textOf(result)).toMatch(EVICTABLE);
    expect(upstreamWrites(upstream)).toEqual([]);
    expect(await flagActive(upstream, KEY_A, project, 'acme-flag')).toBe(before);
  });

  it('CONFIG refused, REDIS_MAXMEMORY_POLICY=noeviction: the operator is trusted and the write runs', async () => {
    const target = await gateway({ redisUrl: await redisWith(['--rename-command', 'CONFIG', '']), redisMaxmemoryPolicy: 'noeviction' });
    const before = await flagActive(upstream, KEY_A, seededProjectId(upstream, 'Acme Web'), 'acme-flag');
    const { result, project } = await confirmedWrite(target, !before);
    expect(result.isError).toBeFalsy();
    expect(await flagActive(upstream, KEY_A, project, 'acme-flag')).toBe(!before);
  });

  it('REDIS_MAXMEMORY_POLICY=noeviction does not override a policy Redis reports: allkeys-lru still refuses', async () => {
    const url = await redisWith(['--maxmemory-policy', 'allkeys-lru']);
    const { result } = await confirmedWrite(await gateway({ redisUrl: url, redisMaxmemoryPolicy: 'noeviction' }), true);
    expect(textOf(result)).toMatch(EVICTABLE);
    expect(upstreamWrites(upstream)).toEqual([]);
  });

  it('a policy changed to allkeys-lru while connected is seen after a reconnection, and after the recheck interval', async () => {
    const url = await redisWith([]);
    const admin = (await import('@redis/client')).createClient({ url });
    await admin.connect();
    stops.push(() => Promise.resolve(admin.destroy()));
    const reconnecting = await gateway({ redisUrl: url });
    const rechecking = await gateway({ cache: createCache(new RedisLink(url, NAMESPACE, { policyRecheckMs: 0 })) });
    expect((await confirmedWrite(reconnecting, true)).result.isError).toBeFalsy();
    expect((await confirmedWrite(rechecking, false)).result.isError).toBeFalsy();

    await admin.configSet('maxmemory-policy', 'allkeys-lru');
    expect(textOf((await confirmedWrite(rechecking, true)).result)).toMatch(EVICTABLE);
    // Another connection: the gateway's link is cut and reconnects (its circuit probes after a second).
    await admin.clientKill([
      { filter: 'TYPE', type: 'normal' },
      { filter: 'SKIPME', skipMe: true },
    ]);
    const { agent, args, confirmationToken } = await confirmedWrite(reconnecting, true);
    let text = '';
    for (let i = 0; i < 40 && !EVICTABLE.test(text); i++) {
      text = textOf(await call(agent, { ...args, confirmationToken }));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(text).toMatch(EVICTABLE);
    expect(upstreamWrites(upstream)).toEqual([]);
  });
});
