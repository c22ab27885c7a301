// Deadlines that hold against an upstream that trickles its answer one byte at a time: the
// per-call deadline, the operation's deadline, the caller hanging up and the gateway shutting
// down each abort the upstream call (the upstream sees its connection closed before it finished).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLocalUpstream, type LocalUpstream } from '../../local-upstream/index.ts';
import { startGateway, type GatewayOptions } from '../../src/server.ts';
import { startHostileUpstream, trickle, type HostileUpstream } from './hostile-upstream.ts';
import { postGraphQL } from './helpers.ts';
import { KEY_A, twoOrgSeed } from '../fixtures/seed.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PROJECTS = 'query Trickled { projects { totalCount } }';
// 1 byte every 50 ms for ~250 bytes: over 12 s, far past every deadline configured below.
const SLOW = trickle(50, 200);

let local: LocalUpstream;
let hostile: HostileUpstream;
beforeAll(async () => {
  local = await startLocalUpstream({ seed: twoOrgSeed(), quiet: true, rateLimit: 'off' });
  hostile = await startHostileUpstream(local.url);
});
afterEach(() => hostile.behave(null));
afterAll(async () => {
  await hostile?.stop();
  await local?.stop();
});

async function withGateway<T>(options: Partial<GatewayOptions>, run: (url: string, stop: () => Promise<void>) => Promise<T>): Promise<T> {
  const gateway = await startGateway({ upstreamUrl: hostile.url, port: 0, host: '127.0.0.1', ...options });
  try {
    return await run(gateway.url, () => gateway.stop());
  } finally {
    await gateway.stop();
  }
}

describe('deadlines', () => {
  it('a trickling answer is cut at the per-call deadline: UPSTREAM_TIMEOUT, upstream connection closed', async () => {
    hostile.behave(SLOW);
    await withGateway({ upstreamTimeoutMs: 300 }, async (url) => {
      const arrived = hostile.nextRequest();
      const res = await postGraphQL<any>(url, PROJECTS, {}, { token: KEY_A });
      expect(res.errors?.map((e) => e.extensions?.code)).toEqual(['UPSTREAM_TIMEOUT']);
      expect(await (await arrived).closed).toEqual({ early: true });
    });
  });

  it("the operation's deadline cuts a call whose own deadline is longer", async () => {
    hostile.behave(SLOW);
    await withGateway({ upstreamTimeoutMs: 60_000, operationTimeoutMs: 300 }, async (url) => {
      const arrived = hostile.nextRequest();
      const res = await postGraphQL<any>(url, PROJECTS, {}, { token: KEY_A });
      expect(res.errors?.map((e) => e.extensions?.code)).toEqual(['UPSTREAM_TIMEOUT']);
      expect(await (await arrived).closed).toEqual({ early: true });
    });
  });

  it('a caller that hangs up cancels the upstream call', async () => {
    hostile.behave(SLOW);
    await withGateway({ upstreamTimeoutMs: 60_000, operationTimeoutMs: 60_000 }, async (url) => {
      const arrived = hostile.nextRequest();
      const caller = new AbortController();
      const pending = fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY_A}` },
        body: JSON.stringify({ query: PROJECTS }),
        signal: caller.signal,
      }).catch(() => 'aborted');
      const request = await arrived;
      caller.abort();
      expect(await pending).toBe('aborted');
      // Only the gateway's abort can close it: the upstream would trickle for 12 more seconds.
      expect(await request.closed).toEqual({ early: true });
    });
  });

  it('stop() aborts calls still in flight after the grace period and returns', async () => {
    hostile.behave(SLOW);
    await withGateway({ upstreamTimeoutMs: 60_000, operationTimeoutMs: 60_000, shutdownGraceMs: 200 }, async (url, stop) => {
      const arrived = hostile.nextRequest();
      const answer = postGraphQL<any>(url, PROJECTS, {}, { token: KEY_A }).catch((error: Error) => error);
      const request = await arrived;
      await stop();
      expect(await request.closed).toEqual({ early: true });
      const res = await answer;
      // The in-flight operation is answered (the call was aborted), unless its connection closed first.
      if (!(res instanceof Error)) expect(res.errors?.map((e) => e.extensions?.code)).toEqual(['UPSTREAM_UNAVAILABLE']);
    });
  });
});

describe('SIGTERM', () => {
  it('exits after the grace period even with a trickling upstream call in flight', async () => {
    hostile.behave(SLOW);
    const child = spawn(process.execPath, ['src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', UPSTREAM_URL: hostile.url, SHUTDOWN_GRACE_MS: '200', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /GraphQL endpoint: (\S+)/.exec(out);
          if (match?.[1]) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`gateway exited early with ${code}: ${out}`)));
      });
      const arrived = hostile.nextRequest();
      void postGraphQL(url, PROJECTS, {}, { token: KEY_A }).catch(() => undefined);
      const request = await arrived;
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(await request.closed).toEqual({ early: true });
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
