// CallDeadline's signal (src/upstream-client/transport/call-deadline.ts): the first cause wins, each listener
// runs once, a removed one never, a late one still does, and an exchange on the wire
// (exchange.ts, through a real undici Pool) really abandons its request on it (the end-to-end
// cases are in deadlines.test.ts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CallDeadline } from '../../src/upstream-client/transport/call-deadline.ts';
import { CallSignal } from '../../src/upstream-client/transport/tuning/call-signal.ts';
import { Exchange } from '../../src/upstream-client/transport/tuning/exchange.ts';
import { InFlightCalls } from '../../src/upstream-client/transport/operation-scope.ts';

describe('CallSignal', () => {
  it('keeps the first cause and calls each listener once', () => {
    const signal = new CallSignal();
    const first = vi.fn();
    const second = vi.fn();
    signal.addEventListener('abort', first);
    signal.addEventListener('abort', second);
    signal.abort('client-gone');
    signal.abort('shutdown');
    expect(signal.reason).toBe('client-gone');
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('never calls a removed listener, and calls one added after the abort right after', async () => {
    const signal = new CallSignal();
    const removed = vi.fn();
    signal.addEventListener('abort', removed);
    signal.removeEventListener('abort', removed);
    signal.abort('deadline');
    const late = vi.fn();
    signal.addEventListener('abort', late);
    await Promise.resolve();
    expect(removed).not.toHaveBeenCalled();
    expect(late).toHaveBeenCalledTimes(1);
  });
});

describe('CallDeadline with an exchange', () => {
  let server: Server;
  let pool: Pool;
  beforeAll(async () => {
    server = createServer(() => {}); // never answers
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    pool = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    await pool.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const request = (deadline: CallDeadline) => new Exchange({ method: 'GET', route: '/' }, deadline.signal, 1024).send(pool, { method: 'GET', path: '/' });
  const abortedBy = (cause: string) => ({ name: 'ExchangeAborted', message: cause });

  it('the exchange abandons the request when the deadline passes, naming the cause', async () => {
    const deadline = new CallDeadline(50, []);
    await expect(request(deadline)).rejects.toMatchObject(abortedBy('call-deadline'));
    expect(deadline.cause).toBe('call-deadline');
    deadline.dispose();
  });

  it('a group already stopped aborts the call before it starts', async () => {
    const group = new InFlightCalls();
    group.stop('shutdown');
    const deadline = new CallDeadline(10_000, [group]);
    await expect(request(deadline)).rejects.toMatchObject(abortedBy('shutdown'));
    deadline.dispose();
  });

  it('stopping the group aborts the calls in flight in it', async () => {
    const group = new InFlightCalls();
    const deadline = new CallDeadline(10_000, [group]);
    const pending = request(deadline);
    setTimeout(() => group.stop('client-gone'), 20);
    await expect(pending).rejects.toMatchObject(abortedBy('client-gone'));
    deadline.dispose();
  });
});
