// Hive Gateway as the federation router in front of the analytics-admin subgraph (this
// repository) and the reviews subgraph. Used by deploy/compose.yaml and `npm run demo:cluster`:
//   hive-gateway supergraph <supergraph.graphql> -c deploy/router/gateway.config.ts --port 4000
// ANALYTICS_REPLICAS (comma-separated GraphQL URLs) spreads the analytics subgraph's traffic over
// its replicas, round robin, where no load balancer sits in front of them (in Kubernetes a
// Service does that: leave ANALYTICS_REPLICAS unset and route to the Service's URL).
import { defineConfig, type GatewayPlugin } from '@graphql-hive/gateway';
import { Kind, getNamedType, isCompositeType, type FieldNode, type TypeInfo } from 'graphql';

// Headers the subgraphs need from the caller: the analytics subgraph forwards the caller's own
// key upstream, and the trace context and request id keep one trace and one id end to end.
const PROPAGATED = ['authorization', 'traceparent', 'tracestate', 'x-request-id'];

export const gatewayConfig = defineConfig({
  propagateHeaders: {
    fromClientToSubgraphs: ({ request }) => Object.fromEntries(PROPAGATED.map((name) => [name, request.headers.get(name)])),
  },
  plugins: () => [roundRobin((process.env.ANALYTICS_REPLICAS ?? '').split(',').filter(Boolean))],
  demandControl: apolloDemandControl(),
});

/**
 * Demand control scored as Apollo Router and the analytics subgraph's own limit score it
 * (docs/federation.md, "Costs under each router"): the page cap as the list size, the subgraph's
 * limit, and a field cost that makes Hive's sum come out as Apollo's formula. Hive adds a field's
 * `@cost` to its type's cost (Apollo lets it replace the type's weight of 1), and never adds the
 * 10 Apollo adds to a mutation: the field cost takes the 1 back and adds the 10 on each root
 * mutation field (one per operation in practice; Apollo adds it once per operation).
 */
export function apolloDemandControl() {
  return { maxCost: 20_000, listSize: 100, fieldCost: apolloFieldCost };
}

function apolloFieldCost(_node: FieldNode, typeInfo: TypeInfo): number {
  const field = typeInfo.getFieldDef();
  const mutation = typeInfo.getParentType()?.name === 'Mutation' ? 10 : 0;
  const weight = field?.astNode?.directives?.find((d) => d.name.value === 'cost')?.arguments?.find((a) => a.name.value === 'weight')?.value;
  if (!field || weight?.kind !== Kind.INT) return mutation;
  return mutation + Number(weight.value) - (isCompositeType(getNamedType(field.type)) ? 1 : 0);
}

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
