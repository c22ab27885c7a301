// An operation's answer as JSON Schema (the tool's `outputSchema`), read from its selection set, and
// where that answer is made compact: a connection's `edges { node }` becomes `nodes` (its items, without
// the edge wrappers), so the agent reads a plain list beside `pageInfo`, which stays for paging.
// The schema describes the compact answer, which is what `structuredContent` holds.
import {
  isAbstractType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isCompositeType,
  isInterfaceType,
  isScalarType,
  Kind,
  typeFromAST,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { enumSchema, nullable, scalarSchema, withDescription, type JsonSchema } from './json-schema.ts';

export interface OutputShape {
  /** The JSON Schema of the compact answer (`data`). */
  schema: JsonSchema;
  /** Response paths (keys joined by `.`, list items transparent) of the connections made compact. */
  compactPaths: ReadonlySet<string>;
}

interface Walk {
  schema: GraphQLSchema;
  fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  compactPaths: Set<string>;
}

interface Collected {
  properties: Record<string, JsonSchema>;
  required: Set<string>;
}

export function outputShape(schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: readonly FragmentDefinitionNode[]): OutputShape {
  const root = schema.getRootType(operation.operation);
  if (!root) throw new Error(`the schema has no ${operation.operation} type`);
  const walk: Walk = { schema, fragments: new Map(fragments.map((f) => [f.name.value, f])), compactPaths: new Set() };
  return { schema: selectionSchema(walk, root, operation.selectionSet, ''), compactPaths: walk.compactPaths };
}

function selectionSchema(walk: Walk, parent: GraphQLCompositeType, selectionSet: SelectionSetNode, path: string): JsonSchema {
  const collected: Collected = { properties: {}, required: new Set() };
  collect(walk, parent, selectionSet, path, collected, true);
  compactConnection(walk, collected, path);
  const required = [...collected.required].filter((key) => key in collected.properties);
  return { type: 'object', properties: collected.properties, ...(required.length > 0 ? { required } : {}) };
}

/** Every field the selection answers on `parent`; those of a fragment on another type may be absent. */
function collect(walk: Walk, parent: GraphQLCompositeType, selectionSet: SelectionSetNode, path: string, into: Collected, always: boolean): void {
  for (const selection of selectionSet.selections) {
    const conditional = always && !(selection.directives ?? []).some((d) => d.name.value === 'include' || d.name.value === 'skip');
    if (selection.kind === Kind.FIELD) {
      const key = selection.alias?.value ?? selection.name.value;
      into.properties[key] = fieldSchema(walk, parent, selection.name.value, selection.selectionSet, `${path}${path ? '.' : ''}${key}`);
      if (conditional) into.required.add(key);
      continue;
    }
    const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : walk.fragments.get(selection.name.value);
    if (!fragment) continue;
    const condition = fragment.typeCondition ? (typeFromAST(walk.schema, fragment.typeCondition) as GraphQLCompositeType | undefined) : parent;
    if (!condition) continue;
    collect(walk, condition, fragment.selectionSet, path, into, conditional && condition.name === parent.name);
  }
}

function fieldSchema(walk: Walk, parent: GraphQLCompositeType, name: string, selectionSet: SelectionSetNode | undefined, path: string): JsonSchema {
  if (name === '__typename') return { type: 'string' };
  const field = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined;
  if (!field) return {};
  return withDescription(typeSchema(walk, field.type, selectionSet, path), field.description);
}

function typeSchema(walk: Walk, type: GraphQLOutputType, selectionSet: SelectionSetNode | undefined, path: string): JsonSchema {
  return isNonNullType(type) ? nonNullSchema(walk, type.ofType, selectionSet, path) : nullable(nonNullSchema(walk, type, selectionSet, path));
}

function nonNullSchema(walk: Walk, type: GraphQLOutputType, selectionSet: SelectionSetNode | undefined, path: string): JsonSchema {
  if (isListType(type)) return { type: 'array', items: typeSchema(walk, type.ofType as GraphQLOutputType, selectionSet, path) };
  if (isEnumType(type)) return enumSchema(type);
  if (isScalarType(type)) return scalarSchema(type);
  if (selectionSet && isCompositeType(type)) return withDescription(selectionSchema(walk, type, selectionSet, path), describedType(type));
  return {};
}

/** An abstract type's own doc; an object type's doc is left out (its fields say more). */
function describedType(type: GraphQLCompositeType): string | undefined {
  return isAbstractType(type) ? (type.description ?? undefined) : undefined;
}

/** `edges: [{ node }]` -> `nodes: [node]`, noted at `path` so the answer is compacted the same way. */
function compactConnection(walk: Walk, collected: Collected, path: string): void {
  const edges = collected.properties.edges as { items?: JsonSchema } | undefined;
  const node = (edges?.items?.properties as Record<string, JsonSchema> | undefined)?.node;
  if (!edges || !node) return;
  delete collected.properties.edges;
  collected.properties.nodes ??= { type: 'array', items: node };
  if (collected.required.delete('edges')) collected.required.add('nodes');
  walk.compactPaths.add(path);
}
