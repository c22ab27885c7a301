// The benchmark's baseline: a minimal hand-written Apollo Server 5 gateway over the same REST
// upstream, as a team would write it in an afternoon: standalone server (default plugins), the
// schema subset the scenarios read, undici, per-request DataLoaders (schema, resolvers and
// context shared with the Mercurius baseline: baseline-schema.ts). Prints its URL when ready.
//
//   node bench/apollo-baseline.ts --upstream http://127.0.0.1:8011
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { context, resolvers, typeDefs, type Context } from './baseline-schema.ts';
import { bearer, restUpstream } from './rest-upstream.ts';

const upstream = restUpstream('apollo-baseline');

const server = new ApolloServer<Context>({ typeDefs, resolvers });
const { url } = await startStandaloneServer(server, {
  listen: { port: upstream.port, host: '127.0.0.1' },
  context: async ({ req }) => context(upstream, bearer(req.headers.authorization)),
});
console.log(`apollo baseline ${url.replace('localhost', '127.0.0.1')}graphql`);
