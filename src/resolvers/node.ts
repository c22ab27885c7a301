// Global object identification: `node(id:)` / `nodes(ids:)` dispatch on the type name in
// the global id through a registry. Each domain registers its node types in its own
// resolver module with one line, e.g.
//   registerNodeType('Project', ([id], ctx) => ctx.loaders.project.load(parseIntId('Project', id)));
import type { GatewayContext } from '../context.ts';
import { badUserInput } from '../errors.ts';
import { expectKeyCount, fromGlobalId } from '../relay/global-id.ts';
import { MAX_PAGE_SIZE } from '../relay/connection.ts';
import type { NodeResolvers, QueryResolvers } from '../generated/resolvers-types.ts';

/** Refetches an object from the keys of its global id; rejects with an UpstreamError (e.g. 404) when missing. */
export type NodeFetcher = (keys: string[], ctx: GatewayContext) => Promise<object | null>;

const fetchers = new Map<string, NodeFetcher>();

/** How many keys each type's global id carries (a flag: project, flag); an id with more or fewer is refused. */
const KEY_COUNTS: Readonly<Record<string, number>> = { Project: 1, Organization: 1, FeatureFlag: 2, Plugin: 2, FeatureFlagRoleAccess: 3 };

/** Makes `node(id:)`/`nodes(ids:)` able to refetch global ids of `typeName` (called once per type at module load). */
export function registerNodeType(typeName: string, fetchById: NodeFetcher): void {
  fetchers.set(typeName, fetchById);
}

/** Marks a value with its GraphQL type so `Node.__resolveType` can tell what it is. */
function tagged(typeName: string, value: object | null): object | null {
  return value === null ? null : { ...value, __typename: typeName };
}

async function resolveNode(id: string, ctx: GatewayContext): Promise<object | null> {
  const { type, keys } = fromGlobalId(id);
  const fetch = fetchers.get(type);
  const keyCount = KEY_COUNTS[type];
  if (!fetch || keyCount === undefined) throw badUserInput(`"${type}" ids cannot be fetched with node().`, { argument: 'id' });
  return tagged(type, await fetch(expectKeyCount(type, keys, keyCount), ctx));
}

const Query: QueryResolvers = {
  node: (_, { id }, ctx) => resolveNode(id, ctx) as never,
  nodes: (_, { ids }, ctx) => {
    if (ids.length > MAX_PAGE_SIZE) throw badUserInput(`At most ${MAX_PAGE_SIZE} ids per nodes() call.`, { argument: 'ids' });
    // Each id fails on its own: one missing object is a null plus an error at its index.
    return ids.map((id) => resolveNode(id, ctx)) as never;
  },
};

const Node: NodeResolvers = {
  __resolveType: (value) => (value as { __typename?: string }).__typename as never,
};

export const nodeResolvers = { Query, Node };
