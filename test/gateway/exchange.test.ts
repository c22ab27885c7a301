// One upstream call on the wire (src/upstream-client/transport/tuning/exchange.ts), against a real node:http
// server through a real undici Pool: the whole answer comes back, informational heads are
// skipped, the size cap holds whether the size is declared or only read, and the call's signal
// cuts the exchange short before or during the answer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallSignal } from '../../src/upstream-client/transport/tuning/call-signal.ts';
import { Exchange, ExchangeAborted } from '../../src/upstream-client/transport/tuning/exchange.ts';
import { UpstreamError } from '../../src/upstream-client/transport/upstream-error.ts';

const CALL = { method: 'GET', route: '/test' };
const BODY = JSON.stringify({ results: Array.from({ length: 50 }, (_, id) => ({ id })) });

let server: http.Server;
let pool: Pool;
/** Connections the server saw closed (a dropped connection, not one kept alive). */
let closedSockets = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/whole') return void res.end(BODY);
    if (req.url === '/early-hints') {
      res.writeEarlyHints({ link: '</style.css>; rel=preload' });
      return void res.end(BODY);
    }
    if (req.url === '/declared-large') {
      res.setHeader('content-length', String(10_000));
      return void res.end('x'.repeat(10_000));
    }
    // No length declared: the size only shows while it is read.
    if (req.url === '/streamed-large') {
      res.write('x'.repeat(600));
      return void setTimeout(() => res.end('x'.repeat(600)), 20);
    }
    // Headers at once, then a body that never ends.
    if (req.url === '/stalled') {
      res.flushHeaders();
      res.write('{"partial":');
    }
  });
  server.on('connection', (socket) => socket.on('close', () => closedSockets++));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pool = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { connections: 1 });
});
afterAll(async () => {
  await pool.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const exchange = (signal = new CallSignal(), maxBytes = 1000) => new Exchange(CALL, signal, maxBytes);

describe('Exchange', () => {
  it('resolves to the status, headers and whole body', async () => {
    const answer = await exchange(undefined, 10_000).send(pool, { method: 'GET', path: '/whole' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(Buffer.concat(answer.chunks).toString()).toBe(BODY);
    expect(answer.size).toBe(BODY.length);
  });

  it('skips an informational head and answers with the final one', async () => {
    const call = exchange(undefined, 10_000);
    const answer = await call.send(pool, { method: 'GET', path: '/early-hints' });
    expect(answer.status).toBe(200);
    expect(call.status).toBe(200);
    expect(Buffer.concat(answer.chunks).toString()).toBe(BODY);
  });

  it('refuses an answer declared larger than the cap without reading it, dropping the connection', async () => {
    const closedBefore = closedSockets;
    const call = exchange();
    const error = await call.send(pool, { method: 'GET', path: '/declared-large' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ kind: 'malformed', status: 200, route: '/test' });
    expect((error as Error).message).toBe('Upstream GET /test answered more than 1000 bytes');
    await expect.poll(() => closedSockets).toBe(closedBefore + 1);
  });

  it('stops reading an undeclared answer as soon as it passes the cap', async () => {
    const error = await exchange()
      .send(pool, { method: 'GET', path: '/streamed-large' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'malformed', status: 200 });
  });

  it('is cut short by its signal while the body is read, keeping the status it saw', async () => {
    const signal = new CallSignal();
    const call = exchange(signal);
    const sent = call.send(pool, { method: 'GET', path: '/stalled' }).catch((e: unknown) => e);
    await expect.poll(() => call.status).toBe(200);
    signal.abort('call-deadline');
    const error = await sent;
    expect(error).toBeInstanceOf(ExchangeAborted);
    expect(call.status).toBe(200);
  });

  it('does not go on when its signal fired before the request started', async () => {
    const signal = new CallSignal();
    signal.abort('client-gone');
    const error = await exchange(signal)
      .send(pool, { method: 'GET', path: '/whole' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeAborted);
  });
});
