// The benchmark's floor: what the scenarios cost with no GraphQL at all. node:http and an undici
// Pool, one hand-written handler per operation (chosen by `operationName`) that makes the same
// minimal upstream calls as the gateway and writes the same JSON: the benchmark-shaped operations
// here, the client-shaped ones in bench/floor-client.ts. Prints its URL when ready.
//
//   node bench/floor.ts --upstream http://127.0.0.1:8011
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { clientHandlers, flagFields, projectWithFlags, type Handler } from './floor-client.ts';
import { bearer, globalId, idKeys, restUpstream, type Json } from './rest-upstream.ts';

const upstream = restUpstream('floor');
const call: typeof upstream.call = (...args) => upstream.call(...args);

const flag = (projectId: number, f: Json) => ({
  id: globalId('FeatureFlag', projectId, f.id),
  ...flagFields(f),
  createdBy: f.created_by ? { email: f.created_by.email } : null,
});

const flagPage = (token: string, projectGlobalId: string, limit: number) => projectWithFlags(call, token, projectGlobalId, limit);

const HANDLERS: Record<string, Handler> = {
  ...clientHandlers(call),
  async Project({ id }, token) {
    const project = await call(token, 'GET', `/api/projects/${idKeys(id)[0]}/`);
    return { project: { id: globalId('Project', project.id), name: project.name, timezone: project.timezone } };
  },
  async Flags({ id }, token) {
    const { projectId, page } = await flagPage(token, id, 50);
    return { project: { featureFlags: { totalCount: page.count, nodes: page.results.map((f: Json) => flag(projectId, f)) } } };
  },
  async FlagsWithProject({ id }, token) {
    const { projectId, project, page } = await flagPage(token, id, 50);
    const nodes = page.results.map((f: Json) => ({ ...flag(projectId, f), project: { name: project.name } }));
    return { project: { featureFlags: { totalCount: page.count, nodes } } };
  },
  async Nodes({ ids }, token) {
    const nodes = await Promise.all(
      (ids as string[]).map(async (id) => {
        const [projectId, flagId] = idKeys(id);
        const f = await call(token, 'GET', `/api/projects/${projectId}/feature_flags/${flagId}/`);
        return { id: globalId('FeatureFlag', Number(projectId), f.id), key: f.key, active: f.active };
      }),
    );
    return { nodes };
  },
  async RoleAccess({ id }, token) {
    const { projectId, page } = await flagPage(token, id, 20);
    const nodes = await Promise.all(
      page.results.map(async (f: Json) => {
        const grants = await call(token, 'GET', `/api/projects/${projectId}/feature_flags/${f.id}/role_access/?limit=10&offset=0`);
        return { key: f.key, roleAccess: { nodes: grants.results.map((g: Json) => ({ role: { name: g.role.name } })) } };
      }),
    );
    return { project: { featureFlags: { nodes } } };
  },
  async CreateFlag({ input }, token) {
    const projectId = Number(idKeys(input.projectId)[0]);
    const f = await call(token, 'POST', `/api/projects/${projectId}/feature_flags/`, { key: input.key, name: input.name });
    return { createFeatureFlag: { featureFlag: { id: globalId('FeatureFlag', projectId, f.id), key: f.key, active: f.active }, userErrors: [] } };
  },
  async DeleteFlag({ input }, token) {
    const [projectId, flagId] = idKeys(input.id);
    await call(token, 'PATCH', `/api/projects/${projectId}/feature_flags/${flagId}/`, { deleted: true });
    return { deleteFeatureFlag: { deletedFeatureFlagId: input.id, userErrors: [] } };
  },
};

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

const server = http.createServer((req, res) => {
  void readBody(req)
    .then(async (text) => {
      const { operationName, variables } = JSON.parse(text) as { operationName: string; variables: Json };
      const token = bearer(req.headers.authorization);
      const data = await HANDLERS[operationName]!(variables, token);
      const body = JSON.stringify({ data });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    })
    .catch((error: Error) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errors: [{ message: error.message }] }));
    });
});
server.keepAliveTimeout = 60_000;
server.listen(upstream.port, '127.0.0.1', () => {
  console.log(`floor http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`);
});
