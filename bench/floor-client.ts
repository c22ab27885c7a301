// The floor's answers to the client-shaped documents (bench/client-documents/): the same upstream
// calls as their benchmark-shaped twins, written as graphql-js orders the recorded selections
// (fields in the order they first appear, fragments merged in place), with `__typename`, cursors
// and `pageInfo`. The floor reads no document: each handler knows its operation's shape.
import { flagCursor as cursor, globalId, idKeys, type Json } from './rest-upstream.ts';

export type Call = (token: string, method: 'GET', path: string) => Promise<Json>;
export type Handler = (variables: Json, token: string) => Promise<unknown>;

/** A project and `limit` of its flags from `offset`, read together as the gateway reads them. */
export async function projectWithFlags(call: Call, token: string, projectGlobalId: string, limit: number, offset = 0) {
  const projectId = Number(idKeys(projectGlobalId)[0]);
  const [project, page] = await Promise.all([
    call(token, 'GET', `/api/projects/${projectId}/`),
    call(token, 'GET', `/api/projects/${projectId}/feature_flags/?limit=${limit}&offset=${offset}`),
  ]);
  return { projectId, project, page };
}

/** Where a page given `after` (the cursor of the flag before it) starts. */
const offsetAfter = (after: string | null | undefined) => (after ? Number(idKeys(after)[0]) + 1 : 0);

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

/** A further page ("load more") of the flags' id, key, name and active: the README's ProjectFlags as Apollo Client sends it, or Relay's FlagListPaginationQuery. */
async function nextPage(call: Call, token: string, projectGlobalId: string, first: number, after: string | null | undefined, typenames: boolean) {
  const offset = offsetAfter(after);
  const { projectId, project, page } = await projectWithFlags(call, token, projectGlobalId, first, offset);
  const typename = (name: string) => (typenames ? { __typename: name } : {});
  const edges = page.results.map((f: Json, i: number) => {
    const node = { id: globalId('FeatureFlag', projectId, f.id), key: f.key, name: f.name, active: f.active, __typename: 'FeatureFlag' };
    return typenames ? { cursor: cursor(offset + i), node, __typename: 'FeatureFlagEdge' } : { node, cursor: cursor(offset + i) };
  });
  const endCursor = edges.length ? cursor(offset + edges.length - 1) : null;
  const hasNextPage = offset + edges.length < page.count;
  const pageInfo = typenames ? { hasNextPage, endCursor, __typename: 'PageInfo' } : { endCursor, hasNextPage };
  return { projectId, project, featureFlags: { totalCount: page.count, edges, pageInfo, ...typename('FeatureFlagConnection') } };
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
    async ProjectFlags(variables, token) {
      const { projectId, project, featureFlags } = await nextPage(call, token, variables.projectId, variables.first ?? 20, variables.after, true);
      return { project: { id: globalId('Project', projectId), name: project.name, featureFlags, __typename: 'Project' } };
    },
    async FlagListPaginationQuery(variables, token) {
      const { projectId, featureFlags } = await nextPage(call, token, variables.id, variables.count ?? 10, variables.cursor, false);
      return { node: { __typename: 'Project', featureFlags, id: globalId('Project', projectId) } };
    },
  };
}
