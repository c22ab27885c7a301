// What the benchmark's hand-written GraphQL baselines share (apollo-baseline.ts, mercurius-baseline.ts):
// the schema subset the scenarios read (the client-shaped documents' edges, cursors, pageInfo and
// user ids included), its resolvers, and the per-request context with its
// DataLoaders, so the baselines differ only in their server and execution. Resolvers are in
// graphql-tools' form (Apollo's): an interface's type resolver is `Node.__resolveType`.
import DataLoader from 'dataloader';
import { flagCursor, globalId, idKeys, type Json, type Method, type RestUpstream } from './rest-upstream.ts';

export const typeDefs = `#graphql
  interface Node { id: ID! }
  type Query { project(id: ID!): Project  node(id: ID!): Node  nodes(ids: [ID!]!): [Node]!  projects(first: Int): ProjectConnection! }
  type Mutation {
    createFeatureFlag(input: CreateFeatureFlagInput!): CreateFeatureFlagPayload!
    deleteFeatureFlag(input: FeatureFlagReferenceInput!): DeleteFeatureFlagPayload!
    updateFeatureFlag(input: UpdateFeatureFlagInput!): UpdateFeatureFlagPayload!
  }
  type ProjectConnection { totalCount: Int! nodes: [Project!]! }
  type Project implements Node { id: ID! name: String! timezone: String featureFlags(first: Int, after: String): FeatureFlagConnection! }
  type FeatureFlagConnection { totalCount: Int! nodes: [FeatureFlag!]! edges: [FeatureFlagEdge!]! pageInfo: PageInfo! }
  type FeatureFlagEdge { cursor: String! node: FeatureFlag! }
  type PageInfo { hasNextPage: Boolean! endCursor: String }
  type FeatureFlag implements Node {
    id: ID! databaseId: Int! key: String! name: String! active: Boolean! deleted: Boolean! createdAt: String
    createdBy: User project: Project! roleAccess(first: Int): RoleAccessConnection!
  }
  type User { id: ID! email: String }
  type RoleAccessConnection { nodes: [RoleAccess!]! }
  type RoleAccess { role: Role! }
  type Role { name: String! }
  type UserError { field: [String!] message: String! }
  input CreateFeatureFlagInput { projectId: ID! key: String! name: String }
  input FeatureFlagReferenceInput { id: ID! }
  input UpdateFeatureFlagInput { id: ID! name: String }
  type UpdateFeatureFlagPayload { featureFlag: FeatureFlag userErrors: [UserError!]! }
  type CreateFeatureFlagPayload { featureFlag: FeatureFlag userErrors: [UserError!]! }
  type DeleteFeatureFlagPayload { deletedFeatureFlagId: ID userErrors: [UserError!]! }
`;

export interface Context {
  get(path: string): Promise<Json>;
  send(method: 'POST' | 'PATCH', path: string, body: unknown): Promise<Json>;
  project: DataLoader<number, Json>;
  flag: DataLoader<string, Json>;
}

/** One request's context: its token's upstream calls and fresh loaders. */
export function context(upstream: RestUpstream, token: string): Context {
  const call = (method: Method, path: string, body?: unknown) => upstream.call(token, method, path, body);
  return {
    get: (path) => call('GET', path),
    send: (method, path, body) => call(method, path, body),
    project: new DataLoader((ids) => Promise.all(ids.map((id) => call('GET', `/api/projects/${id}/`)))),
    flag: new DataLoader((keys) =>
      Promise.all(
        keys.map(async (key) => {
          const [projectId, flagId] = key.split(':');
          return { ...(await call('GET', `/api/projects/${projectId}/feature_flags/${flagId}/`)), projectId: Number(projectId) };
        }),
      ),
    ),
  };
}

const cursorOffset = (cursor: string) => Number(idKeys(cursor)[0]);

/** A project or a flag by global id (Relay refetches and pages a project through `node(id:)`). */
async function nodeById(id: string, ctx: Context): Promise<Json> {
  const [type] = Buffer.from(id, 'base64url').toString('latin1').split(':');
  if (type === 'Project') return { ...(await ctx.project.load(Number(idKeys(id)[0]))), __typename: 'Project' };
  return ctx.flag.load(idKeys(id).join(':'));
}

export const resolvers = {
  Query: {
    project: (_: unknown, { id }: { id: string }, ctx: Context) => ctx.project.load(Number(idKeys(id)[0])),
    node: (_: unknown, { id }: { id: string }, ctx: Context) => nodeById(id, ctx),
    nodes: (_: unknown, { ids }: { ids: string[] }, ctx: Context) => ids.map((id) => ctx.flag.load(idKeys(id).join(':'))),
    projects: async (_: unknown, { first }: { first: number }, ctx: Context) => {
      const page = await ctx.get(`/api/projects/?limit=${first}&offset=0`);
      return { totalCount: page.count, nodes: page.results };
    },
  },
  Node: { __resolveType: (o: Json) => o.__typename ?? 'FeatureFlag' },
  Project: {
    id: (p: Json) => globalId('Project', p.id),
    featureFlags: async (p: Json, { first, after }: { first: number; after?: string | null }, ctx: Context) => {
      const offset = after ? cursorOffset(after) + 1 : 0;
      const page = await ctx.get(`/api/projects/${p.id}/feature_flags/?limit=${first}&offset=${offset}`);
      const nodes = page.results.map((f: Json) => ({ ...f, projectId: p.id }));
      for (const f of nodes) ctx.flag.prime(`${p.id}:${f.id}`, f);
      const edges = nodes.map((node: Json, i: number) => ({ cursor: flagCursor(offset + i), node }));
      const pageInfo = { hasNextPage: offset + nodes.length < page.count, endCursor: edges.at(-1)?.cursor ?? null };
      return { totalCount: page.count, nodes, edges, pageInfo };
    },
  },
  User: { id: (u: Json) => u.uuid },
  FeatureFlag: {
    id: (f: Json) => globalId('FeatureFlag', f.projectId, f.id),
    databaseId: (f: Json) => f.id,
    createdAt: (f: Json) => f.created_at,
    createdBy: (f: Json) => f.created_by,
    project: (f: Json, _: unknown, ctx: Context) => ctx.project.load(f.projectId),
    roleAccess: async (f: Json, { first }: { first: number }, ctx: Context) => {
      const page = await ctx.get(`/api/projects/${f.projectId}/feature_flags/${f.id}/role_access/?limit=${first}&offset=0`);
      return { nodes: page.results };
    },
  },
  Mutation: {
    createFeatureFlag: async (_: unknown, { input }: { input: Json }, ctx: Context) => {
      const projectId = Number(idKeys(input.projectId)[0]);
      const f = await ctx.send('POST', `/api/projects/${projectId}/feature_flags/`, { key: input.key, name: input.name });
      return { featureFlag: { ...f, projectId }, userErrors: [] };
    },
    deleteFeatureFlag: async (_: unknown, { input }: { input: Json }, ctx: Context) => {
      const [projectId, flagId] = idKeys(input.id);
      await ctx.send('PATCH', `/api/projects/${projectId}/feature_flags/${flagId}/`, { deleted: true });
      return { deletedFeatureFlagId: input.id, userErrors: [] };
    },
    updateFeatureFlag: async (_: unknown, { input }: { input: Json }, ctx: Context) => {
      const [projectId, flagId] = idKeys(input.id);
      const f = await ctx.send('PATCH', `/api/projects/${projectId}/feature_flags/${flagId}/`, { name: input.name });
      return { featureFlag: { ...f, projectId: Number(projectId) }, userErrors: [] };
    },
  },
};
