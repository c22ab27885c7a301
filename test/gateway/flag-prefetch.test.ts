// `project(id:) { featureFlags(...) }`, and `node(id:)`/`nodes(ids:)` with a project's id: the flag page is requested together with the project
// (src/resolvers/support/flag-prefetch.ts), read from `extensions.upstream` as a client would:
// the same calls as before, in one wave instead of two, and the same answers.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoErrors, reportedCalls, useStack, type GraphQLResponse } from './helpers.ts';
import { LEVEL, ORG_A, seedUser, twoOrgSeed } from '../fixtures/seed.ts';

const CAROL = 'phx_test_key_carol_000000000000000000'; // Alice's colleague, revoked below
const GARBAGE = 'phx_garbage_not_a_key_000000000000000';

const stack = useStack(() => {
  const seed = twoOrgSeed();
  for (let i = 0; i < 12; i++) seed.feature_flags!.push({ project: 'Acme Web', organization: ORG_A, key: `more-${i}` });
  seed.users!.push(seedUser('carol@acme.test', CAROL, ORG_A, LEVEL.admin));
  return { seed };
});

const LIST = 'GET /api/projects/{project_id}/feature_flags/';
const PROJECT = 'GET /api/projects/{id}/';

function totals(response: GraphQLResponse): { calls: number; waves: number } {
  const { calls, waves } = response.extensions?.upstream?.totals ?? {};
  return { calls, waves };
}

const ask = (query: string, variables: Record<string, unknown> = {}) => stack.graphql<any>(query, variables, { report: true });

describe('a project and its flag page, requested together', () => {
  // Pages start ahead for a key the upstream accepted lately (the last describe attacks that).
  beforeAll(async () => expectNoErrors(await ask('{ viewer { email } }')));

  it('in a colocated fragment with variables and defaults, as Apollo Client sends it: one wave', async () => {
    const response = await ask(
      `query Table($id: ID!, $first: Int = 5, $after: String) { project(id: $id) { id ...Flags __typename } }
       fragment Flags on Project { featureFlags(first: $first, after: $after) { totalCount edges { cursor node { key __typename } } pageInfo { hasNextPage endCursor } } }`,
      { id: '1' },
    );
    expect(expectNoErrors(response).project.featureFlags.edges).toHaveLength(5);
    expect(totals(response)).toEqual({ calls: 2, waves: 1 });
    const next = await ask(
      `query Table($id: ID!, $first: Int = 5, $after: String) { project(id: $id) { ...on Node { ...on Project { featureFlags(first: $first, after: $after) { nodes { key } } } } } }`,
      { id: '1', after: expectNoErrors(response).project.featureFlags.pageInfo.endCursor },
    );
    expect(expectNoErrors(next).project.featureFlags.nodes).toHaveLength(5);
    expect(totals(next)).toEqual({ calls: 2, waves: 1 });
  });

  it('two aliases with other arguments: each page once, all in one wave', async () => {
    const response = await ask(
      `{ project(id: 1) { a: featureFlags(first: 2) { nodes { key } } b: featureFlags(first: 2) { totalCount } c: featureFlags(first: 3, search: "more") { nodes { key } } } }`,
    );
    const data = expectNoErrors(response).project;
    expect(data.a.nodes).toHaveLength(2);
    expect(data.c.nodes.every((f: { key: string }) => f.key.startsWith('more-'))).toBe(true);
    expect(reportedCalls(response).filter((c) => c === LIST)).toHaveLength(2);
    expect(totals(response)).toEqual({ calls: 3, waves: 1 });
  });

  it('under conditions, evaluated as graphql-js evaluates them: only the pages the answer reads', async () => {
    const query = `query($all: Boolean = true, $skip: Boolean!) { project(id: 1) { ...F @include(if: $all) } } fragment F on Project { featureFlags(first: 2) @skip(if: $skip) { totalCount } }`;
    expect(totals(await ask(query, { skip: false }))).toEqual({ calls: 2, waves: 1 });
    for (const variables of [{ all: false, skip: false }, { skip: true }]) {
      const response = await ask(query, variables);
      expect(expectNoErrors(response).project).toEqual({});
      expect(reportedCalls(response)).toEqual([PROJECT]);
    }
  });

  it('not for `last` alone, deleted flags or arguments the resolver refuses: the page follows the project', async () => {
    const lastOnly = await ask(`{ project(id: 1) { featureFlags(last: 2) { nodes { key } } } }`);
    expect(totals(lastOnly).waves).toBeGreaterThanOrEqual(2);
    const deleted = await ask(`{ project(id: 1) { featureFlags(first: 2, includeDeleted: true) { totalCount } } }`);
    expect(reportedCalls(deleted)[0]).toBe(PROJECT);
    const refused = await ask(`{ project(id: 1) { featureFlags(first: 1000) { totalCount } } }`);
    expect(refused.errors?.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
    expect(reportedCalls(refused)).toEqual([PROJECT]);
  });

  it("a missing project: null and the upstream's NOT_FOUND as before; its flag page failed unread", async () => {
    const response = await ask(`{ project(id: 999) { id featureFlags(first: 2) { totalCount } } }`);
    expect(response.data?.project).toBeNull();
    expect(response.errors?.map((e) => [e.path, e.extensions?.code])).toEqual([[['project'], 'NOT_FOUND']]);
    expect(reportedCalls(response).sort()).toEqual([LIST, PROJECT].sort());
    expect(totals(response)).toEqual({ calls: 2, waves: 1 });
  });

  it('a flag page that fails: reported on the field as before, and not asked for again', async () => {
    stack.upstream.injectFault({ path: /^\/api\/projects\/\d+\/feature_flags\/$/, status: 200, body: '' });
    const response = await ask(`{ project(id: 1) { name featureFlags(first: 2) { totalCount } } }`);
    expect(response.data?.project).toEqual({ name: 'Acme Web', featureFlags: null });
    expect(response.errors?.map((e) => [e.path, e.extensions?.code])).toEqual([[['project', 'featureFlags'], 'UPSTREAM_ERROR']]);
    expect(reportedCalls(response).filter((c) => c === LIST)).toHaveLength(1);
  });

  describe('through node(id:) and nodes(ids:), as Relay refetches and pages a project', () => {
    const PROJECT_1 = Buffer.from('Project:1').toString('base64url');
    const PROJECT_2 = Buffer.from('Project:2').toString('base64url');
    // relay-compiler's query for a @refetchable pagination fragment: the project through node(id:).
    const PAGINATION = `query FlagTablePaginationQuery($count: Int = 3, $cursor: String, $id: ID!) {
        node(id: $id) { __typename ...FlagTable_project id } }
      fragment FlagTable_project on Project { featureFlags(first: $count, after: $cursor) { edges { cursor node { key id __typename } } pageInfo { endCursor hasNextPage } } id }`;

    it("a project's id: its first page in the project's wave, then each next page", async () => {
      const first = await ask(PAGINATION, { id: PROJECT_1 });
      const page = expectNoErrors(first).node.featureFlags;
      expect(page.edges).toHaveLength(3);
      expect(totals(first)).toEqual({ calls: 2, waves: 1 });
      const next = await ask(PAGINATION, { id: PROJECT_1, cursor: page.pageInfo.endCursor });
      expect(expectNoErrors(next).node.featureFlags.edges.map((e: { node: { key: string } }) => e.node.key)).not.toContain(page.edges[0].node.key);
      expect(totals(next)).toEqual({ calls: 2, waves: 1 });
    });

    it('nodes(ids:) with two projects: both pages in the first wave', async () => {
      const response = await ask(`query($ids: [ID!]!) { nodes(ids: $ids) { ... on Project { name featureFlags(first: 1) { totalCount } } } }`, {
        ids: [PROJECT_1, PROJECT_2],
      });
      expect(expectNoErrors(response).nodes).toHaveLength(2);
      expect(reportedCalls(response).filter((c) => c === LIST)).toHaveLength(2);
      expect(totals(response)).toEqual({ calls: 4, waves: 1 });
    });

    it('a flag id or an invalid id starts no flag page', async () => {
      const flagId = Buffer.from('FeatureFlag:1:1').toString('base64url');
      const flag = await ask(`query($id: ID!) { node(id: $id) { ... on Project { featureFlags(first: 1) { totalCount } } ... on FeatureFlag { key } } }`, {
        id: flagId,
      });
      expect(expectNoErrors(flag).node.key).toBeTruthy();
      expect(reportedCalls(flag)).not.toContain(LIST);
      const invalid = await ask(`{ node(id: "not-an-id") { ... on Project { featureFlags(first: 1) { totalCount } } } }`);
      expect(invalid.errors?.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
      expect(reportedCalls(invalid)).toEqual([]);
    });
  });

  describe('only for a key the upstream accepted lately', () => {
    const TWO_PAGES = `query($id: ID!) { project(id: 1) { a: featureFlags(first: 1) { totalCount } b: featureFlags(first: 2) { totalCount } } node(id: $id) { ... on Project { featureFlags(first: 3) { totalCount } } } }`;
    const variables = { id: Buffer.from('Project:1').toString('base64url') };
    const asKey = (token: string, query = TWO_PAGES) => stack.graphql<any>(query, variables, { token, report: true });
    /** The upstream requests `send` makes. */
    async function upstreamRequests(send: () => Promise<unknown>) {
      const before = stack.upstream.requests.length;
      await send();
      return stack.upstream.requests.slice(before);
    }

    it('a made-up key costs the projects’ calls alone, refused: no flag page goes ahead', async () => {
      let response: GraphQLResponse | undefined;
      const requests = await upstreamRequests(async () => (response = await asKey(GARBAGE)));
      expect(response?.errors?.every((e) => e.extensions?.code === 'UNAUTHENTICATED')).toBe(true);
      expect(requests.map((r) => r.status)).toEqual([401]); // the two lookups of project 1 share one GET
    });

    it('a revoked key: once refused, no page goes ahead and _entities checks it again', async () => {
      expect(totals(await asKey(CAROL))).toEqual({ calls: 4, waves: 2 }); // not yet accepted: the pages follow the project
      expect(totals(await asKey(CAROL))).toEqual({ calls: 4, waves: 1 });
      stack.upstream.revokeKey(CAROL);
      expect((await asKey(CAROL)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED'); // accepted a moment ago: pages went ahead, refused
      expect((await upstreamRequests(() => asKey(CAROL))).map((r) => r.status)).toEqual([401]);
      const flags = [1, 2, 3].map((id) => ({ __typename: 'FeatureFlag', id: Buffer.from(`FeatureFlag:1:${id}`).toString('base64url') }));
      const entities = `query($r: [_Any!]!) { _entities(representations: $r) { ... on FeatureFlag { key } } }`;
      const requests = await upstreamRequests(() => stack.graphql(entities, { r: flags }, { token: CAROL }));
      expect(requests.map((r) => `${r.status} ${r.path}`)).toEqual(['401 /api/projects/']);
    });
  });
});
