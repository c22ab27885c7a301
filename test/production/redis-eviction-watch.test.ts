// A maxmemory-policy changed while the gateway runs (src/redis-eviction-watch.ts): one log line per
// change of what it puts at risk (an error when spent confirmation tokens may be evicted or the
// policy can no longer be read, info when they are safe again), none per recheck or reconnection,
// and the gauge `mcp_spent_tokens_safe`. Real redis-servers changed with CONFIG SET and ACL SETUSER,
// gateways in this process rechecking every RECHECK_MS, one local upstream.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type RedisClientType } from '@redis/client';
import { startLocalUpstream, type LocalUpstream } from '../../local-upstream/index.ts';
import { startGateway, type GatewayOptions, type RunningGateway } from '../../src/server.ts';
import { createCache } from '../../src/cache.ts';
import { TrustedDocumentStore } from '../../src/trusted-documents/store.ts';
import { RedisLink, type RedisLinkOptions } from '../../src/upstream-client/across-requests/redis-link.ts';
import { twoOrgSeed } from '../fixtures/seed.ts';
import { poll } from './helpers.ts';
import { startLocalRedis, startRedisProxy } from './redis-tools.ts';

const RECHECK_MS = 100;
/** Long enough for several rechecks. */
const SEVERAL_RECHECKS_MS = 5 * RECHECK_MS;
const PINO_ERROR = 50;
const PINO_WARN = 40;
const PINO_INFO = 30;

let upstream: LocalUpstream;
const stops: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  upstream = await startLocalUpstream({ quiet: true, rateLimit: 'off', seed: twoOrgSeed() });
});

afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
  await upstream?.stop();
});

type LogLine = { level: number; msg: string; maxmemoryPolicy?: string | null; source?: string };

interface Watched {
  gateway: RunningGateway;
  link: RedisLink;
  /** The log lines about the maxmemory-policy so far. */
  policyLines(): LogLine[];
  /** `mcp_spent_tokens_safe` on /metrics. */
  safe(): Promise<number | undefined>;
}

/** A gateway taking MCP writes on the Redis at `url`, its log lines kept. */
const watched = async (url: string, linkOptions: RedisLinkOptions = {}, options: Partial<GatewayOptions> = {}): Promise<Watched> => {
  const lines: LogLine[] = [];
  const logDestination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const link = new RedisLink(url, 'eviction-watch', { policyRecheckMs: RECHECK_MS, ...linkOptions });
  const gateway = await startGateway({
    upstreamUrl: upstream.url,
    port: 0,
    host: '127.0.0.1',
    cache: createCache(link),
    mcpMutations: 'explicit',
    logLevel: 'info',
    logDestination,
    ...options,
  });
  stops.push(() => gateway.stop());
  const safe = async () => {
    const text = await (await fetch(`${gateway.baseUrl}/metrics`)).text();
    const value = /^mcp_spent_tokens_safe (\d+)$/m.exec(text)?.[1];
    return value === undefined ? undefined : Number(value);
  };
  return { gateway, link, policyLines: () => lines.filter((line) => line.msg.includes('maxmemory-policy')), safe };
};

/** A throw-away Redis and a client to change it with (as `user`, when given). */
const redisToChange = async (settings: string[] = []): Promise<{ url: string; admin: RedisClientType }> => {
  const { url, program } = await startLocalRedis(settings);
  stops.push(() => program.stop('SIGKILL'));
  const admin = createClient({ url }) as RedisClientType;
  await admin.connect();
  stops.push(async () => admin.destroy());
  return { url, admin };
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `count` policy lines were logged, then for several rechecks more: the lines by then. */
const settledLines = async (target: Watched, count: number): Promise<LogLine[]> => {
  await poll(
    async () => target.policyLines().length,
    (length) => length >= count,
    50,
  );
  await pause(SEVERAL_RECHECKS_MS);
  return target.policyLines();
};

describe('a maxmemory-policy changed at run time', () => {
  it('noeviction -> allkeys-lru -> noeviction: one error, then one info line, and the gauge follows; nothing per recheck', async () => {
    const { url, admin } = await redisToChange();
    const target = await watched(url);
    // The policy at start is the start line's to tell (redisStartNotice, off here): nothing.
    await pause(SEVERAL_RECHECKS_MS);
    expect(target.policyLines()).toEqual([]);
    expect(await target.safe()).toBe(1);

    await admin.configSet('maxmemory-policy', 'allkeys-lru');
    const [evicting, ...more] = await settledLines(target, 1);
    expect(more).toEqual([]);
    expect(evicting).toMatchObject({ level: PINO_ERROR, maxmemoryPolicy: 'allkeys-lru', source: 'redis' });
    expect(evicting?.msg).toMatch(/^Redis's maxmemory-policy changed from noeviction to allkeys-lru: Redis may evict keys before they expire\. At risk: /);
    expect(evicting?.msg).toMatch(/spent MCP confirmation tokens .*confirmed MCP writes are refused\. Set maxmemory-policy noeviction on this Redis/);
    expect(await target.safe()).toBe(0);

    await admin.configSet('maxmemory-policy', 'noeviction');
    const lines = await settledLines(target, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ level: PINO_INFO, maxmemoryPolicy: 'noeviction' });
    expect(lines[1]?.msg).toBe(
      "Redis's maxmemory-policy changed from allkeys-lru to noeviction: nothing this gateway keeps there is at risk of eviction any more. Confirmed MCP writes are accepted again.",
    );
    expect(await target.safe()).toBe(1);
  });

  it('Redis not answering for a while logs nothing; a change made meanwhile is logged once after, and the next outage adds nothing', async () => {
    const { url, admin } = await redisToChange();
    const proxy = await startRedisProxy(Number(new URL(url).port));
    stops.push(() => proxy.close());
    const target = await watched(proxy.url);
    await pause(SEVERAL_RECHECKS_MS);

    proxy.hang();
    await poll(
      async () => target.link.available,
      (available) => !available,
      50,
    );
    await admin.configSet('maxmemory-policy', 'volatile-lru');
    await pause(SEVERAL_RECHECKS_MS);
    expect(target.policyLines()).toEqual([]);
    proxy.forward();
    const [changed, ...more] = await settledLines(target, 1);
    expect(more).toEqual([]);
    expect(changed).toMatchObject({ level: PINO_ERROR, msg: expect.stringMatching(/changed from noeviction to volatile-lru: /) });

    // Another outage and reconnection (the circuit probes once a second) that reads the same policy.
    proxy.hang();
    await poll(
      async () => target.link.available,
      (available) => !available,
      50,
    );
    proxy.forward();
    await poll(
      async () => target.link.available,
      (available) => available,
      50,
    );
    await pause(SEVERAL_RECHECKS_MS);
    expect(target.policyLines()).toHaveLength(1);
  });

  it('Redis not answering at start: the start line warns, and the policy is logged once Redis answers', async () => {
    const { url } = await redisToChange(['--maxmemory-policy', 'allkeys-lru']);
    const proxy = await startRedisProxy(Number(new URL(url).port));
    stops.push(() => proxy.close());
    proxy.hang();
    const target = await watched(proxy.url, {}, { redisStartNotice: true });
    const [warning] = await settledLines(target, 1);
    expect(warning).toMatchObject({
      level: PINO_WARN,
      msg: expect.stringMatching(/could not be read: Redis did not answer in time\. .* It is logged once Redis answers\.$/),
    });
    proxy.forward();
    const [, late, ...more] = await settledLines(target, 2);
    expect(more).toEqual([]);
    expect(late).toMatchObject({ level: PINO_ERROR, maxmemoryPolicy: 'allkeys-lru' });
    expect(late?.msg).toMatch(
      /^Redis's maxmemory-policy, unread at start \(Redis did not answer\), is now read\. Redis's maxmemory-policy is allkeys-lru: .*spent MCP confirmation tokens/,
    );
  });

  it('with the start line: it tells the policy at start, and a change is one more line', async () => {
    const { url, admin } = await redisToChange(['--maxmemory-policy', 'allkeys-lru']);
    const target = await watched(url, {}, { redisStartNotice: true });
    const [start, ...none] = await settledLines(target, 1);
    expect(none).toEqual([]);
    expect(start).toMatchObject({ level: PINO_ERROR, msg: expect.stringMatching(/^Redis's maxmemory-policy is allkeys-lru: /) });
    await admin.configSet('maxmemory-policy', 'noeviction');
    const lines = await settledLines(target, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ level: PINO_INFO, msg: expect.stringMatching(/changed from allkeys-lru to noeviction/) });
  });

  it('CONFIG refused at run time (ACL): an error that the policy is unknown, info once it can be read again; a REDIS_MAXMEMORY_POLICY=noeviction gateway logs nothing', async () => {
    const { url, admin } = await redisToChange();
    // The admin keeps CONFIG and ACL as a user of its own; the gateways are `default`.
    await admin.aclSetUser('admin', ['on', '>admin-password', '~*', '&*', '+@all']);
    await admin.auth({ username: 'admin', password: 'admin-password' });
    const target = await watched(url);
    const declared = await watched(url, { declaredMaxmemoryPolicy: 'noeviction' });
    await pause(SEVERAL_RECHECKS_MS);

    await admin.aclSetUser('default', ['-config']);
    const [unknown, ...more] = await settledLines(target, 1);
    expect(more).toEqual([]);
    expect(unknown).toMatchObject({ level: PINO_ERROR, maxmemoryPolicy: null, source: 'unknown' });
    expect(unknown?.msg).toMatch(
      /^Redis's maxmemory-policy changed from noeviction to unknown \(Redis refused CONFIG GET\)\. Until it is known, confirmed MCP writes are refused.* set REDIS_MAXMEMORY_POLICY=noeviction/,
    );
    expect(await target.safe()).toBe(0);
    expect(declared.policyLines()).toEqual([]);
    expect(await declared.safe()).toBe(1);

    await admin.aclSetUser('default', ['+config']);
    const lines = await settledLines(target, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ level: PINO_INFO, msg: expect.stringMatching(/changed from unknown \(Redis refused CONFIG GET\) to noeviction: /) });
    expect(declared.policyLines()).toEqual([]);
  });

  it('trusted documents only: volatile-lru puts nothing at risk (no line), allkeys-lru does (an error naming them); no gauge', async () => {
    const { url, admin } = await redisToChange();
    const target = await watched(url, {}, { mcpMutations: 'off', trustedDocuments: { store: new TrustedDocumentStore(), mode: 'log' } });
    await pause(SEVERAL_RECHECKS_MS);
    await admin.configSet('maxmemory-policy', 'volatile-lru');
    await pause(SEVERAL_RECHECKS_MS);
    expect(target.policyLines()).toEqual([]);

    await admin.configSet('maxmemory-policy', 'allkeys-lru');
    const [evicting, ...more] = await settledLines(target, 1);
    expect(more).toEqual([]);
    expect(evicting).toMatchObject({
      level: PINO_ERROR,
      msg: expect.stringMatching(/changed from volatile-lru to allkeys-lru: .*At risk: trusted documents registered by one replica/),
    });
    expect(evicting?.msg).not.toMatch(/confirmation tokens/);
    expect(await target.safe()).toBeUndefined();
  });

  it('without MCP writes or trusted documents nothing is kept there: no line, no gauge', async () => {
    const { url, admin } = await redisToChange();
    const target = await watched(url, {}, { mcpMutations: 'off' });
    await admin.configSet('maxmemory-policy', 'allkeys-lru');
    await pause(SEVERAL_RECHECKS_MS);
    expect(target.policyLines()).toEqual([]);
    expect(await target.safe()).toBeUndefined();
  });
});
