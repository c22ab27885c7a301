// Which operations compiled execution may run (src/execution/eligibility.ts): conditions and
// variable defaults are admitted (graphql-js resolves them before graphql-jit runs), and each
// construct the differential test found answered differently by graphql-jit goes to graphql-js.
// (Which documents run compiled in practice is counted per request: test/gateway/differential.test.ts
// asserts it for the client documents from /metrics, and the benchmark measures it.)
import { describe, expect, it } from 'vitest';
import { getOperationAST, parse, validate } from 'graphql';
import { ineligibility } from '../../src/execution/eligibility.ts';
import { gatewaySchema } from '../../src/schema.ts';
import { SCENARIOS } from '../../bench/scenarios.ts';

const schema = gatewaySchema();
const ids = { projectId: 'UHJvamVjdDox', projectDatabaseId: 1, flagIds: ['RmVhdHVyZUZsYWc6MTox'], createdFlagId: 'RmVhdHVyZUZsYWc6MTox' };

function reason(query: string, operationName?: string) {
  const document = parse(query);
  expect(validate(schema, document)).toEqual([]);
  return ineligibility(schema, document, getOperationAST(document, operationName)!);
}

describe('compiled execution eligibility', () => {
  const operations = SCENARIOS.flatMap((scenario) => scenario.operations(ids).map((operation) => ({ scenario: scenario.id, ...operation })));

  it('the benchmark mutations run on graphql-js', () => {
    const mutations = operations.filter((operation) => operation.query.trimStart().startsWith('mutation'));
    expect(mutations.length).toBeGreaterThan(0);
    for (const { query, operationName } of mutations) expect(reason(query, operationName)).toBe('mutation');
  });

  it.each([
    ['mutation', 'mutation { deleteFeatureFlag(input: {id: "x"}) { deletedFeatureFlagId } }'],
    ['nested-variable', 'query($g: String) { project(id: "1") { evaluationReasons(distinctId: "d", groups: {company: $g}) { key } } }'],
    ['nested-variable', 'query($id: ID!) { nodes(ids: [$id]) { id } }'],
    ['nested-variable', 'query($id: ID) { _entities(representations: [{__typename: "Project", id: $id}]) { __typename } }'],
    ['non-null-root', '{ nodes(ids: []) { id } project(id: "1") { name } }'],
    ['non-null-root', '{ a: nodes(ids: []) { id } b: nodes(ids: []) { id } }'],
    ['non-null-root', 'query { ...Q } fragment Q on Query { _service { sdl } __typename }'],
    ['proto-alias', '{ project(id: "1") { __proto__: name } }'],
    ['introspection', '{ __schema { queryType { name } } }'],
    ['introspection', 'query { ...Q } fragment Q on Query { __type(name: "Project") { name } }'],
  ])('%s: %s runs on graphql-js', (expected, query) => {
    expect(reason(query)).toBe(expected);
  });

  it('a directive other than @include/@skip runs on graphql-js (none of the schema applies to operations today)', () => {
    const document = parse('{ project(id: "1") { name @client } }');
    expect(ineligibility(schema, document, getOperationAST(document)!)).toBe('directive');
  });

  it.each([
    '{ nodes(ids: ["a", "b"]) { id } }',
    'query($ids: [ID!]!) { nodes(ids: $ids) { id } }',
    'query($g: JSON) { project(id: "1") { evaluationReasons(distinctId: "d", groups: $g) { key } } }',
    '{ project(id: "1") { evaluationReasons(distinctId: "d", groups: {company: "acme"}) { key } } }',
    'query($n: Int) { projects(first: $n) { totalCount } project(id: "1") { ...F ... on Project { id } } } fragment F on Project { name }',
    '{ project(id: "1") { name @include(if: true) } }',
    'query Q($s: Boolean = false) { project(id: "1") { ...F @skip(if: $s) } } fragment F on Project { name @skip(if: false) }',
    'query($n: Int! = 2) { projects(first: $n) { totalCount } }',
    'query($n: Int = 2) { projects(first: $n) { __typename totalCount } }',
    'query($r: [_Any!]!) { _entities(representations: $r) { __typename ... on Project { name } } }',
  ])('%s runs compiled', (query) => {
    expect(reason(query)).toBeNull();
  });
});
