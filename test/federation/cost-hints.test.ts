// The federation cost hints in schema/ (`@listSize`, `@cost`) must use the numbers the gateway
// itself enforces (QUERY_LIMITS, relay/connection.ts): our cost limit (src/query-cost.ts) scores
// operations from these very hints, as a router's demand control does. This walks every field of
// the SDL; a new connection or list without hints fails here.
import { describe, expect, it } from 'vitest';
import { Kind, getNamedType, isCompositeType, isObjectType, print, type ConstDirectiveNode, type FieldDefinitionNode, type TypeNode } from 'graphql';
import { gatewaySchema, loadTypeDefs } from '../../src/schema.ts';
import { QUERY_LIMITS } from '../../src/apollo-plugins/cost-limit.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../src/relay/connection.ts';

interface SchemaField {
  coordinate: string;
  field: FieldDefinitionNode;
}

function allFields(): SchemaField[] {
  const fields: SchemaField[] = [];
  for (const definition of loadTypeDefs().definitions) {
    if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION && definition.kind !== Kind.OBJECT_TYPE_EXTENSION) continue;
    for (const field of definition.fields ?? []) fields.push({ coordinate: `${definition.name.value}.${field.name.value}`, field });
  }
  return fields;
}

const isList = (type: TypeNode): boolean => type.kind === Kind.LIST_TYPE || (type.kind === Kind.NON_NULL_TYPE && type.type.kind === Kind.LIST_TYPE);
const namedType = (type: TypeNode): string => (type.kind === Kind.NAMED_TYPE ? type.name.value : namedType(type.type));
const directive = (field: FieldDefinitionNode, name: string): ConstDirectiveNode | undefined => field.directives?.find((d) => d.name.value === name);

/** A directive's arguments as plain values (`print` then JSON-ish parse is enough for ints, booleans and string lists). */
function argumentsOf(node: ConstDirectiveNode): Record<string, unknown> {
  return Object.fromEntries((node.arguments ?? []).map((arg) => [arg.name.value, JSON.parse(print(arg.value))]));
}

const fields = allFields();
const connections = fields.filter(({ field }) => namedType(field.type).endsWith('Connection'));

describe('cost hints', () => {
  it('the page cap is one number: relay, QUERY_LIMITS and @listSize agree', () => {
    expect(QUERY_LIMITS.maxPageSize).toBe(MAX_PAGE_SIZE);
    // Without first/last a connection returns DEFAULT_PAGE_SIZE items: assumedSize must cover it.
    expect(DEFAULT_PAGE_SIZE).toBeLessThanOrEqual(QUERY_LIMITS.maxPageSize);
  });

  it('every connection field is sized by first/last, capped at the page size', () => {
    // Every field returning a *Connection type, whoever adds it (no list kept by hand).
    expect(connections.length).toBeGreaterThanOrEqual(7);
    for (const { coordinate, field } of connections) {
      const listSize = directive(field, 'listSize');
      expect(listSize, `${coordinate} has no @listSize`).toBeDefined();
      expect(argumentsOf(listSize!), coordinate).toEqual({
        assumedSize: QUERY_LIMITS.maxPageSize,
        slicingArguments: ['first', 'last'],
        sizedFields: ['edges', 'nodes'],
        requireOneSlicingArgument: false,
      });
      expect(
        field.arguments?.map((a) => a.name.value),
        coordinate,
      ).toEqual(expect.arrayContaining(['first', 'last']));
    }
  });

  it('every @cost has the shared weight of an upstream call (which fields need one: upstream-calls.test.ts)', () => {
    const weighted = fields.filter(({ field }) => directive(field, 'cost'));
    expect(weighted.length).toBeGreaterThanOrEqual(50);
    for (const { coordinate, field } of weighted) expect(argumentsOf(directive(field, 'cost')!), coordinate).toEqual({ weight: QUERY_LIMITS.upstreamCallCost });
  });

  it('every connection sizes the lists of its connection type through sizedFields', () => {
    const schema = gatewaySchema();
    for (const { coordinate, field } of connections) {
      const connectionType = schema.getType(namedType(field.type));
      expect(isObjectType(connectionType), coordinate).toBe(true);
      if (!isObjectType(connectionType)) continue;
      for (const sized of ['edges', 'nodes']) {
        const list = connectionType.getFields()[sized];
        expect(list?.astNode && isList(list.astNode.type), `${connectionType.name}.${sized}`).toBe(true);
      }
    }
  });

  it('every other list of objects carries @listSize with the page cap (a router would otherwise use its own list_size)', () => {
    const schema = gatewaySchema();
    const connectionTypes = new Set(connections.map(({ field }) => namedType(field.type)));
    const unsized = fields.filter(({ coordinate, field }) => {
      if (!isList(field.type) || connectionTypes.has(coordinate.split('.')[0]!)) return false;
      const type = schema.getType(namedType(field.type));
      return type !== undefined && isCompositeType(getNamedType(type)) && !directive(field, 'listSize');
    });
    expect(unsized.map((u) => u.coordinate)).toEqual([]);
  });

  it('every @listSize uses the page cap as its assumed size (1 for a costed list of scalars) and never requires a slicing argument', () => {
    const schema = gatewaySchema();
    const sized = fields.filter(({ field }) => directive(field, 'listSize'));
    expect(sized.length).toBeGreaterThan(connections.length);
    for (const { coordinate, field } of sized) {
      const args = argumentsOf(directive(field, 'listSize')!);
      // Demand control multiplies a list field's @cost by its size: a list of scalars read by one
      // upstream call is sized 1, so the call counts once, not once per element.
      const scalarList = !isCompositeType(schema.getType(namedType(field.type))) && directive(field, 'cost') !== undefined;
      expect(args.assumedSize, coordinate).toBe(scalarList ? 1 : QUERY_LIMITS.maxPageSize);
      // Apollo Router refuses an operation outright when a required slicing argument is missing.
      expect(args.requireOneSlicingArgument, coordinate).toBe(false);
    }
  });
});
