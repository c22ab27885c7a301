// /mcp end to end: the shipped operations as tools, called with the official SDK client against a
// real gateway and local upstream (docs/mcp.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { useStack } from '../gateway/helpers.ts';
import { KEY_A, KEY_B, ORG_A } from '../fixtures/seed.ts';
import { allowedHosts, hostRefusal } from '../../src/mcp/hosts.ts';
import { connectMcp, INITIALIZE, postMcp, postStatusWithHost, textOf } from './helpers.ts';

const stack = useStack();
let alice: Client;
let bob: Client;
let tools: Tool[];

beforeAll(async () => {
  alice = await connectMcp(stack.gateway.baseUrl, KEY_A);
  bob = await connectMcp(stack.gateway.baseUrl, KEY_B);
  tools = (await alice.listTools()).tools;
});
afterAll(async () => {
  await alice?.close();
  await bob?.close();
});

const call = (client: Client, name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
const tool = (name: string) => tools.find((t) => t.name === name)!;

describe('tools/list', () => {
  it('lists one tool per shipped named query, in snake_case, read-only and idempotent; no write without MCP_MUTATIONS=explicit', () => {
    expect(tools.map((t) => t.name).sort()).toEqual(['feature_flag', 'organization_plugins', 'project_feature_flags', 'projects', 'rate_limit', 'viewer']);
    for (const t of tools) expect(t.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true, destructiveHint: false });
  });

  it('types the arguments from the variables: required non-null ones, defaults kept, schema docs carried over', () => {
    expect(tool('project_feature_flags').inputSchema).toMatchObject({
      type: 'object',
      required: ['projectId'],
      additionalProperties: false,
      properties: {
        projectId: { type: 'string', description: "The project's global id or its upstream integer id." },
        first: { type: ['integer', 'null'], default: 20 },
        active: { type: ['boolean', 'null'], description: expect.stringContaining('Only active flags') },
      },
    });
    expect(tool('feature_flag').inputSchema.required).toEqual(['projectId', 'key']);
    expect(tool('viewer').inputSchema).toEqual({ type: 'object', properties: {}, additionalProperties: false });
  });

  it("describes each tool with the operation's comment and its estimated cost", () => {
    expect(tool('feature_flag').description).toMatch(/^One feature flag by its key/);
    expect(tool('feature_flag').description).toMatch(/Estimated cost: \d+ with the default arguments/);
  });

  it('gives an output schema in which connections are compact (nodes and pageInfo, no edges)', () => {
    const flags = (tool('project_feature_flags').outputSchema as any).properties.project.properties.featureFlags;
    expect(Object.keys(flags.properties).sort()).toEqual(['nodes', 'pageInfo', 'totalCount']);
    expect(flags.properties.nodes.items.properties.status.enum).toContain('ACTIVE');
  });
});

describe('tools/call', () => {
  it("each shipped tool answers structured content that matches its output schema (the SDK client checks it), with the caller's key", async () => {
    const viewer = await call(alice, 'viewer');
    expect(viewer.isError).toBeFalsy();
    const me = (viewer.structuredContent as any).viewer;
    expect(me.email).toBe('alice@acme.test');
    const projectId = me.project.id as string;

    const projects = await call(alice, 'projects', { first: 1 });
    expect((projects.structuredContent as any).projects).toMatchObject({
      totalCount: 2,
      nodes: [expect.objectContaining({ name: expect.any(String) })],
      pageInfo: { hasNextPage: true },
    });
    expect(textOf(projects)).not.toMatch(/edges|"node"/);
    const next = await call(alice, 'projects', { first: 1, after: (projects.structuredContent as any).projects.pageInfo.endCursor });
    expect((next.structuredContent as any).projects.nodes[0].name).not.toBe((projects.structuredContent as any).projects.nodes[0].name);

    const flags = await call(alice, 'project_feature_flags', { projectId: (await acmeWeb()).id });
    expect((flags.structuredContent as any).project.featureFlags.nodes.map((f: any) => f.key)).toEqual(['acme-flag']);

    const flag = await call(alice, 'feature_flag', { projectId: (await acmeWeb()).id, key: 'acme-flag' });
    expect((flag.structuredContent as any).project.featureFlag).toMatchObject({ key: 'acme-flag', active: true, roleAccess: { totalCount: 0, nodes: [] } });

    const plugins = await call(alice, 'organization_plugins', { organizationId: ORG_A });
    expect(plugins.isError).toBeFalsy();
    const quota = await call(alice, 'rate_limit');
    expect((quota.structuredContent as any).rateLimit).toMatchObject({ limit: expect.any(Number), used: expect.any(Number) });
    expect(projectId).toEqual(expect.any(String));
  });

  it("two tenants with two keys each see their own data, and one cannot read the other's project", async () => {
    const bobsProjects = await call(bob, 'projects');
    expect((bobsProjects.structuredContent as any).projects.nodes.map((p: any) => p.name)).toEqual(['Globex Site']);
    const acme = await acmeWeb();
    const refused = await call(bob, 'feature_flag', { projectId: acme.id, key: 'acme-flag' });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^(NOT_FOUND|FORBIDDEN): /);
  });

  it('a wrong argument is a tool error naming the argument; so is an argument the tool does not take', async () => {
    const wrongType = await call(alice, 'projects', { first: 'ten' });
    expect(wrongType.isError).toBe(true);
    expect(textOf(wrongType)).toMatch(/^BAD_USER_INPUT: Argument "first" got invalid value "ten"/);
    const missing = await call(alice, 'feature_flag', { key: 'acme-flag' });
    expect(textOf(missing)).toMatch(/^BAD_USER_INPUT: Argument "projectId" of required type "ID!" was not provided/);
    const unknown = await call(alice, 'projects', { limit: 5 });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toBe('UNKNOWN_ARGUMENT: projects has no argument "limit"; it takes first, after, search.');
  });

  it('a garbage or unknown key is refused by the upstream: UNAUTHENTICATED on the call', async () => {
    const stranger = await connectMcp(stack.gateway.baseUrl, 'phx_not_a_real_key');
    const refused = await call(stranger, 'viewer');
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^UNAUTHENTICATED: /);
    await stranger.close();
  });

  it('tells the server its name and version, and negotiates the protocol version the client asks for', () => {
    expect(alice.getServerVersion()).toEqual({ name: 'posthog-graphql-gateway', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(alice.getServerVersion()?.version).not.toBe('0.0.0');
  });

  it('an unknown tool is a JSON-RPC error listing the tools', async () => {
    await expect(call(alice, 'drop_database')).rejects.toThrow(/Unknown tool "drop_database"; the tools are: .*viewer/);
  });

  it('an upstream failure carries the gateway error code (a missing flag is NOT_FOUND)', async () => {
    const missing = await call(alice, 'feature_flag', { projectId: (await acmeWeb()).id, key: 'no-such-flag' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/^NOT_FOUND: .*\(at project\.featureFlag\) .*\(request id [\w-]+\)$/m);
  });
});

describe('the HTTP edge', () => {
  it('no key: 401 with WWW-Authenticate: Bearer, before any MCP message is read', async () => {
    const res = await postMcp(stack.gateway.baseUrl, INITIALIZE);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="mcp"');
    await expect(connectMcp(stack.gateway.baseUrl, null)).rejects.toThrow();
  });

  it('a Host or Origin that is not loopback or configured is refused (DNS rebinding)', async () => {
    const key = { authorization: `Bearer ${KEY_A}` };
    expect(await postStatusWithHost(stack.gateway.baseUrl, 'evil.example:80', INITIALIZE, key)).toBe(403);
    expect(await postStatusWithHost(stack.gateway.baseUrl, `127.0.0.1:${new URL(stack.gateway.baseUrl).port}`, INITIALIZE, key)).toBe(200);
    expect((await postMcp(stack.gateway.baseUrl, INITIALIZE, { ...key, origin: 'http://evil.example' })).status).toBe(403);
    expect((await postMcp(stack.gateway.baseUrl, INITIALIZE, { ...key, origin: 'http://localhost:6274' })).status).toBe(200);
  });

  it('answers streamable HTTP as the SDK transport does: 406, 415, 400 for bad JSON, a bad message or protocol version, 202 for notifications', async () => {
    const base = stack.gateway.baseUrl;
    const key = { authorization: `Bearer ${KEY_A}` };
    expect((await postMcp(base, INITIALIZE, { ...key, accept: 'application/json' })).status).toBe(406);
    expect((await postMcp(base, INITIALIZE, { ...key, 'content-type': 'text/plain' })).status).toBe(415);
    const badJson = await fetch(new URL('/mcp', base), {
      method: 'POST',
      headers: { ...key, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc":',
    });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({ error: { code: -32700 } });
    expect((await postMcp(base, { jsonrpc: '2.0', id: 1 }, key)).status).toBe(400);
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
    expect((await postMcp(base, list, { ...key, 'mcp-protocol-version': '1999-01-01' })).status).toBe(400);
    expect((await postMcp(base, { jsonrpc: '2.0', method: 'notifications/initialized' }, key)).status).toBe(202);
    const batch = await postMcp(base, [list, { ...list, id: 3 }], { ...key, 'mcp-protocol-version': '2025-06-18' });
    expect(((await batch.json()) as Array<{ id: number }>).map((answer) => answer.id).sort()).toEqual([2, 3]);
  });

  it('reads Host as a name and a port: loopback names in any case and configured ones pass, lookalikes do not', () => {
    const allowed = allowedHosts(['gateway.example.com']);
    const refused = (host: string, origin?: string) => hostRefusal({ host, ...(origin ? { origin } : {}) }, allowed) !== undefined;
    expect(['localhost:4000', 'LOCALHOST', '127.0.0.1:80', '[::1]:4000', 'gateway.example.com', 'Gateway.Example.Com:443'].filter((h) => refused(h))).toEqual(
      [],
    );
    expect(['localhost.evil.example', 'evil.example', 'localhost@evil.example', 'localhost:4000/x', '', '127.0.0.1:4000:1'].filter((h) => !refused(h))).toEqual(
      [],
    );
    expect(refused('localhost:4000', 'http://evil.example')).toBe(true);
    expect(refused('localhost:4000', 'null')).toBe(true);
    expect(refused('localhost:4000', 'https://gateway.example.com')).toBe(false);
  });

  it('negotiates 2025-06-18 and 2025-11-25 as the client asks (initialize on its own request, no session id)', async () => {
    for (const version of ['2025-06-18', '2025-11-25']) {
      const res = await postMcp(
        stack.gateway.baseUrl,
        { ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion: version } },
        { authorization: `Bearer ${KEY_A}` },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('mcp-session-id')).toBeNull();
      expect(await res.json()).toMatchObject({
        result: { protocolVersion: version, capabilities: { tools: {} }, serverInfo: { name: 'posthog-graphql-gateway' } },
      });
    }
  });

  it('GET is 405: the endpoint is stateless and opens no stream', async () => {
    const res = await fetch(new URL('/mcp', stack.gateway.baseUrl), { headers: { authorization: `Bearer ${KEY_A}`, accept: 'text/event-stream' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});

async function acmeWeb(): Promise<{ id: string }> {
  const result = await call(alice, 'projects', { search: 'Acme Web' });
  return (result.structuredContent as any).projects.nodes[0];
}
