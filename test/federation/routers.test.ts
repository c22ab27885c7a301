// The same two-subgraph supergraph behind both federation routers platform teams run, @apollo/gateway
// and Hive Gateway: each answers a cross-subgraph operation with the caller's key, and each costs the
// upstream the same minimum of calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postGraphQL, startStack, type Stack } from '../gateway/helpers.ts';
import { KEY_A, KEY_B, ORG_A, twoOrgSeed } from '../fixtures/seed.ts';
import { startReviewsSubgraph, REVIEWS_SDL, type ReviewsSubgraph } from './second-subgraph.ts';
import { compose, startSupergraphGateway, type RunningSupergraph } from './supergraph.ts';
import { startHiveGateway } from './hive-gateway.ts';

const FLAG_KEYS = ['checkout-v2', 'dark-mode', 'new-nav'];

let stack: Stack;
let reviews: ReviewsSubgraph;
const routers: Record<string, RunningSupergraph> = {};
let projectId: string;
let darkModeId: string;

beforeAll(async () => {
  const base = twoOrgSeed();
  stack = await startStack({
    seed: { ...base, feature_flags: [...(base.feature_flags ?? []), ...FLAG_KEYS.map((key) => ({ project: 'Acme Web', organization: ORG_A, key }))] },
  });
  const projects = (await stack.graphql<any>('{ projects { nodes { id databaseId name } } }')).data!.projects.nodes as Array<{
    id: string;
    databaseId: number;
    name: string;
  }>;
  const web = projects.find((p) => p.name === 'Acme Web')!;
  projectId = web.id;
  const flags = (await stack.graphql<any>('query ($id: ID!) { project(id: $id) { featureFlags { nodes { id key } } } }', { id: web.id })).data!.project
    .featureFlags.nodes as Array<{ id: string; key: string }>;
  const darkMode = flags.find((flag) => flag.key === 'dark-mode')!;
  darkModeId = darkMode.id;
  reviews = await startReviewsSubgraph(new Map([[darkMode.id, 'reviewed: dark-mode']]), new Map([[web.databaseId, 'weekly']]));
  const sdl = (await stack.graphql<any>('{ _service { sdl } }', {}, { token: null })).data!._service.sdl as string;
  const { supergraphSdl, errors } = compose([
    { name: 'gateway', url: stack.gatewayUrl, sdl },
    { name: 'reviews', url: reviews.url, sdl: REVIEWS_SDL },
  ]);
  if (errors || !supergraphSdl) throw new Error(`composition failed: ${errors?.map((e) => e.message).join('\n')}`);
  const [apollo, hive] = await Promise.all([startSupergraphGateway(supergraphSdl), startHiveGateway(supergraphSdl)]);
  routers['@apollo/gateway'] = apollo;
  routers['Hive Gateway'] = hive;
}, 60_000);
afterAll(async () => {
  await Promise.all(Object.values(routers).map((r) => r.stop()));
  await reviews?.stop();
  await stack?.stop();
});

// Our project's flags with another subgraph's field on each flag: the routers must not ask us for the
// project again to collect the flags' keys they already have.
const FLAGS_WITH_REVIEW_NOTES = `query ($id: ID!) {
  project(id: $id) { name featureFlags(first: 20) { totalCount nodes { key reviewNotes } } }
}`;

const PROJECT_WITH_FLAGS = `query ($id: ID!) {
  project(id: $id) { name releaseTrain featureFlags(first: 20) { totalCount nodes { key } } }
}`;

describe.each(['@apollo/gateway', 'Hive Gateway'])('%s', (router) => {
  it("answers a cross-subgraph operation with the caller's key, in 2 upstream calls", async () => {
    stack.upstream.resetRequests();
    const res = await postGraphQL<any>(routers[router]!.url, PROJECT_WITH_FLAGS, { id: projectId }, { token: KEY_A });
    expect(res.errors).toBeUndefined();
    expect(res.data.project).toMatchObject({ name: 'Acme Web', releaseTrain: 'weekly', featureFlags: { totalCount: FLAG_KEYS.length + 1 } });
    expect(stack.upstream.requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual(['GET /api/projects/1/', 'GET /api/projects/1/feature_flags/']);
    // The reviews subgraph got the caller's header too.
    expect(reviews.authorizations.at(-1)).toBe(`Bearer ${KEY_A}`);
  });

  it("adds another subgraph's field to a project's flags in 2 upstream calls", async () => {
    stack.upstream.resetRequests();
    const res = await postGraphQL<any>(routers[router]!.url, FLAGS_WITH_REVIEW_NOTES, { id: projectId }, { token: KEY_A });
    expect(res.errors).toBeUndefined();
    const flags = res.data.project.featureFlags.nodes as Array<{ key: string; reviewNotes: string | null }>;
    expect(flags.find((flag) => flag.key === 'dark-mode')?.reviewNotes).toBe('reviewed: dark-mode');
    expect(flags.filter((flag) => flag.reviewNotes === null)).toHaveLength(flags.length - 1);
    expect(stack.upstream.requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual(['GET /api/projects/1/', 'GET /api/projects/1/feature_flags/']);
  });

  it("adds another subgraph's field to a flag looked up by id in 1 upstream call (our key fields are free)", async () => {
    stack.upstream.resetRequests();
    const res = await postGraphQL<any>(
      routers[router]!.url,
      'query ($id: ID!) { node(id: $id) { ... on FeatureFlag { key reviewNotes } } }',
      { id: darkModeId },
      { token: KEY_A },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.node).toEqual({ key: 'dark-mode', reviewNotes: 'reviewed: dark-mode' });
    expect(stack.upstream.requests.map((r) => `${r.method} ${r.path}`)).toEqual([expect.stringMatching(/^GET \/api\/projects\/1\/feature_flags\/\d+\/$/)]);
  });

  it("propagates the caller's key: another organization's key cannot see the project", async () => {
    const res = await postGraphQL<any>(routers[router]!.url, PROJECT_WITH_FLAGS, { id: projectId }, { token: KEY_B });
    expect(res.data?.project ?? null).toBeNull();
    expect(res.errors?.length).toBeGreaterThan(0);
  });
});
