// costEstimator remembers each operation's score with the variable values the scoring read; it
// must answer exactly what operationCost answers, for the same parsed document reused with other
// variables too.
import { describe, expect, it } from 'vitest';
import { Kind, parse, type FieldNode, type OperationDefinitionNode } from 'graphql';
import { costEstimator, MAX_REMEMBERED_SCORES, operationCost } from '../../src/query-cost.ts';
import { gatewaySchema } from '../../src/schema.ts';
import { QUERY_LIMITS } from '../../src/apollo-plugins/cost-limit.ts';

const schema = gatewaySchema();
const options = { defaultListSize: QUERY_LIMITS.maxPageSize };

// One parsed document per query, reused across calls as Apollo's document cache does.
const CASES: { query: string; variables: Record<string, unknown>[] }[] = [
  { query: '{ projects(first: 20) { totalCount nodes { id name organization { id } } } }', variables: [{}, {}] },
  {
    query: 'query($projectId: ID!) { project(id: $projectId) { id name featureFlags(first: 50) { nodes { key } } } }',
    variables: [{ projectId: '1' }, { projectId: '2' }],
  },
  { query: 'query($n: Int) { projects(first: $n) { nodes { featureFlags(first: $n) { nodes { key } } } } }', variables: [{ n: 1 }, { n: 100 }, {}, { n: 3 }] },
  { query: 'query($n: Int = 7) { projects(first: $n) { nodes { id } } }', variables: [{}, { n: 50 }, {}] },
  { query: 'query($s: Boolean!) { projects { nodes { featureFlags @skip(if: $s) { nodes { key } } } } }', variables: [{ s: true }, { s: false }, { s: true }] },
  { query: 'query A { projects(first: 2) { nodes { id } } } query B($n: Int) { projects(first: $n) { nodes { id } } }', variables: [{}, { n: 9 }] },
  // A condition decides which slicing variable is read at all.
  {
    query:
      'query($a: Boolean!, $n: Int, $m: Int) { p: projects(first: $n) @include(if: $a) { nodes { id } } q: projects(first: $m) @skip(if: $a) { nodes { id } } }',
    variables: [
      { a: true, n: 1, m: 100 },
      { a: false, n: 1, m: 100 },
      { a: true, n: 1, m: 5 },
      { a: false, n: 7, m: 5 },
      { a: true, n: 7, m: 5 },
      { a: false, n: 7, m: 100 },
    ],
  },
  // A nullable condition left out or null: graphql-js cannot evaluate it, the selection counts.
  {
    query: 'query($a: Boolean, $n: Int = 3) { projects(first: $n) @include(if: $a) { nodes { id } } }',
    variables: [{ a: false }, {}, { a: null }, { a: false, n: 9 }, { a: true, n: 9 }],
  },
  // Values that do not coerce: scored on the raw values, never remembered.
  { query: 'query($n: Int) { projects(first: $n) { nodes { id } } }', variables: [{ n: 'ten' }, { n: 5 }, { n: { deep: 1 } }, { n: 5.5 }, { n: 5 }] },
  {
    query: 'query($r: [_Any!]!) { _entities(representations: $r) { ... on FeatureFlag { key } } }',
    variables: [
      { r: [{ __typename: 'FeatureFlag', id: '1' }] },
      { r: [{ __typename: 'FeatureFlag', id: '2' }] },
      { r: [{}, {}, {}] },
      { r: { __typename: 'FeatureFlag', id: '3' } },
    ],
  },
];

describe('costEstimator', () => {
  it('scores like operationCost on every call, whether or not the operation reads variables', () => {
    const estimate = costEstimator(options);
    for (const { query, variables } of CASES) {
      const document = parse(query);
      for (const operationName of document.definitions.length > 1 ? ['A', 'B'] : [undefined]) {
        for (const values of [...variables, ...variables]) {
          expect(estimate(schema, document, operationName, values)).toBe(operationCost(schema, document, operationName, values, options));
        }
      }
    }
  });

  it('re-scores an operation whose slicing argument is a variable', () => {
    const estimate = costEstimator(options);
    const document = parse('query($n: Int) { projects(first: $n) { nodes { featureFlags(first: $n) { nodes { key } } } } }');
    const small = estimate(schema, document, undefined, { n: 1 });
    const large = estimate(schema, document, undefined, { n: 100 });
    expect(large).toBeGreaterThan(small);
    expect(estimate(schema, document, undefined, { n: 1 })).toBe(small);
  });

  it('answers a remembered score for the same values read, without scoring the document again', () => {
    const estimate = costEstimator(options);
    const document = parse('query($n: Int, $s: Boolean!) { projects(first: $n) @skip(if: $s) { nodes { featureFlags(first: 3) { nodes { key } } } } }');
    const remembered = estimate(schema, document, undefined, { n: 10, s: false });
    // Change the document under the estimator: only a score computed anew can see it.
    const operation = document.definitions[0] as OperationDefinitionNode;
    const projects = operation.selectionSet.selections[0] as FieldNode;
    const nodes = projects.selectionSet!.selections[0] as FieldNode;
    const flags = nodes.selectionSet!.selections[0] as FieldNode;
    Object.assign(flags.arguments![0]!, { value: { kind: Kind.INT, value: '30' } });
    expect(estimate(schema, document, undefined, { n: 10, s: false })).toBe(remembered);
    expect(estimate(schema, document, undefined, { n: 10, s: false, unrelated: 'x' })).toBe(remembered);
    expect(estimate(schema, document, undefined, { n: 11, s: false })).toBe(operationCost(schema, document, undefined, { n: 11, s: false }, options));
    expect(estimate(schema, document, undefined, { n: 11, s: false })).toBeGreaterThan(remembered);
  });

  it(`remembers at most ${MAX_REMEMBERED_SCORES} scores per operation, and none read from an uncoercible value`, () => {
    const estimate = costEstimator(options);
    const document = parse('query($n: Int) { projects(first: $n) { nodes { featureFlags(first: 2) { nodes { key } } } } }');
    const flags = () => ((document.definitions[0] as OperationDefinitionNode).selectionSet.selections[0] as FieldNode).selectionSet!.selections[0] as FieldNode;
    const scores = Array.from({ length: MAX_REMEMBERED_SCORES + 1 }, (_, n) => estimate(schema, document, undefined, { n }));
    estimate(schema, document, undefined, { n: 'many' });
    const innerFlags = flags().selectionSet!.selections[0] as FieldNode;
    Object.assign(innerFlags.arguments![0]!, { value: { kind: Kind.INT, value: '40' } });
    // The first MAX_REMEMBERED_SCORES are remembered; the one past the bound and the uncoercible one are scored again.
    expect(estimate(schema, document, undefined, { n: MAX_REMEMBERED_SCORES - 1 })).toBe(scores[MAX_REMEMBERED_SCORES - 1]);
    expect(estimate(schema, document, undefined, { n: MAX_REMEMBERED_SCORES })).toBe(
      operationCost(schema, document, undefined, { n: MAX_REMEMBERED_SCORES }, options),
    );
    expect(estimate(schema, document, undefined, { n: MAX_REMEMBERED_SCORES })).not.toBe(scores[MAX_REMEMBERED_SCORES]);
    expect(estimate(schema, document, undefined, { n: 'many' })).toBe(operationCost(schema, document, undefined, { n: 'many' }, options));
  });

  it('is 0 for a document without the named operation', () => {
    expect(costEstimator(options)(schema, parse('{ projects { totalCount } }'), 'Missing', {})).toBe(0);
  });
});
