// Compiled execution (src/execution/): graphql-jit runs eligible queries by default, answers exactly
// as graphql-js does, and graphql-js still runs the rest (what eligibility.ts does not admit,
// federated tracing, refused documents, GRAPHQL_JIT=0). Which engine ran is read from /metrics.
// The full comparison is test/gateway/differential.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchema, isObjectType, parse, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import type { GatewayGraphQLRequestContext } from '@apollo/server-gateway-interface';
import { startGateway, type RunningGateway } from '../../src/server.ts';
import { compilationSchema, gatewaySchema } from '../../src/schema.ts';
import { compiledExecutor, MAX_VARIANTS } from '../../src/execution/compiled-executor.ts';
import { useStack } from './helpers.ts';

const stack = useStack(); // compiled execution (the default)
let interpreted: RunningGateway; // the same upstream, GRAPHQL_JIT=0
beforeAll(async () => {
  interpreted = await startGateway({ upstreamUrl: stack.upstream.url, port: 0, host: '127.0.0.1', compiledExecution: false });
});
afterAll(async () => {
  await interpreted?.stop();
});

/** The raw answer: status, content type and body text, byte for byte. */
async function raw(url: string, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${stack.keys[0]}`, ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

/** graphql_executions_total{executor, reason} from /metrics (0 when absent). */
async function executions(baseUrl: string, executor: string, reason: string): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`graphql_executions_total{executor="${executor}",reason="${reason}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

const FLAGS =
  '{ projects(first: 5) { totalCount nodes { id name timezone featureFlags(first: 3) { totalCount nodes { id key active filters createdAt createdBy { email } project { name } } } } } }';

describe('compiled execution', () => {
  it('runs operations as compiled queries by default, counted in /metrics', async () => {
    const before = await executions(stack.gateway.baseUrl, 'graphql-jit', 'compiled');
    const answer = await raw(stack.gatewayUrl, FLAGS);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).data.projects.totalCount).toBe(2);
    expect(await executions(stack.gateway.baseUrl, 'graphql-jit', 'compiled')).toBe(before + 1);
  });

  // Each case says which path the compiled side takes, so that none compares graphql-js with itself.
  it.each([
    ['a nested list with custom scalars', FLAGS, {}, 'graphql-jit:compiled'],
    ['a field error next to data (NOT_FOUND)', '{ projects { totalCount } missing: project(id: "999999") { name } }', {}, 'graphql-jit:compiled'],
    ['a refused argument (BAD_USER_INPUT)', '{ projects(first: 1000) { totalCount } }', {}, 'graphql-jit:compiled'],
    ['a variable of the wrong type (400)', 'query($n: Int) { projects(first: $n) { totalCount } }', { n: 'ten' }, 'graphql-js:variables'],
    ['a missing required variable (400)', 'query($id: ID!) { project(id: $id) { name } }', {}, 'graphql-js:variables'],
    [
      'skip/include and fragments',
      'query($s: Boolean!) { projects { ...P nodes @skip(if: $s) { id } } } fragment P on ProjectConnection { totalCount }',
      { s: true },
      'graphql-jit:compiled',
    ],
    [
      'a client document: defaults, __typename, a condition on a fragment',
      'query Page($first: Int = 2, $full: Boolean = true) { projects(first: $first) { __typename totalCount nodes { __typename id ...P @include(if: $full) } } } fragment P on Project { __typename name timezone }',
      {},
      'graphql-jit:compiled',
    ],
    ['a null condition variable', 'query($full: Boolean = true) { projects { totalCount @include(if: $full) } }', { full: null }, 'graphql-js:condition'],
    [
      'unions and interfaces',
      '{ projects { nodes { id } } n: node(id: "UHJvamVjdDox") { __typename id ... on Project { name } } }',
      {},
      'graphql-jit:compiled',
    ],
  ])('answers byte for byte as graphql-js does: %s', async (_name, query, variables, path) => {
    const [executor, reason] = path.split(':') as [string, string];
    const before = await executions(stack.gateway.baseUrl, executor, reason);
    // The same request id on both sides: it is in every error's extensions.
    const sameId = { 'x-request-id': 'compare-engines' };
    expect(await raw(stack.gatewayUrl, query, variables, sameId)).toEqual(await raw(interpreted.url, query, variables, sameId));
    expect(await executions(stack.gateway.baseUrl, executor, reason)).toBe(before + 1);
  });

  it('answers byte for byte as graphql-js does: values the upstream sends that list items cannot hold', async () => {
    // A creator record has no checked shape: its values reach the scalars' serializers (String,
    // Int) inside list items, where compiled leaves report their errors (docs/performance.md).
    const uuid = '0190b7a0-0000-7000-8000-000000000001';
    const flag = (id: number, created_by: unknown) => ({ id, key: `k${id}`, name: null, active: true, deleted: false, created_by });
    const flags = [flag(1, null), flag(2, { id: 7, uuid, email: { address: 'a@b.c' }, first_name: ['A'] }), flag(3, { id: 2 ** 40, uuid, email: 'c@d.e' })];
    const body = JSON.stringify({ count: flags.length, next: null, previous: null, results: flags });
    const query = '{ project(id: 1) { featureFlags { nodes { key name createdBy { databaseId email firstName } } } } }';
    const answers = [];
    for (const url of [stack.gatewayUrl, interpreted.url]) {
      stack.upstream.injectFault({ method: 'GET', path: '/api/projects/1/feature_flags/', status: 200, body });
      answers.push(await raw(url, query, {}, { 'x-request-id': 'compare-engines' }));
    }
    expect(answers[0]).toEqual(answers[1]);
    const errors = (JSON.parse(answers[0]!.body) as { errors: Array<{ path: unknown[]; extensions: { code: string } }> }).errors;
    expect(errors.map((error) => [error.extensions.code, error.path.join('.')])).toEqual(
      ['1.createdBy.email', '1.createdBy.firstName', '2.createdBy.databaseId'].map((path) => ['UPSTREAM_ERROR', `project.featureFlags.nodes.${path}`]),
    );
  });

  it('federated tracing (ftv1) runs on graphql-js and leaves compiled queries on the plain resolvers', async () => {
    const before = await executions(stack.gateway.baseUrl, 'graphql-js', 'tracing');
    const traced = JSON.parse((await raw(stack.gatewayUrl, '{ projects { totalCount } }', {}, { 'apollo-federation-include-trace': 'ftv1' })).body);
    expect(typeof traced.extensions?.ftv1).toBe('string');
    expect(await executions(stack.gateway.baseUrl, 'graphql-js', 'tracing')).toBe(before + 1);
    // Apollo's trace plugin has now wrapped every resolver of the schema it serves; the schema
    // graphql-jit compiles against is another instance, untouched (default resolvers stay absent).
    const unresolved = (schema: GraphQLSchema) =>
      Object.values(schema.getTypeMap())
        .filter((type): type is GraphQLObjectType => isObjectType(type) && !type.name.startsWith('__'))
        .flatMap((type) => Object.values(type.getFields()))
        .filter((field) => !field.resolve).length;
    expect(unresolved(gatewaySchema())).toBe(0);
    expect(unresolved(compilationSchema())).toBeGreaterThan(0);
  });

  it.each([
    ['no-operation', 'query A { projects { totalCount } } query B { projects { totalCount } }', 400],
    ['mutation', 'mutation { deleteFeatureFlag(input: {id: "garbage"}) { deletedFeatureFlagId } }', 200],
    ['introspection', '{ __schema { queryType { name } } }', 200],
  ])('an operation outside what compiled execution answers identically runs on graphql-js, counted as %s', async (reason, query, status) => {
    const before = await executions(stack.gateway.baseUrl, 'graphql-js', reason);
    expect((await raw(stack.gatewayUrl, query)).status).toBe(status);
    expect(await executions(stack.gateway.baseUrl, 'graphql-js', reason)).toBe(before + 1);
  });

  it('with GRAPHQL_JIT=0 (compiledExecution: false) graphql-js runs everything and no compiled execution is counted', async () => {
    const answer = await raw(interpreted.url, FLAGS);
    expect(JSON.parse(answer.body).data.projects.totalCount).toBe(2);
    expect(await executions(interpreted.baseUrl, 'graphql-jit', 'compiled')).toBe(0);
  });
});

describe('compiledExecutor', () => {
  it('runs a document graphql-jit refuses on graphql-js, and counts it', async () => {
    const counted: string[] = [];
    const execute = compiledExecutor({
      schema: gatewaySchema(),
      // No query root: graphql-jit refuses every query compiled against it.
      compileSchema: buildSchema('type Mutation { noop: Int }'),
      count: (executor, reason) => counted.push(`${executor}:${reason}`),
    });
    const document = parse('{ __typename }');
    const request = { document, operation: document.definitions[0], operationName: null, context: {}, request: {} } as unknown as GatewayGraphQLRequestContext;
    expect(await execute(request)).toEqual({ data: { __typename: 'Query' } });
    expect(counted).toEqual(['graphql-js:uncompilable']);
  });

  it('compiles one variant per condition vector, keeps it, and runs graphql-js past MAX_VARIANTS vectors', async () => {
    const counted: string[] = [];
    const execute = compiledExecutor({
      schema: gatewaySchema(),
      compileSchema: compilationSchema(),
      count: (executor, reason) => counted.push(`${executor}:${reason}`),
    });
    const bits = 5; // 32 vectors
    const names = Array.from({ length: bits }, (_, i) => `c${i}`);
    const document = parse(
      `query V(${names.map((name) => `$${name}: Boolean = false`).join(', ')}) { ${names.map((name) => `${name}: __typename @include(if: $${name})`).join(' ')} }`,
    );
    const run = async (vector: number) => {
      const variables = Object.fromEntries(names.map((name, i) => [name, Boolean(vector & (1 << i))]));
      const request = {
        document,
        operation: document.definitions[0],
        operationName: 'V',
        context: {},
        request: { variables },
      } as unknown as GatewayGraphQLRequestContext;
      const answer = await execute(request);
      // graphql-js's answer: the included aliases, in document order.
      expect(answer).toEqual({ data: Object.fromEntries(names.filter((_, i) => vector & (1 << i)).map((name) => [name, 'Query'])) });
      return counted.at(-1);
    };
    for (let vector = 0; vector < MAX_VARIANTS; vector++) expect(await run(vector)).toBe('graphql-jit:compiled');
    expect(await run(MAX_VARIANTS)).toBe('graphql-js:variants');
    expect(await run(3)).toBe('graphql-jit:compiled');
  });
});
