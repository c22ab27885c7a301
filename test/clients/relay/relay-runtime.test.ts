// The gateway through the real relay-runtime (no React), with the artifacts the real
// relay-compiler generated from operations/ into __generated__/: pagination by re-fetching the
// generated @refetchable pagination query, merged by ConnectionHandler into one connection
// record; a refetch through the generated node(id:) query; a mutation normalized by global id.
// It also records the request bodies Relay sends for the benchmark's client-shaped reads
// (bench/client-documents/relay.json).
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ConnectionHandler,
  Environment,
  Network,
  RecordSource,
  Store,
  commitLocalUpdate,
  commitMutation,
  fetchQuery,
  getSingularSelector,
  type GraphQLResponse,
  type ReaderFragment,
} from 'relay-runtime';
import { toGlobalId } from '../../../src/relay/global-id.ts';
import { clientDocumentText, type ClientDocument } from '../../../bench/client-documents.ts';
import { useStack } from '../../gateway/helpers.ts';
import { restClient, upstreamFlagKeys } from '../../fixtures/rest.ts';
import { KEY_A, ORG_A, LEVEL, seedFlag, seedOrganization, seedProject, seedUser, type SeedFile } from '../../fixtures/seed.ts';
import FlagListQueryNode, { type FlagListQuery } from './__generated__/FlagListQuery.graphql.ts';
import FlagListPaginationQueryNode, { type FlagListPaginationQuery } from './__generated__/FlagListPaginationQuery.graphql.ts';
import FlagListProject, { type FlagList_project$data } from './__generated__/FlagList_project.graphql.ts';
import FlagDetailsRefetchQueryNode, { type FlagDetailsRefetchQuery } from './__generated__/FlagDetailsRefetchQuery.graphql.ts';
import FlagDetailsFlag, { type FlagDetails_flag$data } from './__generated__/FlagDetails_flag.graphql.ts';
import ProjectHeaderQueryNode from './__generated__/ProjectHeaderQuery.graphql.ts';
import FlagTableQueryNode from './__generated__/FlagTableQuery.graphql.ts';
import FlagOwnersQueryNode from './__generated__/FlagOwnersQuery.graphql.ts';
import RenameFlagMutationNode, {
  type RenameFlagMutation,
  type RenameFlagMutation$data,
  type UpdateFeatureFlagInput,
} from './__generated__/RenameFlagMutation.graphql.ts';

const FLAG_COUNT = 25;
const PAGE = 10;
const CONNECTION_KEY = 'FlagList_featureFlags';

function seed(): SeedFile {
  return {
    organizations: [seedOrganization(ORG_A, 'Acme')],
    users: [seedUser('alice@acme.test', KEY_A, ORG_A, LEVEL.owner, { first_name: 'Alice' })],
    projects: [seedProject(ORG_A, 'Acme Web')],
    feature_flags: Array.from({ length: FLAG_COUNT }, (_, i) =>
      seedFlag('Acme Web', `flag-${String(i).padStart(2, '0')}`, { organization: ORG_A, name: `Flag ${i}` }),
    ),
  };
}

const stack = useStack({ seed: seed() });
let projectId: string;
let projectDatabaseId: number;

beforeAll(async () => {
  const projects = await stack.graphql<any>('{ projects(first: 1) { nodes { id databaseId } } }');
  projectId = projects.data!.projects.nodes[0].id;
  projectDatabaseId = projects.data!.projects.nodes[0].databaseId;
});

interface GatewayError {
  message: string;
  extensions?: { code?: string };
}

/**
 * A Relay environment whose network posts each operation's compiled text to the gateway. Like
 * the fetchGraphQL of Relay's step-by-step guide, it fails the operation on any GraphQL error, so
 * a refused page or a missing object reaches the caller as an error and the store is untouched.
 * `record` receives each request body sent and the answer's body.
 */
function newEnvironment(record?: (sent: ClientDocument, answer: GraphQLResponse) => void): Environment {
  const network = Network.create(async (request, variables) => {
    const sent = { query: request.text!, variables, operationName: request.name };
    const response = await fetch(stack.gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY_A}` },
      body: JSON.stringify(sent),
    });
    const body = (await response.json()) as GraphQLResponse & { errors?: GatewayError[] };
    record?.(sent, body);
    if (body.errors?.length) throw new Error(`${request.name}: ${body.errors.map((e) => `${e.extensions?.code}: ${e.message}`).join('; ')}`);
    return body;
  });
  return new Environment({ network, store: new Store(new RecordSource()) });
}

/** What a fragment container would render: the fragment read from the store through its reference. */
function readFragment<T>(environment: Environment, fragment: ReaderFragment, ref: unknown): T {
  return environment.lookup(getSingularSelector(fragment, ref)).data as T;
}

interface StoredConnection {
  keys: string[];
  ids: string[];
  endCursor: string | null;
  hasNextPage: boolean;
  totalCount: unknown;
}

/** The project's connection record as ConnectionHandler keeps it in the store. */
function storedConnection(environment: Environment): StoredConnection {
  let result: StoredConnection | undefined;
  commitLocalUpdate(environment, (store) => {
    const project = store.get(projectId);
    const connection = project && ConnectionHandler.getConnection(project, CONNECTION_KEY);
    if (!connection) return;
    const nodes = (connection.getLinkedRecords('edges') ?? []).map((edge) => edge?.getLinkedRecord('node'));
    const pageInfo = connection.getLinkedRecord('pageInfo');
    result = {
      keys: nodes.map((node) => String(node?.getValue('key'))),
      ids: nodes.map((node) => String(node?.getDataID())),
      endCursor: (pageInfo?.getValue('endCursor') as string | null | undefined) ?? null,
      hasNextPage: pageInfo?.getValue('hasNextPage') === true,
      totalCount: connection.getValue('totalCount'),
    };
  });
  if (!result) throw new Error(`no ${CONNECTION_KEY} connection on ${projectId} in the store`);
  return result;
}

/** The flag keys in the order the upstream itself lists them (REST, newest first). */
const upstreamOrder = () => upstreamFlagKeys(stack.upstream, KEY_A, projectDatabaseId);

/** The first page through the generated query; returns the project with its list fragment's reference. */
async function loadFirstPage(environment: Environment) {
  const data = await fetchQuery<FlagListQuery>(environment, FlagListQueryNode, { projectId, count: PAGE }).toPromise();
  if (!data?.project) throw new Error(`no project in ${JSON.stringify(data)}`);
  return data.project;
}

function commit(environment: Environment, input: UpdateFeatureFlagInput): Promise<RenameFlagMutation$data> {
  return new Promise((resolve, reject) => {
    commitMutation<RenameFlagMutation>(environment, {
      mutation: RenameFlagMutationNode,
      variables: { input },
      onCompleted: (response, errors) => (errors?.length ? reject(new Error(JSON.stringify(errors))) : resolve(response)),
      onError: reject,
    });
  });
}

function storedFlagRecords(environment: Environment): string[] {
  const source = environment.getStore().getSource();
  return source.getRecordIDs().filter((id) => source.get(id)?.__typename === 'FeatureFlag');
}

describe('pagination with the generated @refetchable query', () => {
  it('pages through 25 flags by tens and ends with the full list, in upstream order, in one connection record', async () => {
    const environment = newEnvironment();
    const project = await loadFirstPage(environment);
    expect(project).toMatchObject({ id: projectId, name: 'Acme Web' });
    expect(storedConnection(environment)).toMatchObject({ hasNextPage: true, totalCount: FLAG_COUNT });
    expect(storedConnection(environment).keys).toHaveLength(PAGE);

    stack.upstream.resetRequests();
    let pages = 1;
    for (let connection = storedConnection(environment); connection.hasNextPage && pages < FLAG_COUNT; connection = storedConnection(environment)) {
      // What usePaginationFragment's loadNext does: the pagination query, from the last cursor.
      await fetchQuery<FlagListPaginationQuery>(environment, FlagListPaginationQueryNode, {
        id: projectId,
        count: PAGE,
        cursor: connection.endCursor,
      }).toPromise();
      pages += 1;
    }
    expect(pages).toBe(3);
    // node(id:) reads the project, then its list: two upstream calls per further page.
    const projectPath = `/api/projects/${projectDatabaseId}/`;
    expect(stack.upstream.requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      [projectPath, projectPath, `${projectPath}feature_flags/`, `${projectPath}feature_flags/`].map((path) => `GET ${path}`),
    );

    const merged = storedConnection(environment);
    expect(merged.keys).toEqual(await upstreamOrder());
    expect(new Set(merged.ids).size).toBe(FLAG_COUNT);
    expect(merged).toMatchObject({ hasNextPage: false, totalCount: FLAG_COUNT });

    // The fragment, read through the reference the first query returned, shows the merged list.
    const fragment = readFragment<FlagList_project$data>(environment, FlagListProject, project);
    expect(fragment.featureFlags?.edges.map((edge) => edge.node.key)).toEqual(merged.keys);
    expect(storedFlagRecords(environment)).toHaveLength(FLAG_COUNT);
  });

  it('a cursor the gateway refuses fails the page with BAD_USER_INPUT and leaves the stored list as it was', async () => {
    const environment = newEnvironment();
    await loadFirstPage(environment);
    const before = storedConnection(environment);
    // Well-formed, but a cursor of another list (a project id happens to have that shape).
    const foreignCursor = toGlobalId('Project', 1);
    const page = fetchQuery<FlagListPaginationQuery>(environment, FlagListPaginationQueryNode, {
      id: projectId,
      count: PAGE,
      cursor: foreignCursor,
    }).toPromise();
    await expect(page).rejects.toThrow('FlagListPaginationQuery: BAD_USER_INPUT: Argument "after" is a cursor of another list');
    expect(storedConnection(environment)).toEqual(before);
  });
});

describe('refetch through the generated node(id:) query', () => {
  it('reads the flag again from the gateway and updates the record every fragment shows', async () => {
    const environment = newEnvironment();
    const project = await loadFirstPage(environment);
    const listed = readFragment<FlagList_project$data>(environment, FlagListProject, project).featureFlags?.edges[2]?.node;
    if (!listed) throw new Error('no flag listed');

    // Changed behind Relay's back, straight on the upstream.
    const rest = restClient(stack.upstream, KEY_A);
    const found = await rest.get<{ results: { id: number; key: string }[] }>(`/api/projects/${projectDatabaseId}/feature_flags/?search=${listed.key}`);
    const databaseId = found.body.results.find((flag) => flag.key === listed.key)?.id;
    const patched = await rest.patch(`/api/projects/${projectDatabaseId}/feature_flags/${databaseId}/`, { name: 'Changed upstream' });
    expect(patched.status).toBe(200);

    const data = await fetchQuery<FlagDetailsRefetchQuery>(environment, FlagDetailsRefetchQueryNode, { id: listed.id }).toPromise();
    const flag = readFragment<FlagDetails_flag$data>(environment, FlagDetailsFlag, data?.node);
    expect(flag).toMatchObject({ key: listed.key, name: 'Changed upstream', active: true });
    expect(flag.version).toEqual(expect.any(Number));
    // Same global id, same record: the list shows the refetched name too.
    const relisted = readFragment<FlagList_project$data>(environment, FlagListProject, project).featureFlags?.edges[2]?.node;
    expect(relisted).toMatchObject({ id: listed.id, name: 'Changed upstream' });
    expect(storedFlagRecords(environment)).toHaveLength(PAGE);
  });

  it('the id of a flag that does not exist fails with NOT_FOUND and stores nothing', async () => {
    const environment = newEnvironment();
    const missing = toGlobalId('FeatureFlag', projectDatabaseId, 999_999);
    await expect(fetchQuery<FlagDetailsRefetchQuery>(environment, FlagDetailsRefetchQueryNode, { id: missing }).toPromise()).rejects.toThrow(
      /^FlagDetailsRefetchQuery: NOT_FOUND: /,
    );
    expect(environment.getStore().getSource().getRecordIDs()).toEqual(['client:root']);
  });
});

describe('mutation normalized by global id', () => {
  it('updates the flag record in place: the list fragment sees the new name without a refetch', async () => {
    const environment = newEnvironment();
    const project = await loadFirstPage(environment);
    const snapshot = environment.lookup(getSingularSelector(FlagListProject, project));
    const listed = (snapshot.data as FlagList_project$data).featureFlags?.edges[3]?.node;
    if (!listed) throw new Error('no flag listed');
    const seen: FlagList_project$data[] = [];
    const subscription = environment.subscribe(snapshot, (next) => seen.push(next.data as FlagList_project$data));

    stack.upstream.resetRequests();
    const response = await commit(environment, { id: listed.id, name: 'Renamed by Relay' });
    subscription.dispose();
    expect(response.updateFeatureFlag.userErrors).toEqual([]);
    expect(response.updateFeatureFlag.featureFlag?.id).toBe(listed.id);

    expect(seen.at(-1)?.featureFlags?.edges[3]?.node).toEqual({ ...listed, name: 'Renamed by Relay' });
    expect(environment.getStore().getSource().get(listed.id)).toMatchObject({ __typename: 'FeatureFlag', key: listed.key, name: 'Renamed by Relay' });
    expect(storedFlagRecords(environment)).toHaveLength(PAGE);
    // Only the mutation went upstream: nothing was refetched to show the change.
    expect(stack.upstream.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/feature_flags/'))).toEqual([]);
  });

  it('a refused input comes back as userErrors and leaves the stored flag as it was', async () => {
    const environment = newEnvironment();
    const project = await loadFirstPage(environment);
    const listed = readFragment<FlagList_project$data>(environment, FlagListProject, project).featureFlags?.edges[4]?.node;
    if (!listed) throw new Error('no flag listed');
    const before = { ...environment.getStore().getSource().get(listed.id) };

    const response = await commit(environment, { id: listed.id, key: 'bad key!' });
    expect(response.updateFeatureFlag).toEqual({ featureFlag: null, userErrors: [expect.objectContaining({ field: ['input', 'key'], code: 'INVALID_KEY' })] });
    expect(environment.getStore().getSource().get(listed.id)).toEqual(before);
    expect(readFragment<FlagList_project$data>(environment, FlagListProject, project).featureFlags?.edges[4]?.node).toEqual(listed);
  });
});

describe("the benchmark's client-shaped documents, as Relay sends them", () => {
  it('are the texts relay-compiler generated for the project header, the flag table, the N+1 table and the pagination query, with the variables relay-runtime sends (bench/client-documents/relay.json; `-u` rewrites it)', async () => {
    const sent: ClientDocument[] = [];
    const answers: any[] = [];
    const environment = newEnvironment((body, answer) => (sent.push(body), answers.push(answer)));
    // The variables a page passes: the project only; the page size and the creator column keep their defaults.
    for (const query of [ProjectHeaderQueryNode, FlagTableQueryNode, FlagOwnersQueryNode]) await fetchQuery(environment, query, { projectId }).toPromise();

    expect(sent.map((body) => body.query)).toEqual([ProjectHeaderQueryNode, FlagTableQueryNode, FlagOwnersQueryNode].map((node) => node.params.text));
    const [header, table, owners] = answers.map((answer) => answer.data.project);
    expect(header).toEqual({ id: projectId, name: 'Acme Web', timezone: 'UTC' });
    const rows = table.featureFlags.edges.map((edge: any) => edge.node);
    expect(rows.map((row: any) => row.key)).toEqual(await upstreamOrder());
    expect(rows.every((row: any) => row.__typename === 'FeatureFlag' && row.createdBy?.email === 'alice@acme.test')).toBe(true);
    expect(owners.featureFlags.edges.map((edge: any) => edge.node.project.name)).toEqual(Array(FLAG_COUNT).fill('Acme Web'));

    // "Load more": what usePaginationFragment's loadNext sends, the generated pagination query from the end of a first page.
    await loadFirstPage(environment);
    sent.pop(); // that first page (FlagListQuery): the table above is the first-page document
    const variables = { id: projectId, count: PAGE, cursor: storedConnection(environment).endCursor };
    await fetchQuery<FlagListPaginationQuery>(environment, FlagListPaginationQueryNode, variables).toPromise();
    expect(answers.at(-1).data.node.featureFlags.edges.map((edge: any) => edge.node.key)).toEqual((await upstreamOrder()).slice(PAGE, 2 * PAGE));
    expect(sent.map((body) => body.operationName)).toEqual(['ProjectHeaderQuery', 'FlagTableQuery', 'FlagOwnersQuery', 'FlagListPaginationQuery']);

    const version = (await import('relay-compiler/package.json', { with: { type: 'json' } })).default.version;
    const file = {
      producedBy: `relay-compiler ${version}: its artifacts' params.text (test/clients/relay/__generated__), sent with the variables relay-runtime's fetchQuery gave the network, recorded by test/clients/relay/relay-runtime.test.ts`,
      regenerate: 'npm run relay && npx vitest run test/clients/relay/relay-runtime.test.ts -u',
      documents: sent,
    };
    await expect(await clientDocumentText('relay', file)).toMatchFileSnapshot('../../../bench/client-documents/relay.json');
  });
});
