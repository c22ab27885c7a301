// Guards on federation's `_entities(representations:)`, which resolves one reference per
// representation and so, unguarded, turns one request into as many upstream calls as the caller
// lists. Before any reference is resolved: at most `MAX_PAGE_SIZE` representations (as
// `nodes(ids:)`), and the upstream must accept the caller's token (one cheap check, skipped when
// the token was accepted recently), so a made-up key costs one upstream call, not one per item;
// and every representation names an entity type of the schema. @apollo/subgraph throws a plain
// Error for any other `__typename`, an internal error to the caller, and abandons the references
// it already started, whose failures then reach no one (an unhandled rejection ends the process).
// The cost limit counts each representation as an upstream call (query-cost.ts `entityWeight`).
import { isObjectType, isUnionType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import type { GatewayContext } from './context.ts';
import { badUserInput } from './errors.ts';
import { MAX_PAGE_SIZE } from './relay/connection.ts';

/** Wraps `Query._entities` of a subgraph schema with the guards above (once, at startup). */
export function guardEntities(schema: GraphQLSchema): GraphQLSchema {
  const queryType = schema.getQueryType();
  const field = queryType && isObjectType(queryType) ? queryType.getFields()._entities : undefined;
  const resolve = field?.resolve as GraphQLFieldResolver<unknown, GatewayContext, { representations: unknown[] }> | undefined;
  if (!field || !resolve) return schema;
  const entityType = schema.getType('_Entity');
  const entityTypes = new Set(isUnionType(entityType) ? entityType.getTypes().map((type) => type.name) : []);
  field.resolve = async (source, args: { representations: unknown[] }, ctx: GatewayContext, info) => {
    if (args.representations.length > MAX_PAGE_SIZE) {
      throw badUserInput(`At most ${MAX_PAGE_SIZE} representations per _entities call.`, { argument: 'representations' });
    }
    args.representations.forEach((representation, index) => checkTypename(representation, index, entityTypes));
    await ctx.client.verifyToken();
    return resolve(source, args, ctx, info);
  };
  return schema;
}

/** A representation is an object whose `__typename` is one of the subgraph's entity types. */
function checkTypename(representation: unknown, index: number, entityTypes: ReadonlySet<string>): void {
  const typename = (representation as { __typename?: unknown } | null)?.__typename;
  if (typeof typename === 'string' && entityTypes.has(typename)) return;
  const given = typeof typename === 'string' ? `"${typename}" is not` : 'it has no __typename naming';
  throw badUserInput(`Representation ${index}: ${given} an entity type of this subgraph (${[...entityTypes].join(', ')}).`, {
    argument: 'representations',
  });
}
