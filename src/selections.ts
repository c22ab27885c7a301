// Two rules of graphql-js's field collection that the gateway applies outside execution (the cost
// limit, compiled variants, reads started ahead), written once.
import {
  getDirectiveValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isAbstractType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type SelectionNode,
} from 'graphql';

/** graphql-js's `shouldIncludeNode` (execution/collectFields.js), by its exported parts: skip first, then include. Throws when a condition cannot be evaluated. */
export function included(node: SelectionNode, variables: Readonly<Record<string, unknown>>): boolean {
  if (getDirectiveValues(GraphQLSkipDirective, node, variables)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, node, variables)?.if !== false;
}

/** graphql-js's `doesFragmentConditionMatch`: a fragment on `condition` (none: the parent's own type) applies to an object of `type`. */
export function fragmentApplies(schema: GraphQLSchema, condition: string | undefined, type: GraphQLObjectType): boolean {
  if (condition === undefined || condition === type.name) return true;
  const conditionType = schema.getType(condition);
  return conditionType !== undefined && isAbstractType(conditionType) && schema.isSubType(conditionType, type);
}
