// With REDIS_URL, a spent confirmation token is recorded in Redis (`SET NX PX`, a digest under the
// gateway's namespace), so a replay sent to another gateway sharing that Redis is refused; a Redis
// that does not answer refuses the write (CONFIRMATION_UNAVAILABLE) rather than risk running it
// twice. A real redis-server, two gateways and a hung "Redis" in this process, one local upstream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { freePort, startRedis, type ChildProgram } from '../../deploy/processes.ts';
import { startLocalUpstream, type LocalUpstream } from '../../local-upstream/index.ts';
import { startGateway, type GatewayOptions, type RunningGateway } from '../../src/server.ts';
import { CONFIRMATION_TTL_MS } from '../../src/mcp/confirmation.ts';
import { CLOCK_MARGIN_MS, spentTokenDigest } from '../../src/mcp/spent-tokens.ts';
import { KEY_A, seededProjectId, twoOrgSeed } from '../fixtures/seed.ts';
import { redisContents, startHungRedis } from '../production/redis-tools.ts';
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
  const port = await freePort();
  redis = await startRedis(port);
  redisUrl = `redis://127.0.0.1:${port}`;
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
