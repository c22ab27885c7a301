// The benchmark's second baseline: the same minimal hand-written gateway as apollo-baseline.ts
// (schema subset, resolvers, per-request DataLoaders: baseline-schema.ts) on Fastify 5 and
// Mercurius 16 with graphql-jit, as its documentation sets it up: Mercurius's defaults (its
// query cache, no GraphiQL, Fastify's logger off) and `jit: 1`, which runs a query with
// graphql-js the first time and compiles it on its next use. Prints its URL when ready.
//
//   node bench/mercurius-baseline.ts --upstream http://127.0.0.1:8011
import Fastify from 'fastify';
import mercurius from 'mercurius';
import { context, resolvers, typeDefs, type Context } from './baseline-schema.ts';
import { bearer, restUpstream } from './rest-upstream.ts';

declare module 'mercurius' {
  // Mercurius's documented way to type the context its resolvers receive.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MercuriusContext extends Context {}
}

const upstream = restUpstream('mercurius-baseline');

const app = Fastify();
await app.register(mercurius, {
  schema: typeDefs,
  // Mercurius reads an interface's type resolver as `resolveType` (graphql-tools: `__resolveType`).
  resolvers: { ...resolvers, Node: { resolveType: resolvers.Node.__resolveType } },
  context: (request) => context(upstream, bearer(request.headers.authorization)),
  jit: 1,
});
const address = await app.listen({ port: upstream.port, host: '127.0.0.1' });
console.log(`mercurius baseline ${address}/graphql`);
