// Federation proof with the real tools: our subgraph SDL (as served by `_service { sdl }`) and a
// second subgraph compose with @apollo/composition; @apollo/gateway runs the supergraph and
// answers one operation that needs both subgraphs, with the caller's token reaching the upstream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompositionResult } from '@apollo/composition';
import { expectNoErrors, postGraphQL, useStack, type GraphQLResponse } from '../gateway/helpers.ts';
import { KEY_A, KEY_B, ORG_A, twoOrgSeed } from '../fixtures/seed.ts';
import { startReviewsSubgraph, REVIEWS_SDL, type ReviewsSubgraph } from './second-subgraph.ts';
import { compose, startSupergraphGateway, type RunningSupergraph } from './supergraph.ts';
import { composeWithBoth, unacceptedProblems, type AcceptedProblem } from './composers.ts';

const FLAG_KEYS = ['checkout-v2', 'dark-mode', 'new-nav', 'search-beta'];

function seed() {
  const base = twoOrgSeed();
  return {
    ...base,
    feature_flags: [...(base.feature_flags ?? []), ...FLAG_KEYS.map((key) => ({ project: 'Acme Web', organization: ORG_A, key }))],
    plugins: [{ organization: ORG_A, plugin_type: 'source', name: 'Hello' }],
  };
}

interface Flag {
  id: string;
  key: string;
}

const stack = useStack({ seed: seed() });
let reviews: ReviewsSubgraph;
let supergraph: RunningSupergraph;
let composition: CompositionResult;
let web: { id: string; databaseId: number; name: string; flags: Flag[] };
let globexId: string;
let gatewaySdl: string;
const notes = new Map<string, string>();

beforeAll(async () => {
  const projects = expectNoErrors(
    await stack.graphql<any>('{ projects(first: 10) { nodes { id databaseId name featureFlags(first: 20) { nodes { id key } } } } }'),
  ).projects.nodes;
  const acmeWeb = projects.find((p: { name: string }) => p.name === 'Acme Web');
  web = { id: acmeWeb.id, databaseId: acmeWeb.databaseId, name: acmeWeb.name, flags: acmeWeb.featureFlags.nodes };
  globexId = expectNoErrors(await stack.graphql<any>('{ projects(first: 1) { nodes { id } } }', {}, { token: KEY_B })).projects.nodes[0].id;
  for (const flag of web.flags.filter((f) => f.key !== 'acme-flag')) notes.set(flag.id, `reviewed: ${flag.key}`);

  reviews = await startReviewsSubgraph(notes, new Map([[web.databaseId, 'weekly']]));
  gatewaySdl = expectNoErrors(await stack.graphql<any>('{ _service { sdl } }', {}, { token: null }))._service.sdl as string;
  composition = compose([
    { name: 'gateway', url: stack.gatewayUrl, sdl: gatewaySdl },
    { name: 'reviews', url: reviews.url, sdl: REVIEWS_SDL },
  ]);
  if (composition.errors) throw new Error(`composition failed: ${composition.errors.map((e) => e.message).join('\n')}`);
  supergraph = await startSupergraphGateway(composition.supergraphSdl);
});

afterAll(async () => {
  await supergraph?.stop();
  await reviews?.stop();
});

const viaSupergraph = <T = any>(query: string, variables: Record<string, unknown>, token: string | null): Promise<GraphQLResponse<T>> =>
  postGraphQL<T>(supergraph.url, query, variables, { token });

const codes = (response: GraphQLResponse) => (response.errors ?? []).map((e) => e.extensions?.code);

describe('composition', () => {
  it('composes with no errors and no hints', () => {
    expect(composition.errors).toBeUndefined();
    // Any hint (e.g. inconsistent value types or descriptions) would show up here for review.
    expect((composition.hints ?? []).map((h) => `${h.definition.code}: ${h.message}`)).toEqual([]);
  });

  it('keeps our entity keys and the cost hints in the supergraph', () => {
    const supergraphSdl = composition.errors ? '' : composition.supergraphSdl;
    expect(supergraphSdl).toMatch(
      /type Project implements Node\s+@join__implements\(graph: GATEWAY, interface: "Node"\)\s+@join__type\(graph: GATEWAY, key: "id"\)\s+@join__type\(graph: GATEWAY, key: "databaseId"\)/,
    );
    const restKeys = { Project: 'databaseId', FeatureFlag: 'databaseId projectDatabaseId', Plugin: 'databaseId organizationId', Organization: 'databaseId' };
    for (const [type, restKey] of Object.entries(restKeys)) {
      const keys = [
        ...(new RegExp(`type ${type} implements Node[^{]*`).exec(supergraphSdl)?.[0] ?? '').matchAll(/@join__type\(graph: GATEWAY, key: "([^"]+)"\)/g),
      ];
      // Every entity has the same two keys (docs/architecture.md, "Federation keys"): Hive Gateway
      // serves root fields from a copy of our subgraph that only knows entities with a second key.
      expect(keys.map((key) => key[1])).toEqual(['id', restKey]);
    }
    expect(supergraphSdl).toContain(
      '@listSize(assumedSize: 100, slicingArguments: ["first", "last"], sizedFields: ["edges", "nodes"], requireOneSlicingArgument: false)',
    );
  });
});

describe('a cross-subgraph operation through @apollo/gateway', () => {
  const CROSS = `query Cross($id: ID!) {
    project(id: $id) {
      name
      releaseTrain
      featureFlags(first: 20) { totalCount nodes { key active reviewNotes } }
    }
    reviewedFlags { id key reviewNotes project { name releaseTrain } }
    projectUnderReview { id name releaseTrain featureFlags(first: 1) { totalCount } }
  }`;

  it('answers fields of both subgraphs in one operation', async () => {
    const before = reviews.authorizations.length;
    const data = expectNoErrors(await viaSupergraph(CROSS, { id: web.id }, KEY_A));
    // Every subgraph gets the caller's header, unchanged.
    expect(new Set(reviews.authorizations.slice(before))).toEqual(new Set([`Bearer ${KEY_A}`]));
    expect(data.project.name).toBe('Acme Web');
    expect(data.project.releaseTrain).toBe('weekly');
    expect(data.project.featureFlags.totalCount).toBe(web.flags.length);
    expect(data.project.featureFlags.nodes).toEqual(web.flags.map((f) => ({ key: f.key, active: true, reviewNotes: notes.get(f.id) ?? null })));
    // Entities the reviews subgraph only knows by id, completed by our subgraph via _entities.
    expect(data.reviewedFlags).toEqual(
      [...notes].map(([id, note]) => ({
        id,
        key: web.flags.find((f) => f.id === id)?.key,
        reviewNotes: note,
        project: { name: 'Acme Web', releaseTrain: 'weekly' },
      })),
    );
    // A Project reference by databaseId (the second key), completed by our subgraph.
    expect(data.projectUnderReview).toEqual({ id: web.id, name: 'Acme Web', releaseTrain: 'weekly', featureFlags: { totalCount: web.flags.length } });
  });

  it("a failing project list is null alone: the other subgraph's fields still arrive", async () => {
    stack.upstream.injectFault({ path: '/api/projects/', status: 500, body: '{}' });
    const res = await viaSupergraph('{ projects(first: 5) { totalCount } reviewedFlags { reviewNotes } }', {}, KEY_A);
    expect(res.data?.projects).toBeNull();
    expect(res.data?.reviewedFlags).toHaveLength(notes.size);
    expect(res.errors?.map((e) => e.extensions?.code)).toEqual(['UPSTREAM_ERROR']);
  });

  it("forwards the caller's token to the upstream: each key sees its own organization", async () => {
    const before = reviews.authorizations.length;
    stack.upstream.resetRequests();
    const asBob = await viaSupergraph(
      'query($a: ID!, $b: ID!) { mine: project(id: $b) { name } theirs: project(id: $a) { name releaseTrain } }',
      { a: web.id, b: globexId },
      KEY_B,
    );
    expect(asBob.data?.mine).toEqual({ name: 'Globex Site' });
    expect(asBob.data?.theirs).toBeNull();
    // The upstream answers 404 for another organization's project, as the real service does.
    expect(codes(asBob)).toEqual(['NOT_FOUND']);
    expect(stack.upstream.requests.map((r) => r.status).sort()).toEqual([200, 404]);
    // The reviews subgraph was asked nothing (no entity to complete), so it saw no request.
    expect(reviews.authorizations.slice(before)).toEqual([]);
  });

  it('a bad token is UNAUTHENTICATED from the upstream, through the gateway', async () => {
    stack.upstream.resetRequests();
    const response = await viaSupergraph(CROSS, { id: web.id }, 'phx_not_a_real_key_000000000000');
    expect(response.data?.project ?? null).toBeNull();
    expect(codes(response)).toContain('UNAUTHENTICATED');
    // The upstream saw the request and refused it: the token got there.
    expect(stack.upstream.requests.map((r) => r.status)).toContain(401);
  });

  it('no token: UNAUTHENTICATED without any upstream call', async () => {
    stack.upstream.resetRequests();
    const response = await viaSupergraph('query($id: ID!) { project(id: $id) { name releaseTrain } }', { id: web.id }, null);
    expect(codes(response)).toContain('UNAUTHENTICATED');
    expect(stack.upstream.requests).toEqual([]);
  });
});

describe('_entities served directly', () => {
  const ENTITIES = `query($r: [_Any!]!) { _entities(representations: $r) {
    __typename
    ... on FeatureFlag { id key }
    ... on Project { id projectName: name }
    ... on Plugin { id name }
    ... on Organization { id databaseId }
  } }`;

  it('N flag representations of one project: one parallel GET per distinct flag, missing -> null', async () => {
    const [a, b, c] = web.flags as [Flag, Flag, Flag];
    const missing = Buffer.from(`FeatureFlag:${web.databaseId}:987654`).toString('base64url');
    const refs = [a, b, a, { id: missing, key: '' }, c, b, a];
    const response = await stack.graphql<any>(ENTITIES, { r: refs.map((f) => ({ __typename: 'FeatureFlag', id: f.id })) }, { report: true });
    expect(response.errors).toBeUndefined();
    expect(response.data._entities).toEqual(refs.map((f) => (f.id === missing ? null : { __typename: 'FeatureFlag', id: f.id, key: f.key })));
    const calls = response.extensions?.upstream.calls as Array<{ method: string; route: string; wave: number }>;
    expect(calls.map((call) => `${call.method} ${call.route}`)).toEqual(Array(4).fill('GET /api/projects/{project_id}/feature_flags/{id}/'));
    expect(response.extensions?.upstream.totals.waves).toBe(1);
  });

  it('resolves every entity by either key (global id, or REST identity); missing ones are null', async () => {
    const org = expectNoErrors(
      await stack.graphql<any>('query($o: ID!) { organization(id: $o) { id plugins(first: 1) { nodes { id databaseId name } } } }', { o: ORG_A }),
    ).organization;
    const flag = expectNoErrors(
      await stack.graphql<any>('query($id: ID!) { node(id: $id) { ... on FeatureFlag { id key databaseId } } }', { id: web.flags[1]!.id }),
    ).node;
    const refs = [
      { __typename: 'Project', id: web.id },
      { __typename: 'Project', databaseId: web.databaseId },
      { __typename: 'Project', databaseId: 424242 },
      { __typename: 'Organization', id: org.id },
      { __typename: 'Plugin', id: org.plugins.nodes[0].id },
      // The second keys: each entity's REST identity.
      { __typename: 'Organization', databaseId: ORG_A },
      { __typename: 'Plugin', databaseId: org.plugins.nodes[0].databaseId, organizationId: ORG_A },
      { __typename: 'FeatureFlag', databaseId: flag.databaseId, projectDatabaseId: web.databaseId },
    ];
    const response = await stack.graphql<any>(ENTITIES, { r: refs }, { report: true });
    expect(response.errors).toBeUndefined();
    expect(response.data._entities).toEqual([
      { __typename: 'Project', id: web.id, projectName: 'Acme Web' },
      { __typename: 'Project', id: web.id, projectName: 'Acme Web' },
      null,
      { __typename: 'Organization', id: org.id, databaseId: ORG_A },
      { __typename: 'Plugin', id: org.plugins.nodes[0].id, name: org.plugins.nodes[0].name },
      { __typename: 'Organization', id: org.id, databaseId: ORG_A },
      { __typename: 'Plugin', id: org.plugins.nodes[0].id, name: org.plugins.nodes[0].name },
      { __typename: 'FeatureFlag', id: flag.id, key: flag.key },
    ]);
    // The two references to the same project share one GET.
    expect(response.extensions?.upstream.calls.filter((c: { route: string }) => c.route === '/api/projects/{id}/')).toHaveLength(2);
  });

  it("a project's flag page starts with the project (as under project(id:)): both in one wave", async () => {
    const query = `query($r: [_Any!]!) { _entities(representations: $r) { ... on Project { name featureFlags(first: 2) { totalCount } } } }`;
    const response = await stack.graphql<any>(query, { r: [{ __typename: 'Project', id: web.id }] }, { report: true });
    expect(expectNoErrors(response)._entities[0].featureFlags.totalCount).toBeGreaterThan(0);
    const waveOf = (route: string) => response.extensions?.upstream.calls.find((c: { route: string }) => c.route === route)?.wave;
    expect(waveOf('/api/projects/{project_id}/feature_flags/')).toBe(waveOf('/api/projects/{id}/'));
  });

  it("a forbidden entity fails alone; the batch's other entities resolve", async () => {
    const foreignFlag = expectNoErrors(
      await stack.graphql<any>('query($p: ID!) { project(id: $p) { featureFlags(first: 1) { nodes { id } } } }', { p: globexId }, { token: KEY_B }),
    ).project.featureFlags.nodes[0].id as string;
    const mine = web.flags[0] as Flag;
    const response = await stack.graphql<any>(ENTITIES, {
      r: [
        { __typename: 'FeatureFlag', id: mine.id },
        { __typename: 'FeatureFlag', id: foreignFlag },
      ],
    });
    expect(response.data._entities).toEqual([{ __typename: 'FeatureFlag', id: mine.id, key: mine.key }, null]);
    expect(codes(response)).toEqual(['FORBIDDEN']);
    expect(response.errors?.[0]?.path).toEqual(['_entities', 1]);
  });
});

// Another team's subgraph that shares our value types but declares only part of UserError.
const DEPLOYS_SDL = `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable"])
  interface Node { id: ID! }
  type PageInfo @shareable { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }
  type UserError @shareable { message: String! }
  type Deployment implements Node @key(fields: "id") { id: ID! project: Project! }
  type Project @key(fields: "id", resolvable: false) { id: ID! }
  type Query { deployments: [Deployment!]! }`;

/**
 * The composition problems we decided to accept, each with its reason. Anything else either
 * composer reports (an error, or an Apollo hint; The Guild's composer reports errors only) fails.
 */
const ACCEPTED: AcceptedProblem[] = [
  {
    composer: '@apollo/composition',
    code: 'INCONSISTENT_OBJECT_VALUE_TYPE_FIELD',
    message: /^Field "UserError\.\w+" of non-entity object type "UserError" is defined in some but not all subgraphs/,
    reason: 'another subgraph may declare the subset of our shareable UserError it returns; the router asks each subgraph only for the fields it declares',
  },
];

describe('composition under both composers (@apollo/composition and @theguild/federation-composition)', () => {
  it.each([
    ['the reviews subgraph', REVIEWS_SDL],
    ['a subgraph sharing Node, PageInfo and part of UserError', DEPLOYS_SDL],
  ])('with %s: both compose, with no problem outside the allow-list', (_name, other) => {
    const result = composeWithBoth([
      { name: 'gateway', url: stack.gatewayUrl, sdl: gatewaySdl },
      { name: 'other', url: 'http://127.0.0.1:1/graphql', sdl: other },
    ]);
    expect(unacceptedProblems(result.problems, ACCEPTED)).toEqual([]);
    expect(result.apolloSupergraph).toContain('@join__type(graph: GATEWAY, key: "databaseId")');
    expect(result.guildSupergraph).toContain('@join__type(graph: GATEWAY, key: "databaseId")');
  });

  it('every accepted problem still occurs (an entry nothing needs is removed)', () => {
    const result = composeWithBoth([
      { name: 'gateway', url: stack.gatewayUrl, sdl: gatewaySdl },
      { name: 'deploys', url: 'http://127.0.0.1:1/graphql', sdl: DEPLOYS_SDL },
    ]);
    // Without the allow-list the same composition fails the check.
    expect(unacceptedProblems(result.problems, []).length).toBeGreaterThan(0);
    for (const accepted of ACCEPTED) {
      expect(
        result.problems.some((p) => p.composer === accepted.composer && p.code === accepted.code && accepted.message.test(p.message)),
        accepted.code,
      ).toBe(true);
    }
  });

  it.each([
    ['a @key on a field the type lacks', 'type Project @key(fields: "slug") { id: ID! }', 'KEY_INVALID_FIELDS', ['Project', '@key(fields: "slug")']],
    ['a value type shared without @shareable', 'type PageInfo { hasNextPage: Boolean! }', 'INVALID_FIELD_SHARING', ['PageInfo.hasNextPage', '@shareable']],
  ])('a failure names the type and directive at fault, under both composers: %s', (_name, definition, code, named) => {
    const broken = `extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])\n${definition}\ntype Query { broken: Int }`;
    const { problems } = composeWithBoth([
      { name: 'gateway', url: stack.gatewayUrl, sdl: gatewaySdl },
      { name: 'broken', url: 'http://127.0.0.1:1/graphql', sdl: broken },
    ]);
    const lines = unacceptedProblems(problems, ACCEPTED);
    for (const composer of ['@apollo/composition', '@theguild/federation-composition']) {
      const line = lines.find((l) => l.startsWith(`${composer} error ${code}`));
      expect(line, `${composer}: ${lines.join('\n')}`).toBeDefined();
      for (const name of named) expect(line).toContain(name);
    }
  });
});
