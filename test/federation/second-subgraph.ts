// A small second subgraph, as another team would write it: it adds review notes to our
// FeatureFlag entity (keyed by `id`) and a release train to our Project (keyed by
// `databaseId`), and returns FeatureFlag references that only our subgraph can resolve.
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse } from 'graphql';

export const REVIEWS_SDL = `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.9", import: ["@key"])

  type FeatureFlag @key(fields: "id") {
    id: ID!
    "Notes of the last flag review (owned by the reviews subgraph)."
    reviewNotes: String
  }

  type Project @key(fields: "databaseId") {
    databaseId: Int!
    "The release train the project ships on (owned by the reviews subgraph)."
    releaseTrain: String
  }

  type Query {
    "Flags that have a review, as references the gateway subgraph resolves."
    reviewedFlags: [FeatureFlag!]!
    "The project under review, as a reference by databaseId only the gateway subgraph can complete."
    projectUnderReview: Project
  }
`;

export interface ReviewsSubgraph {
  url: string;
  /** Authorization headers this subgraph received, in order. */
  authorizations: (string | undefined)[];
  stop(): Promise<void>;
}

/** Serves the reviews subgraph on port 0; `notes` maps FeatureFlag global ids to review notes. */
export async function startReviewsSubgraph(notes: Map<string, string>, releaseTrains: Map<number, string>): Promise<ReviewsSubgraph> {
  const resolvers = {
    Query: {
      reviewedFlags: () => [...notes.keys()].map((id) => ({ id })),
      projectUnderReview: () => {
        const [databaseId] = releaseTrains.keys();
        return databaseId === undefined ? null : { databaseId };
      },
    },
    FeatureFlag: {
      __resolveReference: (ref: { id: string }) => ({ id: ref.id }),
      reviewNotes: (flag: { id: string }) => notes.get(flag.id) ?? null,
    },
    Project: {
      __resolveReference: (ref: { databaseId: number }) => ({ databaseId: ref.databaseId }),
      releaseTrain: (project: { databaseId: number }) => releaseTrains.get(project.databaseId) ?? null,
    },
  };
  const server = new ApolloServer({
    schema: buildSubgraphSchema([{ typeDefs: parse(REVIEWS_SDL), resolvers }]),
    plugins: [ApolloServerPluginInlineTraceDisabled()],
  });
  const authorizations: (string | undefined)[] = [];
  const { url } = await startStandaloneServer(server, {
    listen: { port: 0, host: '127.0.0.1' },
    context: async ({ req }) => {
      authorizations.push(req.headers.authorization);
      return {};
    },
  });
  return { url, authorizations, stop: () => server.stop() };
}
