// What a browser meets at the GraphQL endpoint: Apollo Sandbox in development (with the example
// operation and the Authorization header to fill in), no Sandbox in production, CORS for the
// hosted Sandbox and local frontends, CSRF prevention, and introspection without a token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getIntrospectionQuery, getNamedType, Kind, parse, TypeInfo, visit, visitWithTypeInfo, type FieldNode, type SelectionSetNode } from 'graphql';
import { gatewaySchema } from '../../src/schema.ts';
import { startGateway, EXAMPLE_OPERATION, type RunningGateway } from '../../src/server.ts';
import { startLocalUpstream, type LocalUpstream } from '../../local-upstream/index.ts';
import { postGraphQL } from '../gateway/helpers.ts';
import { KEY_A, twoOrgSeed } from '../fixtures/seed.ts';

let upstream: LocalUpstream;
let development: RunningGateway;
let withDemoKey: RunningGateway;
let production: RunningGateway;

beforeAll(async () => {
  upstream = await startLocalUpstream({ seed: twoOrgSeed(), quiet: true, rateLimit: 'off' });
  const base = { upstreamUrl: upstream.url, port: 0, host: '127.0.0.1' };
  [development, withDemoKey, production] = await Promise.all([
    startGateway({ ...base, nodeEnv: 'development' }),
    startGateway({ ...base, nodeEnv: 'development', demoApiKey: KEY_A }),
    startGateway({ ...base, nodeEnv: 'production' }),
  ]);
});

afterAll(async () => {
  await Promise.all([development, withDemoKey, production].map((gateway) => gateway?.stop()));
  await upstream?.stop();
});

/** The config object the landing page hands to Apollo's embeddable Sandbox. */
async function sandboxConfig(
  gateway: RunningGateway,
): Promise<{ initialState: { document: string; headers: Record<string, string>; includeCookies: boolean } }> {
  const response = await fetch(gateway.url, { headers: { accept: 'text/html' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await response.text();
  expect(html).toContain('https://embeddable-sandbox.cdn.apollographql.com/');
  const config = /var embeddedSandboxConfig = (\{.*\});/.exec(html)?.[1];
  if (!config) throw new Error('no embedded Sandbox config in the landing page');
  return JSON.parse(config);
}

/** Connection fields of `document` that do not select `edges { cursor node }` and `pageInfo { hasNextPage endCursor }`. */
function connectionsPagedWithoutEdges(document: string): string[] {
  const typeInfo = new TypeInfo(gatewaySchema());
  const names = (set: SelectionSetNode | undefined) => new Set(set?.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : [])));
  const child = (set: SelectionSetNode | undefined, name: string) =>
    set?.selections.find((s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === name)?.selectionSet;
  const offenders: string[] = [];
  visit(
    parse(document),
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const type = typeInfo.getType();
        if (!type || !getNamedType(type).name.endsWith('Connection')) return;
        const edges = names(child(node.selectionSet, 'edges'));
        const pageInfo = names(child(node.selectionSet, 'pageInfo'));
        const paged = edges.has('cursor') && edges.has('node') && pageInfo.has('hasNextPage') && pageInfo.has('endCursor');
        if (!paged) offenders.push(node.name.value);
      },
    }),
  );
  return offenders;
}

describe('landing page', () => {
  it('development: Apollo Sandbox opens with the example operation and an Authorization header to fill in', async () => {
    const { initialState } = await sandboxConfig(development);
    expect(initialState.document).toBe(EXAMPLE_OPERATION);
    expect(initialState.document).toMatch(/Authorization header/);
    expect(initialState.headers).toEqual({ Authorization: 'Bearer <your personal API key (phx_...)>' });
    expect(initialState.includeCookies).toBe(false);
  });

  it('the example operation pages every connection over edges and pageInfo, as relayStylePagination needs', () => {
    expect(connectionsPagedWithoutEdges(EXAMPLE_OPERATION)).toEqual([]);
    expect(connectionsPagedWithoutEdges('{ projects(first: 5) { nodes { id } } }')).toEqual(['projects']);
  });

  it('development with the embedded demo upstream: the demo key is pre-filled', async () => {
    const { initialState } = await sandboxConfig(withDemoKey);
    expect(initialState.headers).toEqual({ Authorization: `Bearer ${KEY_A}` });
  });

  it('production: no Sandbox, no example operation, no key', async () => {
    const response = await fetch(production.url, { headers: { accept: 'text/html' } });
    const html = await response.text();
    expect(html).not.toContain('embeddable-sandbox.cdn.apollographql.com/v2/embeddable-sandbox');
    expect(html).not.toContain('embeddedSandboxConfig');
    expect(html).not.toContain('Authorization');
    expect(html).toContain(encodeURIComponent('"isProd":true'));
  });
});

describe('CORS', () => {
  const preflight = (gateway: RunningGateway, origin: string) =>
    fetch(gateway.url, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type,x-upstream-report' },
    });

  for (const origin of ['https://studio.apollographql.com', 'https://sandbox.embed.apollographql.com', 'http://localhost:3000', 'http://127.0.0.1:5173']) {
    it(`lets ${origin} send Authorization and x-upstream-report`, async () => {
      const response = await preflight(production, origin);
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
      const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(',');
      expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'x-upstream-report', 'apollo-require-preflight']));
      expect(response.headers.get('access-control-allow-methods')).toContain('POST');
      // Bearer tokens only: the browser is never told to send cookies.
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    });
  }

  it('answers the actual request with the CORS header too', async () => {
    const response = await fetch(development.url, {
      method: 'POST',
      headers: { origin: 'https://studio.apollographql.com', 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('https://studio.apollographql.com');
  });
});

describe('CSRF prevention', () => {
  it('refuses a simple-request POST (text/plain, no preflight header) before anything runs', async () => {
    upstream.resetRequests();
    const response = await fetch(development.url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', authorization: `Bearer ${KEY_A}` },
      body: JSON.stringify({ query: '{ projects(first: 1) { totalCount } }' }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/Cross-Site Request Forgery/);
    expect(upstream.requests).toEqual([]);
  });

  it('refuses a GET without a preflight header, accepts it with apollo-require-preflight', async () => {
    const url = `${development.url}?query=${encodeURIComponent('{ projects(first: 1) { totalCount } }')}`;
    const blocked = await fetch(url, { headers: { authorization: `Bearer ${KEY_A}` } });
    expect(blocked.status).toBe(400);
    const allowed = await fetch(url, { headers: { authorization: `Bearer ${KEY_A}`, 'apollo-require-preflight': 'true' } });
    expect(allowed.status).toBe(200);
    expect(((await allowed.json()) as { data: { projects: { totalCount: number } } }).data.projects.totalCount).toBe(2);
  });
});

describe('without a token', () => {
  it('introspection (what Sandbox and codegen run) works, without upstream calls', async () => {
    upstream.resetRequests();
    const response = await postGraphQL<{ __schema: { types: { name: string }[] } }>(production.url, getIntrospectionQuery(), {}, { token: null });
    expect(response.errors).toBeUndefined();
    expect(response.data?.__schema.types.map((t) => t.name)).toEqual(expect.arrayContaining(['Project', 'FeatureFlag', 'Plugin', 'Organization']));
    expect(upstream.requests).toEqual([]);
  });

  it('a normal query is UNAUTHENTICATED, without upstream calls', async () => {
    upstream.resetRequests();
    const response = await postGraphQL(production.url, '{ projects(first: 1) { totalCount } }', {}, { token: null });
    expect(response.errors?.map((e) => e.extensions?.code)).toEqual(['UNAUTHENTICATED']);
    expect(response.data ?? null).toBeNull();
    expect(upstream.requests).toEqual([]);
  });
});
