// costEstimator remembers the cost of operations that read no variable; it must answer exactly
// what operationCost answers, for the same parsed document reused with other variables too.
import { describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import { costEstimator, operationCost } from '../../src/query-cost.ts';
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

  it('is 0 for a document without the named operation', () => {
    expect(costEstimator(options)(schema, parse('{ projects { totalCount } }'), 'Missing', {})).toBe(0);
  });
});
