// What the benchmark asks: typical frontend reads, from a cheap lookup to a fan-out list.
export interface Scenario {
  name: string;
  query: string;
}

export const SCENARIOS: Scenario[] = [
  { name: 'project by id', query: 'query($projectId: ID!) { project(id: $projectId) { id name timezone } }' },
  {
    name: '50 flags + project + creator',
    query: `query($projectId: ID!) { project(id: $projectId) { featureFlags(first: 50) { totalCount nodes { id key active createdBy { email } project { name } } } } }`,
  },
  { name: 'node(flag)', query: 'query($flagId: ID!) { node(id: $flagId) { id ... on FeatureFlag { key filters } } }' },
  { name: 'projects list', query: '{ projects(first: 20) { totalCount nodes { id name organization { id } } } }' },
];
