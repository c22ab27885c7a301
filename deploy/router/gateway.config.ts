// Hive Gateway as the federation router in front of the analytics-admin subgraph (this
// repository) and the reviews subgraph. Used by deploy/compose.yaml and `npm run demo:cluster`:
//   hive-gateway supergraph <supergraph.graphql> -c deploy/router/gateway.config.ts --port 4000
// ANALYTICS_REPLICAS (comma-separated GraphQL URLs) spreads the analytics subgraph's traffic over
// its replicas, round robin, where no load balancer sits in front of them (in Kubernetes a
// Service does that: leave ANALYTICS_REPLICAS unset and route to the Service's URL).
import { defineConfig, type GatewayPlugin } from '@graphql-hive/gateway';

// Headers the subgraphs need from the caller: the analytics subgraph forwards the caller's own
// key upstream, and the trace context and request id keep one trace and one id end to end.
const PROPAGATED = ['authorization', 'traceparent', 'tracestate', 'x-request-id'];

export const gatewayConfig = defineConfig({
  propagateHeaders: {
    fromClientToSubgraphs: ({ request }) => Object.fromEntries(PROPAGATED.map((name) => [name, request.headers.get(name)])),
  },
  plugins: () => [roundRobin((process.env.ANALYTICS_REPLICAS ?? '').split(',').filter(Boolean))],
});

/** Sends each call addressed to one of `replicas` to the next one in turn. */
function roundRobin(replicas: string[]): GatewayPlugin {
  let next = 0;
  return {
    onFetch(payload) {
      if (replicas.length < 2 || !replicas.includes(payload.url)) return;
      payload.setURL(replicas[next++ % replicas.length]!);
    },
  };
}
