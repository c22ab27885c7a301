// Guards on federation's `_entities(representations:)`, which resolves one reference per
// representation and so, unguarded, turns one request into as many upstream calls as the caller
// lists. Before any reference is resolved: at most `MAX_PAGE_SIZE` representations (as
// `nodes(ids:)`), and the upstream must accept the caller's token (one cheap check, skipped when
// the token was accepted recently), so a made-up key costs one upstream call, not one per item.
// The cost limit counts each representation as an upstream call (query-cost.ts `entityWeight`).
import { isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import type { GatewayContext } from './context.ts';
import { badUserInput } from './errors.ts';
import { MAX_PAGE_SIZE } from './relay/connection.ts';

/** Wraps `Query._entities` of a subgraph schema with the guards above (once, at startup). */
export function guardEntities(schema: GraphQLSchema): GraphQLSchema {
  const queryType = schema.getQueryType();
  const field = queryType && isObjectType(queryType) ? queryType.getFields()._entities : undefined;
  const resolve = field?.resolve as GraphQLFieldResolver<unknown, GatewayContext, { representations: unknown[] }> | undefined;
  if (!field || !resolve) return schema;
  field.resolve = async (source, args: { representations: unknown[] }, ctx: GatewayContext, info) => {
    if (args.representations.length > MAX_PAGE_SIZE) {
      throw badUserInput(`At most ${MAX_PAGE_SIZE} representations per _entities call.`, { argument: 'representations' });
    }
    await ctx.client.verifyToken();
    return resolve(source, args, ctx, info);
  };
  return schema;
}
