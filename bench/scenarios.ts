// What the benchmark asks of every contender (gateway, minimal Apollo and Mercurius baselines, floor): typical
// frontend reads, from a cheap lookup to the N+1 trap and a fan-out, plus a write. Each scenario
// is one or more named operations sent in turn on each connection; `minCalls` is the least
// number of upstream calls one run of them can make.
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
}

export interface Scenario {
  /** Short name for `--scenarios` (project, list, n+1, nodes, fan-out, create). */
  id: string;
  name: string;
  operations(ids: BenchIds): Operation[];
  /** Upstream calls of one run of `operations` at best. */
  minCalls: number;
}

const FLAG_FIELDS = 'id databaseId key name active deleted createdAt createdBy { email }';

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
  { ...flagList(50), id: 'list', name: '50 flags + creator' },
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
