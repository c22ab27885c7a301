// A federation router in front of this subgraph: Hive Gateway runs a supergraph composed with
// @apollo/composition, takes the client's subscription over SSE, subscribes to this subgraph
// over graphql-ws with the client's Authorization in the connection params (the router
// configuration documented in docs/live-updates.md), and relays the events.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayRuntime } from '@graphql-hive/gateway-runtime';
import { createClient } from 'graphql-sse';
import { compose } from '../federation/supergraph.ts';
import { KEY_A, startLiveStack, waitFor, type LiveStack } from './helpers.ts';

let stack: LiveStack;
let router: http.Server;
let routerUrl: string;
let dispose: () => Promise<void>;

beforeAll(async () => {
  stack = await startLiveStack();
  const sdl = (await stack.graphql<{ _service: { sdl: string } }>('{ _service { sdl } }')).data!._service.sdl;
  // 127.0.0.1 rather than localhost: the test gateway listens on IPv4 only.
  const composition = compose([{ name: 'analytics-admin', url: stack.gatewayUrl.replace('localhost', '127.0.0.1'), sdl }]);
  if (composition.errors) throw new Error(composition.errors.map((e) => e.message).join('\n'));
  const runtime = createGatewayRuntime({
    supergraph: composition.supergraphSdl,
    logging: false,
    transportEntries: {
      'analytics-admin': {
        options: {
          subscriptions: {
            kind: 'ws',
            location: '/graphql',
            options: { connectionParams: { Authorization: '{context.headers.authorization}' } },
          },
        },
      },
    },
  });
  router = http.createServer((req, res) => {
    void runtime(req, res);
  });
  await new Promise<void>((resolve) => router.listen(0, '127.0.0.1', resolve));
  routerUrl = `http://127.0.0.1:${(router.address() as AddressInfo).port}/graphql`;
  dispose = async () => {
    await runtime.dispose();
  };
});

afterAll(async () => {
  await dispose?.();
  await new Promise((resolve) => router?.close(resolve));
  await stack?.stop();
});

describe('Hive Gateway', () => {
  it('relays featureFlagChanged events from this subgraph to its own SSE clients, with the client’s key', async () => {
    const client = createClient({ url: routerUrl, headers: { authorization: `Bearer ${KEY_A}` }, retryAttempts: 0 });
    const received: any[] = [];
    const stop = client.subscribe(
      {
        query: `subscription($p: ID!) { featureFlagChanged(projectId: $p) { kind key flag { name } changedBy { email } } }`,
        variables: { p: String(stack.acmeProject) },
      },
      { next: (result) => received.push(result), error: (error) => received.push({ error }), complete: () => {} },
    );
    await waitFor(() => stack.gateway.live.hub.stats().subscribers === 1, 'the router subscribed to the subgraph');
    await stack.patchFlag('acme-flag', { name: 'Through the router' });
    await waitFor(() => received.length === 1, 'one event through the router');
    expect(received[0]).toEqual({
      data: { featureFlagChanged: { kind: 'UPDATED', key: 'acme-flag', flag: { name: 'Through the router' }, changedBy: { email: 'alice@acme.test' } } },
    });
    stop();
    client.dispose();
    await waitFor(() => stack.gateway.live.hub.stats().feeds === 0, 'the router closed its subgraph subscription');
  });
});
