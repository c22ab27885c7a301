// Serves a supergraph with Hive Gateway (@graphql-hive/gateway's runtime), the other federation
// router platform teams run, forwarding the caller's Authorization header to every subgraph.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGatewayRuntime } from '@graphql-hive/gateway';
import type { RunningSupergraph } from './supergraph.ts';

export async function startHiveGateway(supergraphSdl: string): Promise<RunningSupergraph> {
  const gateway = createGatewayRuntime({
    supergraph: supergraphSdl,
    propagateHeaders: {
      fromClientToSubgraphs: ({ request }) => ({ authorization: request.headers.get('authorization') }),
    },
    logging: false,
    landingPage: false,
    graphiql: false,
  });
  const server = http.createServer((req, res) => {
    void gateway(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await gateway.dispose();
    },
  };
}
