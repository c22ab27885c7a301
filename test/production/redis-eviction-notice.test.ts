// At start, `npm start` says what its Redis's maxmemory-policy puts at risk (src/redis-eviction-notice.ts):
// an error naming an evicting policy and what this gateway keeps there, a warning when Redis refuses
// CONFIG, nothing under noeviction; with WORKERS=N the primary says it once. Real redis-servers,
// the gateway as a process (`node src/main.ts`) with its embedded upstream.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProgram } from '../../deploy/processes.ts';
import { poll, startGatewayProcess } from './helpers.ts';
import { startHungRedis, startLocalRedis } from './redis-tools.ts';

const PINO_ERROR = 50;
const PINO_WARN = 40;
const PINO_INFO = 30;

const manifestDir = mkdtempSync(join(tmpdir(), 'eviction-notice-'));
const manifest = join(manifestDir, 'manifest.json');
const children: ChildProgram[] = [];

beforeAll(() => {
  const body = '# How many projects the key sees.\nquery ProjectCount { projects { totalCount } }';
  const operations = [{ id: createHash('sha256').update(body).digest('hex'), name: 'ProjectCount', type: 'query', body }];
  writeFileSync(manifest, JSON.stringify({ format: 'apollo-persisted-query-manifest', version: 1, operations }));
});

afterAll(async () => {
  await Promise.all(children.map((child) => child.stop('SIGKILL')));
  rmSync(manifestDir, { recursive: true, force: true });
});

const redisWith = async (settings: string[]): Promise<string> => {
  const started = await startLocalRedis(settings);
  children.push(started.program);
  return started.url;
};

const gatewayOn = async (redisUrl: string, env: Record<string, string> = {}): Promise<ChildProgram> => {
  const started = await startGatewayProcess({ REDIS_URL: redisUrl, LOG_LEVEL: 'info', MCP_MUTATIONS: 'explicit', ...env });
  children.push(started);
  return started;
};

/** The JSON log lines whose message mentions maxmemory-policy, once one appeared (or after `seconds`). */
const policyLines = async (gateway: ChildProgram, seconds = 6): Promise<Array<{ level: number | string; msg: string }>> => {
  const lines = () =>
    gateway
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{') && line.includes('maxmemory-policy'))
      .map((line) => JSON.parse(line) as { level: number | string; msg: string });
  return poll(
    async () => lines(),
    (found) => found.length > 0,
    Math.max(1, seconds * 10),
  );
};

describe('the start notice about Redis eviction', () => {
  it('allkeys-lru: an error naming the policy, spent confirmation tokens and trusted documents, and the fix', async () => {
    const gateway = await gatewayOn(await redisWith(['--maxmemory-policy', 'allkeys-lru']), { TRUSTED_DOCUMENTS: manifest });
    const [line, ...more] = await policyLines(gateway);
    expect(more).toEqual([]);
    expect(line?.level).toBe(PINO_ERROR);
    expect(line?.msg).toMatch(/maxmemory-policy is allkeys-lru: Redis may evict keys/);
    expect(line?.msg).toMatch(/spent MCP confirmation tokens .*confirmed MCP writes are refused/);
    expect(line?.msg).toMatch(/trusted documents registered by one replica/);
    expect(line?.msg).toMatch(/Set maxmemory-policy noeviction on this Redis, or give the gateway a Redis of its own/);
  });

  it('volatile-ttl: an error naming spent tokens only (trusted documents have no TTL, so are never evicted)', async () => {
    const gateway = await gatewayOn(await redisWith(['--maxmemory-policy', 'volatile-ttl']), { TRUSTED_DOCUMENTS: manifest });
    const [line] = await policyLines(gateway);
    expect(line?.level).toBe(PINO_ERROR);
    expect(line?.msg).toMatch(/maxmemory-policy is volatile-ttl: .*spent MCP confirmation tokens/);
    expect(line?.msg).not.toMatch(/trusted documents/);
  });

  it('CONFIG refused: a warning that the policy could not be read and confirmed writes are refused until REDIS_MAXMEMORY_POLICY says noeviction', async () => {
    const url = await redisWith(['--rename-command', 'CONFIG', '']);
    const [warning] = await policyLines(await gatewayOn(url));
    expect(warning?.level).toBe(PINO_WARN);
    expect(warning?.msg).toMatch(/maxmemory-policy could not be read \(Redis refused CONFIG GET\)\. Until it is known, confirmed MCP writes are refused/);
    expect(warning?.msg).toMatch(/set REDIS_MAXMEMORY_POLICY=noeviction/);

    const [declared] = await policyLines(await gatewayOn(url, { REDIS_MAXMEMORY_POLICY: 'noeviction' }));
    expect(declared).toMatchObject({ level: PINO_INFO, msg: expect.stringMatching(/taken as noeviction from REDIS_MAXMEMORY_POLICY/) });
  });

  it('a Redis that does not answer: a warning that the policy could not be read', async () => {
    const hung = await startHungRedis();
    try {
      const [warning] = await policyLines(await gatewayOn(hung.url));
      expect(warning).toMatchObject({
        level: PINO_WARN,
        msg: expect.stringMatching(/could not be read: Redis did not answer in time\. Until it is known, confirmed MCP writes are refused/),
      });
    } finally {
      await hung.close();
    }
  });

  it('noeviction: no line about the policy', async () => {
    const gateway = await gatewayOn(await redisWith(['--maxmemory-policy', 'noeviction']), { TRUSTED_DOCUMENTS: manifest });
    expect(await policyLines(gateway, 3)).toEqual([]);
  });

  it('WORKERS=2 on allkeys-lru: the primary logs the error once', async () => {
    const gateway = await gatewayOn(await redisWith(['--maxmemory-policy', 'allkeys-lru']), { WORKERS: '2' });
    const lines = await policyLines(gateway);
    expect(lines).toEqual([{ level: 'error', msg: expect.stringMatching(/maxmemory-policy is allkeys-lru: .*spent MCP confirmation tokens/) }]);
    // The workers do not repeat it.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await policyLines(gateway, 0.1)).toHaveLength(1);
  });
});
