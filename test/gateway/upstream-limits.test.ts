// Bounded upstream work per operation: answers above the size cap are abandoned, reads are
// retried on transient failures and writes never are, an operation stops at its call limit,
// and every call carries the operation's request id.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../../src/server.ts';
import { startHostileUpstream, hugeBody, type HostileUpstream } from './hostile-upstream.ts';
import { postGraphQL, startStack, type Stack } from './helpers.ts';
import { KEY_A } from '../fixtures/seed.ts';

let stack: Stack;
let hostile: HostileUpstream;
let gateway: RunningGateway;
const CALL_LIMIT = 5;

beforeAll(async () => {
  stack = await startStack();
  hostile = await startHostileUpstream(stack.upstream.url);
  gateway = await startGateway({
    upstreamUrl: hostile.url,
    port: 0,
    host: '127.0.0.1',
    upstreamMaxResponseBytes: 1024 * 1024,
    upstreamCallLimit: CALL_LIMIT,
    upstreamRetryAfterMaxMs: 1000,
  });
});
afterEach(() => hostile.behave(null));
afterAll(async () => {
  await gateway?.stop();
  await hostile?.stop();
  await stack?.stop();
});

const query = (text: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  postGraphQL<any>(gateway.url, text, variables, { token: KEY_A, headers });
const PROJECTS = '{ projects { totalCount } }';

describe('response size cap', () => {
  /** Sends a query while the hostile upstream answers over the cap: UPSTREAM_ERROR naming the cap, and the connection dropped rather than drained. */
  async function expectOverCapAndDropped(): Promise<void> {
    const arrived = hostile.nextRequest();
    const res = await query(PROJECTS);
    expect(res.errors?.[0]?.extensions?.code).toBe('UPSTREAM_ERROR');
    expect(res.errors?.[0]?.message).toMatch(/GET \/api\/projects\/ answered more than 1048576 bytes/);
    expect(await (await arrived).closed).toEqual({ early: true });
  }

  it('an answer over the cap is abandoned mid-read: UPSTREAM_ERROR, connection closed', async () => {
    hostile.behave(hugeBody(50));
    await expectOverCapAndDropped();
  });

  it('an answer declaring a length over the cap is refused before its body is read', async () => {
    hostile.behave(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) });
      res.write('{"count":0,"results":[');
      return true;
    });
    await expectOverCapAndDropped();
  });

  it('a page that arrives in many chunks with its length declared is read whole', async () => {
    const page = JSON.stringify({ count: 2, next: null, previous: null, results: [] });
    hostile.behave(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(page)) });
      for (const char of page) {
        res.write(char);
        await new Promise((resolve) => setImmediate(resolve));
      }
      res.end();
      return true;
    });
    const res = await query(PROJECTS);
    expect(res.errors).toBeUndefined();
    expect(res.data?.projects.totalCount).toBe(2);
  });
});

describe('retries', () => {
  const failFirst = (times: number, fail: (res: import('node:http').ServerResponse) => void) => {
    let left = times;
    hostile.behave(async (_req, res) => {
      if (left <= 0) return false;
      left -= 1;
      fail(res);
      return true;
    });
  };
  const attemptsOn = (path: string, since: number) => hostile.requests.slice(since).filter((r) => r.path.startsWith(path)).length;

  it.each([
    ['a dropped connection', (res: import('node:http').ServerResponse) => res.socket?.destroy()],
    ['502', (res: import('node:http').ServerResponse) => res.writeHead(502).end()],
    ['503', (res: import('node:http').ServerResponse) => res.writeHead(503).end()],
    ['504', (res: import('node:http').ServerResponse) => res.writeHead(504).end()],
    ['429 with Retry-After: 0', (res: import('node:http').ServerResponse) => res.writeHead(429, { 'retry-after': '0' }).end('{}')],
    ['a broken chunk', (res: import('node:http').ServerResponse) => res.socket?.end('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n')],
    ['bytes that are not HTTP', (res: import('node:http').ServerResponse) => res.socket?.end('not http at all\r\n\r\n')],
  ])('a read that fails with %s twice succeeds on the third attempt', async (_name, fail) => {
    const since = hostile.requests.length;
    failFirst(2, fail);
    const res = await query(PROJECTS);
    expect(res.errors).toBeUndefined();
    expect(res.data?.projects.totalCount).toBe(2);
    expect(attemptsOn('/api/projects/', since)).toBe(3);
  });

  it('gives up after two retries', async () => {
    const since = hostile.requests.length;
    failFirst(10, (res) => res.writeHead(503).end('{}'));
    const res = await query(PROJECTS);
    expect(res.errors?.[0]?.extensions?.code).toBe('UPSTREAM_ERROR');
    expect(attemptsOn('/api/projects/', since)).toBe(3);
  });

  it('does not retry a 500, or a 429 whose Retry-After is above the cap', async () => {
    for (const [status, headers] of [
      [500, {}],
      [429, { 'retry-after': '30' }],
    ] as const) {
      const since = hostile.requests.length;
      failFirst(1, (res) => res.writeHead(status, headers).end('{}'));
      const res = await query(PROJECTS);
      expect(res.errors?.[0]?.extensions?.code).toBe(status === 500 ? 'UPSTREAM_ERROR' : 'RATE_LIMITED');
      expect(attemptsOn('/api/projects/', since)).toBe(1);
    }
  });

  it('an answer that is not HTTP is UPSTREAM_UNAVAILABLE, for a read and for a write (sent once)', async () => {
    hostile.behave(async (_req, res) => {
      res.socket?.end('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n');
      return true;
    });
    const since = hostile.requests.length;
    const read = await query(PROJECTS);
    expect(read.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    const write = await query('mutation($input: CreateProjectInput!) { createProject(input: $input) { project { id } } }', { input: { name: 'Garbled' } });
    expect(write.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(hostile.requests.slice(since).filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('never retries a write: a POST applied before the connection dropped is applied exactly once', async () => {
    hostile.behave(async (req, res, forward) => {
      if (req.method !== 'POST') return false;
      await forward(); // applied upstream...
      res.socket?.destroy(); // ...and the answer lost
      return true;
    });
    const since = hostile.requests.length;
    const res = await query('mutation($input: CreateProjectInput!) { createProject(input: $input) { project { id } } }', { input: { name: 'Applied once' } });
    expect(res.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(hostile.requests.slice(since).filter((r) => r.method === 'POST')).toHaveLength(1);
    hostile.behave(null);
    const listed = await query('{ projects(first: 100) { nodes { name } } }');
    expect(listed.data?.projects.nodes.filter((p: { name: string }) => p.name === 'Applied once')).toHaveLength(1);
  });
});

describe('call limit per operation', () => {
  it(`stops at ${CALL_LIMIT} upstream calls with UPSTREAM_CALL_LIMIT on the fields beyond it`, async () => {
    const since = hostile.requests.length;
    const lookups = Array.from({ length: 8 }, (_, i) => `p${i}: project(id: ${i + 1}) { id }`).join(' ');
    const res = await query(`{ ${lookups} }`);
    expect(hostile.requests.length - since).toBe(CALL_LIMIT);
    const codes = (res.errors ?? []).map((e) => e.extensions?.code);
    expect(codes.filter((c) => c === 'UPSTREAM_CALL_LIMIT')).toHaveLength(8 - CALL_LIMIT);
    expect(res.errors?.find((e) => e.extensions?.code === 'UPSTREAM_CALL_LIMIT')?.message).toMatch(/limit of 5 upstream calls/);
  });
});

describe('request ids', () => {
  it("forwards the caller's x-request-id upstream and returns it on errors and in the response header", async () => {
    const since = hostile.requests.length;
    const res = await fetch(gateway.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY_A}`, 'x-request-id': 'trace-me-42' },
      body: JSON.stringify({ query: '{ projects { totalCount } missing: project(id: 999) { id } }' }),
    });
    const body = (await res.json()) as { errors: Array<{ extensions: Record<string, unknown> }> };
    expect(res.headers.get('x-request-id')).toBe('trace-me-42');
    expect(body.errors.map((e) => e.extensions.requestId)).toEqual(['trace-me-42']);
    const forwarded = hostile.requests.slice(since).map((r) => r.headers['x-request-id']);
    expect(forwarded).toEqual(['trace-me-42', 'trace-me-42']);
  });

  it('generates one per operation when the caller sends none (or an unusable one)', async () => {
    const since = hostile.requests.length;
    await query(PROJECTS);
    await query(PROJECTS, {}, { 'x-request-id': 'bad id with spaces' });
    const [first, second] = hostile.requests.slice(since).map((r) => String(r.headers['x-request-id']));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(first).not.toBe(second);
  });
});
