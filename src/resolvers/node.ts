// Global object identification and federation entities, assembled here in one table: for each
// type that implements Node, how to refetch it from the keys of its global id. `node(id:)`,
// `nodes(ids:)` and every `__resolveReference` use it, so a type is refetchable exactly when
// it has a line below (docs/architecture.md, "Adding a Node type").
import type { GraphQLResolveInfo } from 'graphql';
import type { GatewayContext } from '../context.ts';
import { badUserInput, nullIfNotFound } from '../errors.ts';
import type { NodeResolvers } from '../generated/resolvers-types.ts';
import { MAX_PAGE_SIZE } from '../relay/connection.ts';
import { expectKeyCount, fromGlobalId, parseIntId, parseUuidId } from '../relay/global-id.ts';
import { organizationRef } from '../upstream-client/endpoints/organization.ts';
import { projectWithFlagPages } from './support/flag-prefetch.ts';
import { parseFlagRef, parsePluginRef, parseRoleAccessRef } from './support/ids.ts';

/**
 * How to refetch an object of one type: `node` from the keys of its global id (for `node(id:)`,
 * `nodes(ids:)`), `reference` from a federation representation (a missing entity is null, not
 * a failed batch). Both go through the request's loaders; a missing object rejects with its
 * UpstreamError (e.g. 404).
 */
interface Refetcher {
  /** How many keys the type's global id carries (a flag: project, flag); an id with more or fewer is refused. */
  keyCount: number;
  /** `info`: the field being resolved, for reads started with the object (a project's flag pages). */
  node(keys: string[], ctx: GatewayContext, info: GraphQLResolveInfo): unknown;
  reference(ref: Representation, ctx: GatewayContext, info: GraphQLResolveInfo): Promise<unknown>;
}

/**
 * A federation representation. Every entity has two keys: its global `id`, or its REST identity
 * (`databaseId`, with the parent's id where the REST id is only unique under a parent).
 * docs/architecture.md, "Federation keys", explains why every entity has both.
 */
interface Representation {
  id?: string | null;
  databaseId?: string | number | null;
  projectDatabaseId?: number | null;
  organizationId?: string | null;
}

const REFETCHERS = {
  Project: {
    keyCount: 1,
    node: ([id = ''], ctx, info) => projectWithFlagPages(parseIntId('Project', id), ctx, info),
    reference: (ref, ctx, info) => nullIfNotFound(projectWithFlagPages(parseIntId('Project', ref.databaseId ?? ref.id ?? ''), ctx, info)),
  },
  Organization: {
    keyCount: 1,
    node: ([uuid = '']) => organizationRef(parseUuidId('Organization', uuid)),
    reference: async (ref) => organizationRef(parseUuidId('Organization', String(ref.id ?? ref.databaseId ?? ''))),
  },
  FeatureFlag: {
    keyCount: 2,
    node: ([projectId = '', id = ''], ctx) => ctx.loaders.featureFlag.byId(parseFlagRef(id, projectId)),
    reference: (ref, ctx) => nullIfNotFound(ctx.loaders.featureFlag.byId(parseFlagRef(String(ref.id ?? ref.databaseId ?? ''), ref.projectDatabaseId))),
  },
  FeatureFlagRoleAccess: {
    keyCount: 3,
    node: ([projectId = '', flagId = '', id = ''], ctx) => ctx.loaders.roleAccess.byId(parseRoleAccessRef(id, flagId, projectId)),
    reference: (ref, ctx) => nullIfNotFound(ctx.loaders.roleAccess.byId(parseRoleAccessRef(ref.id ?? ''))),
  },
  Plugin: {
    keyCount: 2,
    node: ([orgId = '', id = ''], ctx) => ctx.loaders.plugin.byId(parsePluginRef(id, orgId)),
    reference: (ref, ctx) => nullIfNotFound(ctx.loaders.plugin.byId(parsePluginRef(String(ref.id ?? ref.databaseId ?? ''), ref.organizationId))),
  },
} satisfies Record<string, Refetcher>;

export type NodeType = keyof typeof REFETCHERS;

function isNodeType(type: string): type is NodeType {
  return Object.hasOwn(REFETCHERS, type);
}

/**
 * Marks a value with its GraphQL type so `Node.__resolveType` can tell what it is: a copy with the
 * same prototype, since a wrapped record's plain fields are getters there (support/parent-fields.ts).
 */
function tagged(typeName: string, value: unknown): object | null {
  if (value === null) return null;
  return Object.assign(Object.create(Object.getPrototypeOf(value) as object | null) as object, value, { __typename: typeName });
}

/** `node(id:)`: the object, tagged with its type; an id of another kind of object is BAD_USER_INPUT. */
export async function resolveNode(id: string, ctx: GatewayContext, info: GraphQLResolveInfo): Promise<object | null> {
  const { type, keys } = fromGlobalId(id);
  if (!isNodeType(type)) throw badUserInput(`"${type}" ids cannot be fetched with node().`, { argument: 'id' });
  const refetcher: Refetcher = REFETCHERS[type];
  return tagged(type, await refetcher.node(expectKeyCount(type, keys, refetcher.keyCount), ctx, info));
}

/** `nodes(ids:)`: each id fails on its own, so one missing object is a null plus an error at its index. */
export function resolveNodes(ids: readonly string[], ctx: GatewayContext, info: GraphQLResolveInfo): Promise<object | null>[] {
  if (ids.length > MAX_PAGE_SIZE) throw badUserInput(`At most ${MAX_PAGE_SIZE} ids per nodes() call.`, { argument: 'ids' });
  return ids.map((id) => resolveNode(id, ctx, info));
}

/**
 * An entity type's `__resolveReference`: a tagged copy, because @apollo/subgraph marks the object
 * it is given with its type, and the records the loaders hand out may be shared between requests
 * and frozen (upstream-client/transport/tuning/parsed-answers.ts).
 */
const reference =
  <T>(type: NodeType, resolve: (ref: Representation, ctx: GatewayContext, info: GraphQLResolveInfo) => Promise<T>) =>
  async (ref: Representation, ctx: GatewayContext, info: GraphQLResolveInfo): Promise<T> =>
    // The copy has the value's prototype and fields: the same kind of value.
    tagged(type, await resolve(ref, ctx, info)) as T;

/** The `__resolveReference` of each federation entity type. */
export const references = {
  Project: reference('Project', REFETCHERS.Project.reference),
  Organization: reference('Organization', REFETCHERS.Organization.reference),
  FeatureFlag: reference('FeatureFlag', REFETCHERS.FeatureFlag.reference),
  Plugin: reference('Plugin', REFETCHERS.Plugin.reference),
};

export const Node: NodeResolvers = {
  __resolveType: (value) => (value as { __typename?: string }).__typename as never,
};
