// The memory of an upstream answer is given back as soon as the answer is read
// (src/upstream-client/transport/tuning/body-release.ts `useBody`): the socket reads are detached once used, so
// they never wait for a full collection; memory shared through Node's buffer pool is left alone.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallSignal } from '../../src/upstream-client/transport/tuning/call-signal.ts';
import { Exchange } from '../../src/upstream-client/transport/tuning/exchange.ts';
import { useBody } from '../../src/upstream-client/transport/tuning/body-release.ts';

const LARGE = JSON.stringify({ results: Array.from({ length: 400 }, (_, id) => ({ id, key: `flag-${id}` })) });
const SMALL_PARTS = ['{"parts":[', '"a",', '"b"]}'];

let server: http.Server;
let pool: Pool;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/large') return void res.end(LARGE);
    // A small answer in separate writes: several socket reads, joined into Node's buffer pool.
    res.flushHeaders();
    let part = 0;
    const next = () => (part < SMALL_PARTS.length - 1 ? res.write(SMALL_PARTS[part++]) && setTimeout(next, 20) : res.end(SMALL_PARTS[part]));
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pool = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  await pool.close();
  await new Promise((resolve) => server.close(resolve));
});

const CALL = { method: 'GET', route: '/test' };

async function read(path: string) {
  const answer = await new Exchange(CALL, new CallSignal(), 10 * 1024 * 1024).send(pool, { method: 'GET', path });
  let seen: Buffer | undefined;
  const text = useBody(answer, (body) => {
    seen = body;
    return body.toString('utf8');
  });
  return { text, seen: seen! };
}

describe('useBody', () => {
  it('hands the whole answer to its user, then frees the socket read it came in', async () => {
    const { text, seen } = await read('/large');
    expect(text).toBe(LARGE);
    expect((seen.buffer as ArrayBuffer).detached).toBe(true);
    expect(seen.length).toBe(0);
  });

  it('leaves pooled memory alone: buffers sharing it keep their bytes', async () => {
    const neighbour = Buffer.from('a neighbour in the pool');
    const { text, seen } = await read('/small');
    expect(text).toBe(SMALL_PARTS.join(''));
    expect((seen.buffer as ArrayBuffer).detached).toBe(false);
    expect(neighbour.toString()).toBe('a neighbour in the pool');
  });
});
