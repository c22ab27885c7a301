// The floor's answers to the client-shaped documents (bench/client-documents/): the same upstream
// calls as their benchmark-shaped twins, written as graphql-js orders the recorded selections
// (fields in the order they first appear, fragments merged in place), with `__typename`, cursors
// and `pageInfo`. The floor reads no document: each handler knows its operation's shape.
import { globalId, idKeys, type Json } from './rest-upstream.ts';

export type Call = (token: string, method: 'GET', path: string) => Promise<Json>;
export type Handler = (variables: Json, token: string) => Promise<unknown>;

/** A project and the first `limit` of its flags, read together as the gateway reads them. */
export async function projectWithFlags(call: Call, token: string, projectGlobalId: string, limit: number) {
  const projectId = Number(idKeys(projectGlobalId)[0]);
  const [project, page] = await Promise.all([
    call(token, 'GET', `/api/projects/${projectId}/`),
    call(token, 'GET', `/api/projects/${projectId}/feature_flags/?limit=${limit}&offset=0`),
  ]);
  return { projectId, project, page };
}

/** The gateway's cursor of the flag at `offset` (src/relay/connection.ts). */
const cursor = (offset: number) => Buffer.from(`FeatureFlag:${offset}`).toString('base64url');

/** A flag's own fields, in the order every document here selects them. */
export const flagFields = (f: Json) => ({
  databaseId: f.id,
  key: f.key,
  name: f.name,
  active: f.active,
  deleted: f.deleted,
  createdAt: f.created_at,
});

/** Apollo Client's FlagRowFields (`withCreator` decides `createdBy`). */
function apolloRow(projectId: number, f: Json, withCreator: boolean) {
  return {
    id: globalId('FeatureFlag', projectId, f.id),
    ...flagFields(f),
    ...(withCreator ? { createdBy: f.created_by ? { email: f.created_by.email, __typename: 'User' } : null } : {}),
    __typename: 'FeatureFlag',
  };
}

/** Relay's FlagRow_flag, before the fields the query adds after it. */
function relayRow(f: Json, withCreator: boolean) {
  return {
    ...flagFields(f),
    ...(withCreator ? { createdBy: f.created_by ? { email: f.created_by.email, id: f.created_by.uuid } : null } : {}),
  };
}

async function apolloFlags(call: Call, variables: Json, token: string, withProject: boolean) {
  const first = variables.first ?? 50;
  const { projectId, project, page } = await projectWithFlags(call, token, variables.projectId, first);
  const projectRef = { id: globalId('Project', projectId), name: project.name, __typename: 'Project' };
  const edges = page.results.map((f: Json, i: number) => ({
    cursor: cursor(i),
    node: { ...apolloRow(projectId, f, variables.withCreator ?? true), ...(withProject ? { project: projectRef } : {}) },
    __typename: 'FeatureFlagEdge',
  }));
  const pageInfo = { hasNextPage: page.count > edges.length, endCursor: edges.length ? cursor(edges.length - 1) : null, __typename: 'PageInfo' };
  const featureFlags = { totalCount: page.count, edges, pageInfo, __typename: 'FeatureFlagConnection' };
  return { project: { id: globalId('Project', projectId), featureFlags, __typename: 'Project' } };
}

async function relayFlags(call: Call, variables: Json, token: string, withProject: boolean) {
  const first = variables.count ?? 50;
  const { projectId, project, page } = await projectWithFlags(call, token, variables.projectId, first);
  const projectRef = { name: project.name, id: globalId('Project', projectId) };
  const edges = page.results.map((f: Json, i: number) => ({
    node: {
      ...relayRow(f, variables.withCreator ?? true),
      ...(withProject ? { project: projectRef } : {}),
      id: globalId('FeatureFlag', projectId, f.id),
      __typename: 'FeatureFlag',
    },
    cursor: cursor(i),
  }));
  const pageInfo = { endCursor: edges.length ? cursor(edges.length - 1) : null, hasNextPage: page.count > edges.length };
  return { project: { featureFlags: { totalCount: page.count, edges, pageInfo }, id: globalId('Project', projectId) } };
}

/** The handlers of the recorded client operations, by operation name. */
export function clientHandlers(call: Call): Record<string, Handler> {
  const project = (variables: Json, token: string) => call(token, 'GET', `/api/projects/${idKeys(variables.projectId)[0]}/`);
  return {
    async ProjectHeader(variables, token) {
      const p = await project(variables, token);
      return { project: { id: globalId('Project', p.id), name: p.name, timezone: p.timezone, __typename: 'Project' } };
    },
    async ProjectHeaderQuery(variables, token) {
      const p = await project(variables, token);
      return { project: { name: p.name, timezone: p.timezone, id: globalId('Project', p.id) } };
    },
    FlagTable: (variables, token) => apolloFlags(call, variables, token, false),
    FlagOwners: (variables, token) => apolloFlags(call, variables, token, true),
    FlagTableQuery: (variables, token) => relayFlags(call, variables, token, false),
    FlagOwnersQuery: (variables, token) => relayFlags(call, variables, token, true),
  };
}
