// An operation's variables coerced by graphql-js once per request: the cost limit
// (src/query-cost.ts) reads them when it scores the operation, and the compiled executor runs on
// them. Keyed by the request's own variables object, which Apollo hands unchanged to both; the
// coercion is a pure function of schema, operation and that object.
import { getVariableValues, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';

export type CoercedVariables = ReturnType<typeof getVariableValues>;

interface Coercion {
  schema: GraphQLSchema;
  operation: OperationDefinitionNode;
  result: CoercedVariables;
}

const byVariables = new WeakMap<object, Coercion>();
// A request without variables: one shared object, so its coercion (the defaults) is remembered too.
const NO_VARIABLES: Readonly<Record<string, unknown>> = Object.freeze({});

/** graphql-js's `getVariableValues` (up to 50 errors), computed once per variables object and operation. */
export function coercedVariables(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Readonly<Record<string, unknown>> | null | undefined,
): CoercedVariables {
  const given = variables ?? NO_VARIABLES;
  const known = byVariables.get(given);
  if (known?.operation === operation && known.schema === schema) return known.result;
  const result = getVariableValues(schema, operation.variableDefinitions ?? [], given, { maxErrors: 50 });
  byVariables.set(given, { schema, operation, result });
  return result;
}
