// Apollo Server 5 takes a custom executor only through its `gateway` option (the interface
// @apollo/gateway implements). This is that interface reduced to what the gateway needs: one
// fixed schema, loaded once, executed by `executor`.
import type { GraphQLSchema } from 'graphql';
import type { GatewayExecutor, GatewayInterface, GatewaySchemaLoadOrUpdateCallback } from '@apollo/server-gateway-interface';

/** A static "gateway" that hands Apollo Server `schema` and `executor`. */
export function executorGateway(schema: GraphQLSchema, executor: GatewayExecutor): GatewayInterface {
  const listeners = new Set<GatewaySchemaLoadOrUpdateCallback>();
  return {
    onSchemaLoadOrUpdate(callback) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
    async load() {
      // Apollo subscribes before it loads and reads the schema from this callback.
      for (const listener of listeners) listener({ apiSchema: schema, coreSupergraphSdl: '' });
      return { executor };
    },
    async stop() {
      listeners.clear();
    },
  };
}
