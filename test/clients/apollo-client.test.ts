// The gateway through a real @apollo/client 4 (HttpLink + InMemoryCache): Relay-style pagination
// with fetchMore using the README's own query and client (test/clients/readme-snippets.ts), and,
// with the typed documents graphql-codegen's client preset generates from test/clients/operations/,
// how the normalized cache keys and updates our objects. It also records the request bodies
// HttpLink sends for the benchmark's client-shaped reads (bench/client-documents/apollo-client.json).
import { beforeAll, describe, expect, it } from 'vitest';
import { ApolloClient, HttpLink, InMemoryCache, gql, type InMemoryCacheConfig, type ObservableQuery } from '@apollo/client';
import { relayStylePagination } from '@apollo/client/utilities';
import { firstValueFrom, filter } from 'rxjs';
import { isAbstractType } from 'graphql';
import { gatewaySchema } from '../../src/schema.ts';
import { useStack } from '../gateway/helpers.ts';
import { upstreamFlagKeys } from '../fixtures/rest.ts';
import { KEY_A, ORG_A, LEVEL, seedFlag, seedOrganization, seedProject, seedUser, seedPlugin, type SeedFile } from '../fixtures/seed.ts';
import { readmeApolloClient, readmeSnippet } from './readme-snippets.ts';
import { clientDocumentText, type ClientDocument } from '../../bench/client-documents.ts';
import {
  FlagOwnersDocument,
  FlagTableDocument,
  NodeByIdDocument,
  ObjectsOfEveryTypeDocument,
  ProjectFlagsDocument,
  ProjectHeaderDocument,
  RenameFeatureFlagDocument,
} from './generated/graphql.ts';

const FLAG_COUNT = 25;
const PAGE = 10;

function seed(): SeedFile {
  return {
    organizations: [seedOrganization(ORG_A, 'Acme')],
    users: [seedUser('alice@acme.test', KEY_A, ORG_A, LEVEL.owner, { first_name: 'Alice' })],
    projects: [seedProject(ORG_A, 'Acme Web')],
    feature_flags: Array.from({ length: FLAG_COUNT }, (_, i) =>
      seedFlag('Acme Web', `flag-${String(i).padStart(2, '0')}`, { organization: ORG_A, name: `Flag ${i}` }),
    ),
    plugins: [seedPlugin(ORG_A, 'source', 'Hello')],
  };
}

const stack = useStack({ seed: seed() });
let projectId: string;
let projectDatabaseId: number;

/** `possibleTypes` for fragments on interfaces (Node), read from the schema as a build step would. */
function possibleTypes(): Record<string, string[]> {
  const schema = gatewaySchema();
  const result: Record<string, string[]> = {};
  for (const type of Object.values(schema.getTypeMap())) {
    if (isAbstractType(type) && !type.name.startsWith('_')) result[type.name] = schema.getPossibleTypes(type).map((t) => t.name);
  }
  return result;
}

/** The README's field policy: filters are part of the list's identity; first/after/last/before are merged into one list. */
const pagedFlags = () => ({ Project: { fields: { featureFlags: relayStylePagination(['search', 'active', 'archived', 'includeDeleted']) } } });

function newClient(config: InMemoryCacheConfig = {}) {
  const cache = new InMemoryCache({ possibleTypes: possibleTypes(), ...config, typePolicies: { ...pagedFlags(), ...config.typePolicies } });
  const client = new ApolloClient({ link: new HttpLink({ uri: stack.gatewayUrl, headers: { authorization: `Bearer ${KEY_A}` } }), cache });
  return { client, cache };
}

/** The flag keys in the order the upstream itself lists them (REST, newest first). */
const upstreamOrder = () => upstreamFlagKeys(stack.upstream, KEY_A, projectDatabaseId);

/** The result shape of the README's `paging-query`. */
interface PagedFlags {
  project: {
    id: string;
    name: string;
    featureFlags: {
      totalCount: number;
      edges: { cursor: string; node: { id: string; key: string; name: string; active: boolean } }[];
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
      /** Only when a test adds the convenience list to the README's query. */
      nodes?: { key: string }[];
    };
  };
}

/** The flag connection a watched README query currently holds (every page merged so far). */
function currentFlags(query: ObservableQuery<PagedFlags>): PagedFlags['project']['featureFlags'] {
  const current = query.getCurrentResult();
  if (current.dataState !== 'complete') throw new Error(`incomplete result: ${current.dataState}`);
  return current.data.project.featureFlags;
}

beforeAll(async () => {
  const projects = await stack.graphql<any>('{ projects(first: 1) { nodes { id databaseId } } }');
  projectId = projects.data!.projects.nodes[0].id;
  projectDatabaseId = projects.data!.projects.nodes[0].databaseId;
});

describe("the README's paging snippets (query and client) with fetchMore", () => {
  const pagingQuery = () => gql(readmeSnippet('paging-query'));

  it('merge three pages into the full list, in the upstream order, ending with hasNextPage false', async () => {
    const client = readmeApolloClient(stack.gatewayUrl, KEY_A);
    const variables = { projectId, first: PAGE };
    const query = client.watchQuery<PagedFlags>({ query: pagingQuery(), variables });
    const firstPage = await firstValueFrom(query.pipe(filter((result) => result.dataState === 'complete')));
    expect(firstPage.data.project.featureFlags.edges).toHaveLength(PAGE);
    expect(firstPage.data.project.featureFlags.pageInfo.hasNextPage).toBe(true);

    stack.upstream.resetRequests();
    let pages = 1;
    // Bounded: the README's loop ("while hasNextPage") over 25 flags in pages of 10.
    while (pages < 10) {
      const { hasNextPage, endCursor } = currentFlags(query).pageInfo;
      if (!hasNextPage) break;
      await query.fetchMore({ variables: { after: endCursor } });
      pages += 1;
    }
    expect(pages).toBe(3);
    // Each further page: the project (the query asks for its name again) and one list call.
    const projectPath = `/api/projects/${projectDatabaseId}/`;
    expect(stack.upstream.requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      [projectPath, projectPath, `${projectPath}feature_flags/`, `${projectPath}feature_flags/`].map((path) => `GET ${path}`),
    );

    const merged = currentFlags(query);
    const keys = merged.edges.map((edge) => edge.node.key);
    expect(keys).toHaveLength(FLAG_COUNT);
    expect(new Set(keys).size).toBe(FLAG_COUNT);
    expect(keys).toEqual(await upstreamOrder());
    expect(merged.pageInfo.hasNextPage).toBe(false);
    expect(merged.totalCount).toBe(FLAG_COUNT);

    // The cache answers the original query with the merged list, without the network.
    stack.upstream.resetRequests();
    const cached = client.readQuery<PagedFlags>({ query: pagingQuery(), variables });
    expect(cached?.project.featureFlags.edges.map((edge) => edge.node.key)).toEqual(keys);
    expect(stack.upstream.requests).toEqual([]);
  });

  it("keeps the filters apart: a search is another list than the project's full one", async () => {
    const client = readmeApolloClient(stack.gatewayUrl, KEY_A);
    const searched = gql(
      readmeSnippet('paging-query').replace('featureFlags(first: $first, after: $after)', 'featureFlags(first: $first, after: $after, search: "flag-1")'),
    );
    const all = await client.query<PagedFlags>({ query: pagingQuery(), variables: { projectId, first: PAGE } });
    const some = await client.query<PagedFlags>({ query: searched, variables: { projectId, first: PAGE } });
    expect(some.data?.project.featureFlags.edges.map((edge) => edge.node.key)).toEqual(Array.from({ length: 10 }, (_, i) => `flag-1${i}`).reverse());
    expect(client.readQuery<PagedFlags>({ query: pagingQuery(), variables: { projectId, first: PAGE } })).toEqual(all.data);
  });

  it("pages the same way with the connection's `nodes` selected, but only `edges` accumulate (why the README pages over edges)", async () => {
    const client = readmeApolloClient(stack.gatewayUrl, KEY_A);
    const withNodes = gql(readmeSnippet('paging-query').replace('totalCount', 'totalCount nodes { id key }'));
    const query = client.watchQuery<PagedFlags>({ query: withNodes, variables: { projectId, first: PAGE } });
    await firstValueFrom(query.pipe(filter((result) => result.dataState === 'complete')));
    await query.fetchMore({ variables: { after: currentFlags(query).pageInfo.endCursor } });
    const flags = currentFlags(query);
    expect(flags.edges).toHaveLength(2 * PAGE);
    expect(flags.nodes).toHaveLength(PAGE);
  });
});

describe('normalized cache', () => {
  const fetchObjects = async ({ client }: ReturnType<typeof newClient>) => {
    const { data } = await client.query({ query: ObjectsOfEveryTypeDocument, variables: { projectId, organizationId: ORG_A } });
    const flag = data?.project?.featureFlags?.edges[0]?.node;
    const plugin = data?.organization?.plugins?.nodes[0];
    if (!data?.project || !data.organization || !flag || !plugin) throw new Error(`incomplete data: ${JSON.stringify(data)}`);
    return { project: data.project, organization: data.organization, flag, plugin };
  };

  it('keys Project, FeatureFlag, Plugin and Organization by __typename:id, one entry each', async () => {
    const apollo = newClient();
    const { project, organization, flag, plugin } = await fetchObjects(apollo);
    const keys = Object.keys(apollo.cache.extract()).filter((key) => key !== 'ROOT_QUERY');
    expect(keys.sort()).toEqual([`FeatureFlag:${flag.id}`, `Organization:${organization.id}`, `Plugin:${plugin.id}`, `Project:${project.id}`].sort());
  });

  it('global ids are unique across types, so a Relay-style cache keyed by id alone does not collide', async () => {
    const apollo = newClient({ dataIdFromObject: (object) => (typeof object.id === 'string' ? object.id : undefined) });
    const { project, organization, flag, plugin } = await fetchObjects(apollo);
    const objects = [project, flag, plugin, organization];
    expect(new Set(objects.map((object) => object.id)).size).toBe(objects.length);
    const entries = apollo.cache.extract();
    expect(objects.map((object) => entries[object.id]?.__typename)).toEqual(['Project', 'FeatureFlag', 'Plugin', 'Organization']);
    // The upstream's own ids would collide: a project and a flag both have small integers.
    expect([project.databaseId, flag.databaseId, plugin.databaseId].every(Number.isInteger)).toBe(true);
  });

  it('a mutation payload updates the cached flag in place, everywhere it is shown', async () => {
    const { client, cache } = newClient();
    await client.query({ query: ProjectFlagsDocument, variables: { projectId, first: PAGE } });
    const flag = client.readQuery({ query: ProjectFlagsDocument, variables: { projectId, first: PAGE } })?.project?.featureFlags?.edges[3]?.node;
    if (!flag) throw new Error('no flag listed');
    const viaNode = await client.query({ query: NodeByIdDocument, variables: { id: flag.id } });
    expect(viaNode.data?.node).toMatchObject({ __typename: 'FeatureFlag', id: flag.id, key: flag.key });

    const { data } = await client.mutate({ mutation: RenameFeatureFlagDocument, variables: { id: flag.id, name: 'Renamed by Apollo Client' } });
    expect(data?.updateFeatureFlag.userErrors).toEqual([]);
    expect(data?.updateFeatureFlag.featureFlag).toEqual({ __typename: 'FeatureFlag', id: flag.id, name: 'Renamed by Apollo Client' });

    // No refetch: the list and the entity entry show the new name from the payload alone.
    const listed = client.readQuery({ query: ProjectFlagsDocument, variables: { projectId, first: PAGE } })?.project?.featureFlags?.edges[3]?.node;
    expect(listed).toMatchObject({ id: flag.id, key: flag.key, name: 'Renamed by Apollo Client' });
    expect(cache.extract()[`FeatureFlag:${flag.id}`]).toMatchObject({ name: 'Renamed by Apollo Client', key: flag.key });
    expect(Object.keys(cache.extract()).filter((key) => key.startsWith('FeatureFlag:'))).toHaveLength(PAGE);
  });
});

describe("the benchmark's client-shaped documents, as Apollo Client sends them", () => {
  /** A client whose HttpLink records each request body it sends. */
  function recordingClient(sent: ClientDocument[]) {
    const recording: typeof fetch = (input, init) => {
      sent.push(JSON.parse(init?.body as string) as ClientDocument);
      return fetch(input, init);
    };
    const link = new HttpLink({ uri: stack.gatewayUrl, headers: { authorization: `Bearer ${KEY_A}` }, fetch: recording });
    return new ApolloClient({ link, cache: new InMemoryCache({ possibleTypes: possibleTypes(), typePolicies: pagedFlags() }) });
  }

  it('are what HttpLink sends for the project header, the flag table, the N+1 table and a "load more" (bench/client-documents/apollo-client.json; `-u` rewrites it)', async () => {
    const sent: ClientDocument[] = [];
    const client = recordingClient(sent);
    // The variables a page passes: the project only; the page size and the creator column keep their defaults.
    const header = await client.query({ query: ProjectHeaderDocument, variables: { projectId } });
    expect(header.data?.project).toEqual({ __typename: 'Project', id: projectId, name: 'Acme Web', timezone: 'UTC' });
    const table = await client.query({ query: FlagTableDocument, variables: { projectId } });
    const rows = table.data?.project?.featureFlags?.edges.map((edge) => edge.node) ?? [];
    expect(rows.map((row) => row.key)).toEqual(await upstreamOrder());
    expect(rows.every((row) => row.createdBy?.email === 'alice@acme.test')).toBe(true);
    const owners = await client.query({ query: FlagOwnersDocument, variables: { projectId } });
    const ownerRows = owners.data?.project?.featureFlags?.edges.map((edge) => edge.node) ?? [];
    expect(ownerRows).toHaveLength(FLAG_COUNT);
    expect(ownerRows.every((row) => row.project?.name === 'Acme Web')).toBe(true);

    // "Load more": the README's paging query as fetchMore sends it, from the end of a first page
    // (a client of its own: the pages above are in this client's cache).
    const paging = recordingClient(sent).watchQuery<PagedFlags>({ query: gql(readmeSnippet('paging-query')), variables: { projectId, first: PAGE } });
    const firstPage = await firstValueFrom(paging.pipe(filter((result) => result.dataState === 'complete')));
    sent.pop(); // that first page: the table above is the first-page document
    const next = await paging.fetchMore({ variables: { after: firstPage.data.project.featureFlags.pageInfo.endCursor } });
    expect(next.data?.project.featureFlags.edges.map((edge) => edge.node.key)).toEqual((await upstreamOrder()).slice(PAGE, 2 * PAGE));

    expect(sent.map((body) => body.operationName)).toEqual(['ProjectHeader', 'FlagTable', 'FlagOwners', 'ProjectFlags']);
    const version = (await import('@apollo/client/package.json', { with: { type: 'json' } })).default.version;
    const file = {
      producedBy: `@apollo/client ${version}: the request bodies its HttpLink sent, recorded by test/clients/apollo-client.test.ts`,
      regenerate: 'npx vitest run test/clients/apollo-client.test.ts -u',
      documents: sent,
    };
    await expect(await clientDocumentText('apollo', file)).toMatchFileSnapshot('../../bench/client-documents/apollo-client.json');
  });
});
