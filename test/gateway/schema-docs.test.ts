// The SDL is the API's documentation: every type, field, argument, enum value and input
// field the schema declares must carry a description. Federation machinery is exempt.
import { describe, expect, it } from 'vitest';
import { isEnumType, isInputObjectType, isInterfaceType, isObjectType, isScalarType, isSpecifiedScalarType, type GraphQLNamedType } from 'graphql';
import { gatewaySchema } from '../../src/schema.ts';

// Added by @apollo/subgraph / the federation @link, not by our SDL.
const GENERATED = /^(_|link__|federation__|join__)/;

function undocumented(type: GraphQLNamedType): string[] {
  const missing: string[] = [];
  const need = (path: string, description: string | null | undefined) => {
    if (!description?.trim()) missing.push(path);
  };
  need(type.name, type.description);
  if (isObjectType(type) || isInterfaceType(type)) {
    for (const field of Object.values(type.getFields())) {
      if (GENERATED.test(field.name)) continue;
      need(`${type.name}.${field.name}`, field.description);
      for (const arg of field.args) need(`${type.name}.${field.name}(${arg.name})`, arg.description);
    }
  }
  if (isInputObjectType(type)) {
    for (const field of Object.values(type.getFields())) need(`${type.name}.${field.name}`, field.description);
  }
  if (isEnumType(type)) {
    for (const value of type.getValues()) need(`${type.name}.${value.name}`, value.description);
  }
  return missing;
}

describe('schema documentation', () => {
  const schema = gatewaySchema();
  const ours = Object.values(schema.getTypeMap()).filter(
    (t) => !t.name.startsWith('__') && !GENERATED.test(t.name) && !(isScalarType(t) && isSpecifiedScalarType(t)),
  );

  it('covers the domain types (sanity check of the filter)', () => {
    const names = ours.map((t) => t.name);
    for (const name of [
      'Query',
      'Mutation',
      'Project',
      'Organization',
      'User',
      'Node',
      'PageInfo',
      'UserError',
      'DateTime',
      'TimeZone',
      'WeekStartDay',
      'CreateProjectInput',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('has a description on every type, field, argument, enum value and input field', () => {
    const missing = ours.flatMap(undocumented);
    expect(missing, `Undocumented:\n${missing.join('\n')}`).toEqual([]);
  });
});
