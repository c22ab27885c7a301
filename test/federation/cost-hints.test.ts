// The federation cost hints in schema/ (`@listSize`, `@cost`) must use the numbers the gateway
// itself enforces (QUERY_LIMITS, relay/connection.ts), so a router's demand control and our own
// limits agree. This walks every field of the SDL; a new connection without hints fails here.
import { describe, expect, it } from 'vitest';
import { Kind, print, type ConstDirectiveNode, type FieldDefinitionNode, type TypeNode } from 'graphql';
import { loadTypeDefs } from '../../src/schema.ts';
import { QUERY_LIMITS } from '../../src/plugins.ts';
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

const namedType = (type: TypeNode): string => (type.kind === Kind.NAMED_TYPE ? type.name.value : namedType(type.type));
const directive = (field: FieldDefinitionNode, name: string): ConstDirectiveNode | undefined => field.directives?.find((d) => d.name.value === name);

/** A directive's arguments as plain values (`print` then JSON-ish parse is enough for ints, booleans and string lists). */
function argumentsOf(node: ConstDirectiveNode): Record<string, unknown> {
  return Object.fromEntries((node.arguments ?? []).map((arg) => [arg.name.value, JSON.parse(print(arg.value))]));
}

const fields = allFields();
const connections = fields.filter(({ field }) => namedType(field.type).endsWith('Connection'));

describe('cost hints', () => {
  it('the page cap is one number: relay, armor config and @listSize agree', () => {
    expect(QUERY_LIMITS.maxPageSize).toBe(MAX_PAGE_SIZE);
    // Without first/last a connection returns DEFAULT_PAGE_SIZE items: assumedSize must cover it.
    expect(DEFAULT_PAGE_SIZE).toBeLessThanOrEqual(QUERY_LIMITS.maxPageSize);
  });

  it('every connection field is sized by first/last, capped at the page size', () => {
    expect(connections.map((c) => c.coordinate).sort()).toEqual([
      'FeatureFlag.activity',
      'FeatureFlag.roleAccess',
      'Organization.pluginActivity',
      'Organization.plugins',
      'Project.featureFlagActivity',
      'Project.featureFlags',
      'Query.projects',
    ]);
    for (const { coordinate, field } of connections) {
      const listSize = directive(field, 'listSize');
      expect(listSize, `${coordinate} has no @listSize`).toBeDefined();
      expect(argumentsOf(listSize!), coordinate).toEqual({
        assumedSize: QUERY_LIMITS.maxPageSize,
        slicingArguments: ['first', 'last'],
        sizedFields: ['edges', 'nodes'],
        requireOneSlicingArgument: false,
      });
      expect(field.arguments?.map((a) => a.name.value), coordinate).toEqual(expect.arrayContaining(['first', 'last']));
    }
  });

  it('fields that make an upstream call of their own carry @cost with the shared weight', () => {
    const weighted = fields.filter(({ field }) => directive(field, 'cost'));
    expect(weighted.map((w) => w.coordinate).sort()).toEqual([
      'Organization.exportsUnsubscribeConfigs',
      'Organization.featureFlagsByKey',
      'Organization.name',
      'Organization.plugin',
      'Organization.repository',
      'Organization.unused',
      'Plugin.source',
      'Project.evaluationReasons',
      'Project.featureFlag',
      'Project.localEvaluation',
      'Project.myFlags',
      'Project.userBlastRadius',
      'Query.node',
      'Query.nodes',
      'Query.project',
    ]);
    for (const { coordinate, field } of weighted) expect(argumentsOf(directive(field, 'cost')!), coordinate).toEqual({ weight: QUERY_LIMITS.upstreamCallCost });
  });

  it('every other @listSize uses the page cap as its assumed size', () => {
    for (const { coordinate, field } of fields) {
      const listSize = directive(field, 'listSize');
      if (listSize) expect(argumentsOf(listSize).assumedSize, coordinate).toBe(QUERY_LIMITS.maxPageSize);
    }
  });
});
