// Composes the example supergraph: published/subgraph.graphql (this gateway) plus the reviews
// subgraph, with @apollo/composition (what `rover supergraph compose` runs).
//   node deploy/compose-supergraph.ts [--analytics URL] [--reviews URL] [--out FILE]
// Defaults are the service names of deploy/compose.yaml.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import { REVIEWS_SDL } from './reviews-subgraph.ts';

const PUBLISHED = new URL('../published/subgraph.graphql', import.meta.url);

/** The supergraph SDL routing to `analyticsUrl` and `reviewsUrl`; throws with composition's messages. */
export function composeSupergraph(analyticsUrl: string, reviewsUrl: string): string {
  const result = composeServices([
    { name: 'analytics-admin', url: analyticsUrl, typeDefs: parse(readFileSync(PUBLISHED, 'utf8')) },
    { name: 'reviews', url: reviewsUrl, typeDefs: parse(REVIEWS_SDL) },
  ]);
  if (result.errors) throw new Error(`Composition failed:\n${result.errors.map((e) => e.message).join('\n')}`);
  return result.supergraphSdl;
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      analytics: { type: 'string', default: 'http://gateway-1:4000/graphql' },
      reviews: { type: 'string', default: 'http://reviews:4002/graphql' },
      out: { type: 'string', default: 'deploy/router/supergraph.graphql' },
    },
  });
  writeFileSync(values.out, composeSupergraph(values.analytics, values.reviews));
  process.stdout.write(`Supergraph written to ${values.out}\n`);
}
