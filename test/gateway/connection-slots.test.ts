// Upstream calls wait for a pool connection in the transport's own queue
// (src/upstream-client/transport/connection-slots.ts): first in, first out, and a call cancelled while it
// waits leaves the queue without costing a connection. In undici's queue it cost one: undici
// aborted it on the connection it was handed, destroying that connection.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallSignal } from '../../src/upstream-client/transport/tuning/call-signal.ts';
import { ConnectionSlots } from '../../src/upstream-client/transport/connection-slots.ts';
import { UpstreamError, UpstreamTransport } from '../../src/upstream-client/client/http.ts';
import { UpstreamReport } from '../../src/upstream-client/transport/report.ts';

describe('ConnectionSlots', () => {
  it('drops a served waiter at once, not when the queue next empties: a waiter holds its call, and so its request, alive', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const slots = new ConnectionSlots(1);
    expect(slots.acquire(new CallSignal())).toBeUndefined();
    // The first waiter's signal, referenced from here only weakly.
    const [served, first] = ((signal: CallSignal) => [new WeakRef(signal), slots.acquire(signal)!] as const)(new CallSignal());
    const second = slots.acquire(new CallSignal())!;
    slots.release();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    expect(slots.waiting).toBe(1);
    expect(served.deref()).toBeUndefined();
    slots.release();
    await second;
    slots.release();
  });

  it('hands slots out first in, first out, and skips a waiter that was aborted', async () => {
    const slots = new ConnectionSlots(1);
    expect(slots.acquire(new CallSignal())).toBeUndefined();
    const order: string[] = [];
    const gone = new CallSignal();
    const first = slots.acquire(new CallSignal())!.then(() => order.push('first'));
    const aborted = slots.acquire(gone)!.catch((reason: unknown) => order.push(`aborted: ${String(reason)}`));
    const last = slots.acquire(new CallSignal())!.then(() => order.push('last'));
    gone.abort('client-gone');
    await aborted;
    expect(slots.waiting).toBe(2);
    slots.release();
    await first;
    slots.release();
    await last;
    expect(order).toEqual(['aborted: client-gone', 'first', 'last']);
    slots.release();
    expect(slots.acquire(new CallSignal())).toBeUndefined();
  });
});

describe('the transport with one connection', () => {
  let server: Server;
  let connections = 0;
  const paths: string[] = [];
  let transport: UpstreamTransport;
  beforeAll(async () => {
    server = createServer((req, res) => {
      paths.push(req.url ?? '');
      setTimeout(() => res.setHeader('content-type', 'application/json').end('{"id":1}'), 150);
    });
    server.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    transport = new UpstreamTransport({
      upstreamUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      upstreamConnections: 1,
      upstreamRetries: 0,
    });
  });
  afterAll(async () => {
    await transport.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const operation = (requestId: string) => {
    const scope = transport.openScope(requestId);
    return { scope, client: transport.clientFor('key', new UpstreamReport(), scope) };
  };
  const get = (client: ReturnType<typeof operation>['client'], id: number) => client.request({ method: 'GET', route: '/api/things/{id}/', params: { id } });

  it('a call cancelled while it waits for the connection is never sent and costs no connection', async () => {
    const busy = operation('busy');
    const gone = operation('gone');
    const inFlight = get(busy.client, 1);
    const waiting = get(gone.client, 2).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 20));
    gone.scope.stop('client-gone');
    const refused = await waiting;
    expect(refused).toBeInstanceOf(UpstreamError);
    expect((refused as UpstreamError).message).toMatch(/caller disconnected/);
    await inFlight;
    await get(operation('next').client, 3);
    expect(paths).toEqual(['/api/things/1/', '/api/things/3/']);
    expect(connections).toBe(1);
  });
});
