// The cost limit and the compiled executor share one coercion of a request's variables
// (src/execution/coerced-variables.ts): the same variables object and operation give the same
// result object; anything else is coerced anew.
import { describe, expect, it } from 'vitest';
import { parse, type OperationDefinitionNode } from 'graphql';
import { coercedVariables } from '../../src/execution/coerced-variables.ts';
import { gatewaySchema } from '../../src/schema.ts';

const schema = gatewaySchema();
const operationOf = (query: string) => parse(query).definitions[0] as OperationDefinitionNode;

describe('coercedVariables', () => {
  const operation = operationOf('query($n: Int = 5, $id: ID!) { project(id: $id) { featureFlags(first: $n) { totalCount } } }');

  it('coerces once per variables object and operation', () => {
    const variables = { id: 7 };
    const first = coercedVariables(schema, operation, variables);
    expect(first.coerced).toEqual({ n: 5, id: '7' });
    expect(coercedVariables(schema, operation, variables)).toBe(first);
    expect(coercedVariables(schema, operation, { id: 7 })).not.toBe(first);
    expect(coercedVariables(schema, operationOf('query($id: ID!) { project(id: $id) { id } }'), variables)).not.toBe(first);
  });

  it("reports graphql-js's errors, and coerces a request without variables from the defaults", () => {
    expect(coercedVariables(schema, operation, { n: 'x', id: 1 }).errors?.map((e) => e.message)).toEqual([
      'Variable "$n" got invalid value "x"; Int cannot represent non-integer value: "x"',
    ]);
    const defaults = operationOf('query($n: Int = 5) { projects(first: $n) { totalCount } }');
    expect(coercedVariables(schema, defaults, undefined).coerced).toEqual({ n: 5 });
    expect(coercedVariables(schema, defaults, null)).toBe(coercedVariables(schema, defaults, undefined));
  });
});
