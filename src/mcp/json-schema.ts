// GraphQL types -> JSON Schema (draft 2020-12, the dialect MCP tool schemas use), for a tool's
// arguments (input types: variables, input objects, enums, lists) and its answer (output types,
// docs/mcp.md, "Tools"). Descriptions come from the schema, so an agent reads the same docs a
// GraphQL client does.
import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  GraphQLString,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLEnumType,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLScalarType,
} from 'graphql';

export type JsonSchema = Record<string, unknown>;

/** The JSON type of each scalar the schema declares; an unknown scalar accepts any JSON value. */
const SCALAR_SCHEMAS: ReadonlyMap<string, JsonSchema> = new Map<string, JsonSchema>([
  [GraphQLInt.name, { type: 'integer' }],
  [GraphQLFloat.name, { type: 'number' }],
  [GraphQLString.name, { type: 'string' }],
  [GraphQLID.name, { type: 'string' }],
  [GraphQLBoolean.name, { type: 'boolean' }],
  ['DateTime', { type: 'string', format: 'date-time' }],
  ['UUID', { type: 'string', format: 'uuid' }],
  ['TimeZone', { type: 'string' }],
]);

/** A scalar's schema, with its description (`JSON` and unknown scalars: any value). */
export function scalarSchema(type: GraphQLScalarType): JsonSchema {
  return withDescription({ ...(SCALAR_SCHEMAS.get(type.name) ?? {}) }, isBuiltIn(type) ? undefined : type.description);
}

/** An enum as a string with its values; each value's doc goes into the description. */
export function enumSchema(type: GraphQLEnumType): JsonSchema {
  const values = type.getValues();
  const documented = values.filter((value) => value.description).map((value) => `${value.name}: ${value.description}`);
  const description = [type.description, ...documented].filter(Boolean).join('\n');
  return withDescription({ type: 'string', enum: values.map((value) => value.name) }, description);
}

/**
 * An input type as JSON Schema: nullable types also accept null, lists are arrays, input objects
 * list their fields (non-null ones without a default are required). An input object met again
 * inside itself is an open object, described: JSON Schema `$ref`s are read unevenly by MCP clients.
 */
export function inputSchema(type: GraphQLInputType, seen: ReadonlySet<string> = new Set()): JsonSchema {
  return isNonNullType(type) ? nonNullInputSchema(type.ofType, seen) : nullable(nonNullInputSchema(type, seen));
}

function nonNullInputSchema(type: GraphQLInputType, seen: ReadonlySet<string>): JsonSchema {
  if (isListType(type)) return { type: 'array', items: inputSchema(type.ofType, seen) };
  if (isScalarType(type)) return scalarSchema(type);
  if (isEnumType(type)) return enumSchema(type);
  if (isInputObjectType(type)) return inputObjectSchema(type, seen);
  return {};
}

function inputObjectSchema(type: GraphQLInputObjectType, seen: ReadonlySet<string>): JsonSchema {
  if (seen.has(type.name)) return withDescription({ type: 'object' }, `A ${type.name} (see above).`);
  const inner = new Set(seen).add(type.name);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const field of Object.values(type.getFields())) {
    const schema = withDescription(inputSchema(field.type, inner), field.description);
    properties[field.name] = field.defaultValue === undefined ? schema : { ...schema, default: field.defaultValue };
    if (isNonNullType(field.type) && field.defaultValue === undefined) required.push(field.name);
  }
  return withDescription(objectSchema(properties, required), type.description);
}

export function objectSchema(properties: Record<string, JsonSchema>, required: readonly string[]): JsonSchema {
  return { type: 'object', properties, ...(required.length > 0 ? { required: [...required] } : {}), additionalProperties: false };
}

/** Adds `description` (when there is one) without overwriting a more specific one already set. */
export function withDescription(schema: JsonSchema, description: string | null | undefined): JsonSchema {
  if (!description || schema.description) return schema;
  return { ...schema, description };
}

/** `{type: T}` -> `{type: [T, 'null']}`; a schema without a type (any value) already allows null. */
export function nullable(schema: JsonSchema): JsonSchema {
  if (typeof schema.type !== 'string') return schema;
  const allowsNull: JsonSchema = { ...schema, type: [schema.type, 'null'] };
  // An enum lists its values: null must be one of them too.
  if (Array.isArray(schema.enum)) allowsNull.enum = [...(schema.enum as unknown[]), null];
  return allowsNull;
}

function isBuiltIn(type: GraphQLNamedType): boolean {
  return SCALAR_SCHEMAS.has(type.name) && ['Int', 'Float', 'String', 'ID', 'Boolean'].includes(type.name);
}
