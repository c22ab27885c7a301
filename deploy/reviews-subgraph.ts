// The second subgraph of the example deployment, as another team would run it: release notes
// on our Project (keyed by `databaseId`) and review notes on our FeatureFlag (keyed by `id`).
// `node deploy/reviews-subgraph.ts [--port N]` prints its URL; `--print-sdl` prints its SDL.
import { parseArgs } from 'node:util';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse } from 'graphql';

export const REVIEWS_SDL = `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.9", import: ["@key"])

  "A project of the analytics-admin subgraph, seen by the reviews team."
  type Project @key(fields: "databaseId") {
    "The upstream's numeric project id (the key both subgraphs share)."
    databaseId: Int!
    "The release train the project ships on (owned by the reviews subgraph)."
    releaseTrain: String
  }

  "A feature flag of the analytics-admin subgraph, seen by the reviews team."
  type FeatureFlag @key(fields: "id") {
    "The flag's global id (the key both subgraphs share)."
    id: ID!
    "Notes of the last review of the flag (owned by the reviews subgraph)."
    reviewNotes: String
  }

  "Entry points of the reviews subgraph."
  type Query {
    "The name of the team that reviews flags this week."
    reviewTeam: String!
  }
`;

const resolvers = {
  Query: { reviewTeam: () => 'Platform reviews' },
  Project: {
    __resolveReference: (ref: { databaseId: number }) => ref,
    releaseTrain: ({ databaseId }: { databaseId: number }) => (databaseId % 2 === 0 ? 'weekly' : 'daily'),
  },
  FeatureFlag: {
    __resolveReference: (ref: { id: string }) => ref,
    reviewNotes: () => 'Reviewed: rollout plan approved.',
  },
};

/** Serves the reviews subgraph; resolves with its URL once it listens. */
export async function startReviewsSubgraph(port: number, host = '127.0.0.1'): Promise<{ url: string; stop(): Promise<void> }> {
  const server = new ApolloServer({
    schema: buildSubgraphSchema([{ typeDefs: parse(REVIEWS_SDL), resolvers }]),
    plugins: [ApolloServerPluginInlineTraceDisabled()],
  });
  const { url } = await startStandaloneServer(server, { listen: { port, host } });
  return { url, stop: () => server.stop() };
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '4002' }, host: { type: 'string', default: '127.0.0.1' }, 'print-sdl': { type: 'boolean' } },
  });
  if (values['print-sdl']) {
    process.stdout.write(REVIEWS_SDL);
  } else {
    const running = await startReviewsSubgraph(Number(values.port), values.host);
    process.stdout.write(`Reviews subgraph listening on ${running.url}\n`);
    const stop = () => void running.stop().then(() => process.exit(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  }
}
