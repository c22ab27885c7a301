// Composes subgraphs with @apollo/composition and serves the supergraph with @apollo/gateway
// (static supergraphSdl, no IntrospectAndCompose), forwarding the caller's Authorization
// header to every subgraph, as a platform team would run it.
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { ApolloGateway, RemoteGraphQLDataSource } from '@apollo/gateway';
import { composeServices, type CompositionResult } from '@apollo/composition';
import { parse } from 'graphql';

export interface SubgraphSource {
  name: string;
  url: string;
  sdl: string;
}

export function compose(subgraphs: SubgraphSource[]): CompositionResult {
  return composeServices(subgraphs.map(({ name, url, sdl }) => ({ name, url, typeDefs: parse(sdl) })));
}

interface RouterContext {
  authorization?: string;
}

/** Passes the incoming Authorization header on, unchanged, to each subgraph request. */
class ForwardAuthorization extends RemoteGraphQLDataSource<RouterContext> {
  override willSendRequest({ request, context }: Parameters<NonNullable<RemoteGraphQLDataSource<RouterContext>['willSendRequest']>>[0]): void {
    if (context.authorization) request.http?.headers.set('authorization', context.authorization);
  }
}

export interface RunningSupergraph {
  url: string;
  stop(): Promise<void>;
}

export async function startSupergraphGateway(supergraphSdl: string): Promise<RunningSupergraph> {
  const gateway = new ApolloGateway({ supergraphSdl, buildService: ({ url }) => new ForwardAuthorization({ url }) });
  const server = new ApolloServer<RouterContext>({ gateway });
  const { url } = await startStandaloneServer(server, {
    listen: { port: 0, host: '127.0.0.1' },
    context: async ({ req }) => (req.headers.authorization ? { authorization: req.headers.authorization } : {}),
  });
  return { url, stop: () => server.stop() };
}
