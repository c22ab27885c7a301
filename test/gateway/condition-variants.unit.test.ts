// The condition variants compiled execution runs (src/execution/condition-variants.ts): the
// conditions of an operation and the fragments it reaches, evaluated by graphql-js's rules, and the
// document graphql-jit compiles for one vector. Whether the answers are graphql-js's is
// test/gateway/differential.test.ts's part.
import { describe, expect, it } from 'vitest';
import { getOperationAST, Kind, parse, print } from 'graphql';
import { COERCED_VARIABLE, conditionedOperation, conditionVector, variantDocument } from '../../src/execution/condition-variants.ts';

const DOCUMENT = parse(`
  query Page($id: ID!, $full: Boolean = true, $compact: Boolean! = false) {
    project(id: $id) { id ...Header @include(if: $full) name @skip(if: $compact) @include(if: $full) }
  }
  query Other($x: Boolean!) { projects { ...Unrelated @include(if: $x) } }
  fragment Header on Project { name timezone @skip(if: $compact) }
  fragment Unrelated on ProjectConnection { totalCount @skip(if: $x) }
`);
const page = conditionedOperation(DOCUMENT, getOperationAST(DOCUMENT, 'Page')!);

describe('condition variants', () => {
  it("collects the conditions of the operation and of the fragments it reaches, not another operation's", () => {
    expect(page.definitions.map((definition) => definition.name?.value)).toEqual(['Page', 'Header']);
    expect(page.conditioned.map((node) => (node.kind === Kind.INLINE_FRAGMENT ? '...' : node.name.value))).toEqual(['Header', 'name', 'timezone']);
  });

  it("evaluates each condition by graphql-js's rules: @skip first, then @include", () => {
    expect(conditionVector(page.conditioned, { full: true, compact: false })).toBe('111');
    expect(conditionVector(page.conditioned, { full: false, compact: false })).toBe('001');
    expect(conditionVector(page.conditioned, { full: true, compact: true })).toBe('100');
    expect(conditionVector(page.conditioned, { full: false, compact: true })).toBe('000');
  });

  it('gives no vector when graphql-js cannot evaluate a condition (a null where Boolean! is required)', () => {
    expect(conditionVector(page.conditioned, { full: null, compact: false })).toBeNull();
  });

  it('builds the variant: excluded selections removed, no condition left, every variable passed through without default', () => {
    expect(print(variantDocument(page, '001'))).toBe(
      print(
        parse(`
          query Page($id: ${COERCED_VARIABLE.name}, $full: ${COERCED_VARIABLE.name}, $compact: ${COERCED_VARIABLE.name}) { project(id: $id) { id } }
          fragment Header on Project { name timezone }
        `),
      ),
    );
    expect(print(variantDocument(page, '110'))).toBe(
      print(
        parse(`
          query Page($id: ${COERCED_VARIABLE.name}, $full: ${COERCED_VARIABLE.name}, $compact: ${COERCED_VARIABLE.name}) { project(id: $id) { id ...Header name } }
          fragment Header on Project { name }
        `),
      ),
    );
  });

  it('passes values through as given', () => {
    const value = { nested: [1, 'two'] };
    expect(COERCED_VARIABLE.parseValue(value)).toBe(value);
  });
});
