// The executable subgraph schema: every schema/*.graphql file (one per domain), loaded once
// at startup, plus the resolver map. No per-request schema work happens anywhere.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parse, type DocumentNode, type GraphQLSchema } from 'graphql';
import { buildSubgraphSchema, type GraphQLResolverMap } from '@apollo/subgraph';
import { guardEntities } from './federation-entities.ts';
import { checkMutationInputs } from './mutation-inputs.ts';
import { resolvers } from './resolvers/index.ts';

const SCHEMA_DIR = fileURLToPath(new URL('../schema/', import.meta.url));

/**
 * All SDL files as one document (common.graphql first: it declares the roots and the federation
 * link). File names sort by code unit, not `localeCompare`, whose collation data alone keeps ~2 MiB
 * of the node binary resident; the document has no locations, which would keep every token of the
 * SDL and its text alive as long as the schema (docs/performance.md, "Memory").
 */
export function loadTypeDefs(dir: string = SCHEMA_DIR): DocumentNode {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.graphql'))
    .sort((a, b) => (a === 'common.graphql' ? -1 : b === 'common.graphql' ? 1 : a < b ? -1 : a > b ? 1 : 0));
  return parse(files.map((f) => readFileSync(join(dir, f), 'utf8')).join('\n'), { noLocation: true });
}

let cached: GraphQLSchema | undefined;
let cachedForCompilation: GraphQLSchema | undefined;

function buildSchema(): GraphQLSchema {
  return checkMutationInputs(guardEntities(buildSubgraphSchema([{ typeDefs: loadTypeDefs(), resolvers: resolvers as GraphQLResolverMap<unknown> }])));
}

/** The subgraph schema, built on first use and shared by every gateway in the process. */
export function gatewaySchema(): GraphQLSchema {
  cached ??= buildSchema();
  return cached;
}

/**
 * A second instance of the same schema, read only by the compiled executor
 * (src/execution/compiled-executor.ts). Apollo Server wraps every field resolver of the schema
 * it serves once a plugin hooks fields (federated tracing does); compiled queries must keep
 * calling the plain resolvers.
 */
export function compilationSchema(): GraphQLSchema {
  cachedForCompilation ??= buildSchema();
  return cachedForCompilation;
}
