// A tool's `inputSchema` from its operation's variables: a non-null variable without a default is
// required, a default is kept, enums, input objects and lists are typed (json-schema.ts), and each
// argument is described by the schema docs of the argument or input field it is passed to.
import {
  getNullableType,
  isInputObjectType,
  isNonNullType,
  Kind,
  TypeInfo,
  typeFromAST,
  valueFromASTUntyped,
  visit,
  visitWithTypeInfo,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { inputSchema, objectSchema, withDescription, type JsonSchema } from './json-schema.ts';

export interface ToolVariable {
  name: string;
  type: GraphQLInputType;
  required: boolean;
  defaultValue?: unknown;
}

export function variablesSchema(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
): { schema: JsonSchema & { type: 'object' }; variables: ToolVariable[] } {
  const docs = usageDocs(schema, operation);
  const properties: Record<string, JsonSchema> = {};
  const variables: ToolVariable[] = [];
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    const type = typeFromAST(schema, definition.type) as GraphQLInputType | undefined;
    if (!type) continue; // not valid against the schema: the catalog validated the document first
    const defaultValue = definition.defaultValue ? valueFromASTUntyped(definition.defaultValue) : undefined;
    const required = isNonNullType(type) && defaultValue === undefined;
    variables.push({ name, type, required, ...(defaultValue !== undefined ? { defaultValue } : {}) });
    const described = withDescription(inputSchema(type), docs.get(name));
    properties[name] = defaultValue === undefined ? described : { ...described, default: defaultValue };
  }
  const required = variables.filter((v) => v.required).map((v) => v.name);
  return { schema: objectSchema(properties, required) as JsonSchema & { type: 'object' }, variables };
}

/** Each variable's description: the doc of the first argument or input field it is passed to. */
function usageDocs(schema: GraphQLSchema, operation: OperationDefinitionNode): Map<string, string> {
  const docs = new Map<string, string>();
  const typeInfo = new TypeInfo(schema);
  const note = (name: string, description: string | null | undefined) => {
    if (description && !docs.has(name)) docs.set(name, description);
  };
  visit(
    operation,
    visitWithTypeInfo(typeInfo, {
      Argument(node) {
        if (node.value.kind === Kind.VARIABLE) note(node.value.name.value, typeInfo.getArgument()?.description);
      },
      ObjectField(node) {
        const parent = getNullableType(typeInfo.getParentInputType());
        if (node.value.kind === Kind.VARIABLE && isInputObjectType(parent)) note(node.value.name.value, parent.getFields()[node.name.value]?.description);
      },
    }),
  );
  return docs;
}
