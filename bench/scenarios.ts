// What the benchmark asks of every contender (gateway, minimal Apollo and Mercurius baselines, floor): typical
// frontend reads, from a cheap lookup to the N+1 trap and a fan-out, plus a write. Each scenario
// is one or more named operations sent in turn on each connection; `minCalls` is the least
// number of upstream calls one operation can make.
//
// Two kinds of document. The benchmark-shaped ones are written here: one anonymous-style
// selection each, no fragment, directive, variable default or `__typename`. The client-shaped
// ones ask for the same data (one project, the 50-flag list, the N+1 trap) as frontends do: the
// documents Apollo Client 4 and relay-compiler emitted for it in the client tests
// (bench/client-documents/), with their fragments, defaults, `__typename`, cursors, `pageInfo`
// and one `@include`, sent in turn. One client-shaped scenario has no twin: "load more", the next
// page as Apollo Client's fetchMore and Relay's pagination query ask for it.
import { clientDocument, type ClientDocument } from './client-documents.ts';
import { flagCursor } from './rest-upstream.ts';

export interface BenchIds {
  /** Global id and upstream id of the 50-flag project. */
  projectId: string;
  projectDatabaseId: number;
  /** Global ids of 50 flags over the three projects (30 + 10 + 10). */
  flagIds: string[];
  /** Global id of the flag `createFeatureFlag` answers with (the stub replays that answer). */
  createdFlagId: string;
}

export interface Operation {
  operationName: string;
  query: string;
  variables: Record<string, unknown>;
  /** What the client sent besides (Apollo Client names itself here). */
  extensions?: Record<string, unknown>;
}

export interface Scenario {
  /** Short name for `--scenarios` (project, project-client, list, list-client, n+1, n+1-client, load-more-client, nodes, fan-out, create). */
  id: string;
  name: string;
  operations(ids: BenchIds): Operation[];
  /** Upstream calls of one operation at best. */
  minCalls: number;
  /**
   * The client-shaped documents: each request is one operation (the Apollo Client and the Relay
   * document read the same data), where a run of the others is one (a create and its delete).
   * The floor answers them by operation name (bench/floor-client.ts), reading no document.
   */
  clientShaped?: true;
  /** A client-shaped scenario's benchmark-shaped twin (its id): the same data, shown side by side. */
  sameDataAs?: string;
}

const FLAG_FIELDS = 'id databaseId key name active deleted createdAt createdBy { email }';
/** The "load more" scenario's page: the flags after the first NEXT_PAGE, as many again (the bench project has 50). */
const NEXT_PAGE = 25;

/** The list scenario at another page size: a project's first `first` flags with 7 fields and the creator (`npm run bench:profile -- --page-sizes`). */
export function flagList(first: number): Scenario {
  return {
    id: `list-${first}`,
    name: `${first} flags + creator`,
    minCalls: 2,
    operations: (ids) => [
      {
        operationName: 'Flags',
        query: `query Flags($id: ID!) { project(id: $id) { featureFlags(first: ${first}) { totalCount nodes { ${FLAG_FIELDS} } } } }`,
        variables: { id: ids.projectId },
      },
    ],
  };
}

export const SCENARIOS: Scenario[] = [
  {
    id: 'project',
    name: 'project by id',
    minCalls: 1,
    operations: (ids) => [
      { operationName: 'Project', query: 'query Project($id: ID!) { project(id: $id) { id name timezone } }', variables: { id: ids.projectId } },
    ],
  },
  clientScenario('project', 'project by id', 1, 'ProjectHeader', 'ProjectHeaderQuery'),
  { ...flagList(50), id: 'list', name: '50 flags + creator' },
  clientScenario('list', '50 flags + creator', 2, 'FlagTable', 'FlagTableQuery'),
  {
    id: 'n+1',
    name: 'N+1: 50 flags + project + creator',
    minCalls: 2,
    operations: (ids) => [
      {
        operationName: 'FlagsWithProject',
        query: `query FlagsWithProject($id: ID!) { project(id: $id) { featureFlags(first: 50) { totalCount nodes { ${FLAG_FIELDS} project { name } } } } }`,
        variables: { id: ids.projectId },
      },
    ],
  },
  clientScenario('n+1', 'N+1: 50 flags + project + creator', 2, 'FlagOwners', 'FlagOwnersQuery'),
  {
    // What every "load more" sends: the README's paging query through Apollo Client's fetchMore, and
    // the pagination query relay-compiler generates for a @refetchable fragment (node(id:)).
    id: 'load-more-client',
    name: `the next ${NEXT_PAGE} flags ("load more"), client documents`,
    minCalls: 2,
    clientShaped: true,
    operations: (ids) => [
      withVariables(clientDocument('apollo', 'ProjectFlags'), { projectId: ids.projectId, first: NEXT_PAGE, after: flagCursor(NEXT_PAGE - 1) }),
      withVariables(clientDocument('relay', 'FlagListPaginationQuery'), { id: ids.projectId, count: NEXT_PAGE, cursor: flagCursor(NEXT_PAGE - 1) }),
    ],
  },
  {
    id: 'nodes',
    name: 'nodes(ids:) 50 flags, 3 projects',
    minCalls: 50,
    operations: (ids) => [
      {
        operationName: 'Nodes',
        query: 'query Nodes($ids: [ID!]!) { nodes(ids: $ids) { id ... on FeatureFlag { key active } } }',
        variables: { ids: ids.flagIds },
      },
    ],
  },
  {
    id: 'fan-out',
    name: '20 flags x role access',
    minCalls: 22,
    operations: (ids) => [
      {
        operationName: 'RoleAccess',
        query:
          'query RoleAccess($id: ID!) { project(id: $id) { featureFlags(first: 20) { nodes { key roleAccess(first: 10) { nodes { role { name } } } } } } }',
        variables: { id: ids.projectId },
      },
    ],
  },
  {
    id: 'create',
    name: 'create then delete a flag',
    minCalls: 2,
    operations: (ids) => [
      {
        operationName: 'CreateFlag',
        query:
          'mutation CreateFlag($input: CreateFeatureFlagInput!) { createFeatureFlag(input: $input) { featureFlag { id key active } userErrors { field message } } }',
        variables: { input: { projectId: ids.projectId, key: 'bench-created', name: 'Created by the bench' } },
      },
      {
        operationName: 'DeleteFlag',
        query:
          'mutation DeleteFlag($input: FeatureFlagReferenceInput!) { deleteFeatureFlag(input: $input) { deletedFeatureFlagId userErrors { field message } } }',
        variables: { input: { id: ids.createdFlagId } },
      },
    ],
  },
];

/** A recorded client document with the benchmark's values in some of its variables (each one it declares). */
function withVariables(document: ClientDocument, values: Record<string, unknown>): Operation {
  for (const name of Object.keys(values)) {
    if (!(name in document.variables)) throw new Error(`bench: the client document ${document.operationName} has no ${name} variable`);
  }
  return { ...document, variables: { ...document.variables, ...values } };
}

/** A recorded client document with the benchmark's project in its `projectId` variable. */
const forBenchProject = (document: ClientDocument, ids: BenchIds): Operation => withVariables(document, { projectId: ids.projectId });

/** A scenario sending Apollo Client's `apollo` document and relay-compiler's `relay` document in turn. */
function clientScenario(twin: string, name: string, minCalls: number, apollo: string, relay: string): Scenario {
  return {
    id: `${twin}-client`,
    name: `${name}, client documents`,
    minCalls,
    clientShaped: true,
    sameDataAs: twin,
    operations: (ids) => [forBenchProject(clientDocument('apollo', apollo), ids), forBenchProject(clientDocument('relay', relay), ids)],
  };
}
