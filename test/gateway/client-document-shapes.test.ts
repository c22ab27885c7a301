// Client documents are never refused or failed for their shape, on both executors (compiled, the
// default, and GRAPHQL_JIT=0): a `null` given for a condition variable that has a default gets
// graphql-js's own answer as a client mistake, and the depth limit measures the data's depth, not
// the fragments a page is built from (docs/limits-and-deadlines.md). That every document the client
// tests send passes every limit with room to spare is client-document-limits.unit.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../../src/server.ts';
import { QUERY_LIMITS } from '../../src/apollo-plugins/cost-limit.ts';
import { useStack } from './helpers.ts';

const stack = useStack(); // compiled execution (the default)
let interpreted: RunningGateway; // the same upstream, GRAPHQL_JIT=0
let projectId: string;
beforeAll(async () => {
  interpreted = await startGateway({ upstreamUrl: stack.upstream.url, port: 0, host: '127.0.0.1', compiledExecution: false });
  projectId = (await stack.graphql<any>('{ projects(first: 1) { nodes { id } } }')).data!.projects.nodes[0].id;
});
afterAll(async () => {
  await interpreted?.stop();
});

const EXECUTORS = [
  ['compiled', () => stack.gatewayUrl],
  ['GRAPHQL_JIT=0', () => interpreted.url],
] as const;

async function post(url: string, query: string, variables: Record<string, unknown>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${stack.keys[0]}`, 'x-request-id': 'client-shapes' },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as { data?: any; errors?: any[] } };
}

const NULL_IF = 'Argument "if" of non-null type "Boolean!" must not be null.';

describe('a null given for a condition variable with a default (`$withTags: Boolean = true`, `{"withTags": null}`)', () => {
  // Validation accepts a nullable variable with a default where `if: Boolean!` is required; the
  // null given for it fails when graphql-js reads the directive: the field whose selection holds it
  // is null with that error (the request fails when it is on a root field).
  it.each(EXECUTORS)('%s: a field error as graphql-js gives it, BAD_USER_INPUT, the rest of the data kept', async (_name, url) => {
    const query =
      'query Flags($id: ID!, $withTags: Boolean = true) { project(id: $id) { name featureFlags(first: 2) { nodes { key tags @include(if: $withTags) } } } }';
    const answer = await post(url(), query, { id: projectId, withTags: null });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      errors: [
        {
          message: NULL_IF,
          locations: [{ line: 1, column: query.indexOf('$withTags)') + 1 }],
          path: ['project', 'featureFlags', 'nodes', 0],
          extensions: { code: 'BAD_USER_INPUT', requestId: 'client-shapes' },
        },
      ],
      data: { project: { name: 'Acme Web', featureFlags: null } },
    });
  });

  it.each(EXECUTORS)('%s: in a fragment on a root field, the root field is null with the error', async (_name, url) => {
    const query =
      'query P($id: ID!, $withTz: Boolean = true) { project(id: $id) { ...Header } } fragment Header on Project { name timezone @skip(if: $withTz) }';
    const answer = await post(url(), query, { id: projectId, withTz: null });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ project: null });
    expect(answer.body.errors).toEqual([
      expect.objectContaining({ message: NULL_IF, path: ['project'], extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) }),
    ]);
  });

  it.each(EXECUTORS)('%s: on a root field itself, a request error (no data) as graphql-js gives it', async (_name, url) => {
    const answer = await post(url(), 'query P($id: ID!, $show: Boolean = true) { project(id: $id) @include(if: $show) { name } }', {
      id: projectId,
      show: null,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors).toEqual([expect.objectContaining({ message: NULL_IF, extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) })]);
  });

  it.each(EXECUTORS)('%s: a null given for a defaulted argument variable is the same client mistake', async (_name, url) => {
    const answer = await post(url(), 'query P($id: ID = "1") { project(id: $id) { name } }', { id: null });
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toEqual([
      expect.objectContaining({
        message: 'Argument "id" of non-null type "ID!" must not be null.',
        path: ['project'],
        extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }),
      }),
    ]);
  });
});

// A page built from five colocated component fragments; its data is nine fields deep
// (project > featureFlags > edges > node > project > organization > plugins > nodes > name).
const FRAGMENT_PAGE = `
  query FlagPage($id: ID!, $first: Int = 5) { project(id: $id) { ...PageHeader ...FlagTable } }
  fragment PageHeader on Project { id name }
  fragment FlagTable on Project { featureFlags(first: $first) { edges { node { ...FlagRow } } pageInfo { hasNextPage } } }
  fragment FlagRow on FeatureFlag { id key ... on FeatureFlag { ...FlagOwner } }
  fragment FlagOwner on FeatureFlag { project { organization { ...OrganizationPlugins } } }
  fragment OrganizationPlugins on Organization { plugins(first: 1) { nodes { name } } }
`;

describe('the depth limit measures the data, fragments expanded', () => {
  it.each(EXECUTORS)('%s: a page of five colocated fragments with data nine fields deep is answered', async (_name, url) => {
    const answer = await post(url(), FRAGMENT_PAGE, { id: projectId });
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.project.featureFlags.edges[0].node.project.organization.plugins.nodes).toEqual(expect.any(Array));
  });

  it('data one level deeper than the limit is refused, whether it is written inline or with fragments', async () => {
    // project, then (featureFlags > nodes > project) three times, then featureFlags > nodes > id: 13 levels.
    expect(QUERY_LIMITS.maxDepth).toBe(12);
    const inline = `{ project(id: "1") { ${'featureFlags { nodes { project { '.repeat(3)}featureFlags { nodes { id } }${' } } }'.repeat(3)} } }`;
    const round = (i: number) => `fragment F${i} on Project { featureFlags { nodes { project { ...F${i + 1} } } } }`;
    const fragments = `{ project(id: "1") { ...F0 } } ${[0, 1, 2].map(round).join(' ')} fragment F3 on Project { featureFlags { nodes { id } } }`;
    for (const query of [inline, fragments]) {
      stack.upstream.resetRequests();
      const answer = await post(stack.gatewayUrl, query, {});
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([expect.objectContaining({ message: 'Query depth limit of 12 exceeded, found 13.' })]);
      expect(stack.upstream.requests).toHaveLength(0);
    }
  });
});
