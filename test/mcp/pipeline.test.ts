// A tool call runs its operation through the /graphql pipeline itself: the cost limit refuses it
// before any upstream call, and the read cache answers a tool call with what a /graphql request
// by the same key just read (and never with another key's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expectNoErrors, useStack } from '../gateway/helpers.ts';
import { KEY_A, KEY_B } from '../fixtures/seed.ts';
import { connectMcp, textOf } from './helpers.ts';

const OPERATIONS = [
  { source: 'projects.graphql', body: '# Projects by name.\nquery ProjectNames { projects(first: 5) { nodes { id name } } }' },
  // Three nested pages of 100 (projects, their flags, each flag's role access): over the cost limit.
  {
    source: 'wide.graphql',
    body: '# Too wide.\nquery Wide { projects(first: 100) { nodes { featureFlags(first: 100) { nodes { roleAccess(first: 100) { nodes { id } } } } } } }',
  },
];

describe('the /graphql pipeline', () => {
  const stack = useStack({ gateway: { mcpOperations: OPERATIONS, upstreamCacheTtlMs: 60_000 } });
  let alice: Client;
  let bob: Client;
  beforeAll(async () => {
    alice = await connectMcp(stack.gateway.baseUrl, KEY_A);
    bob = await connectMcp(stack.gateway.baseUrl, KEY_B);
  });
  afterAll(async () => {
    await alice?.close();
    await bob?.close();
  });
  const call = (client: Client, name: string) => client.callTool({ name, arguments: {} }) as Promise<CallToolResult>;

  it('the cost limit refuses a tool before any upstream call, with its code and cost', async () => {
    stack.upstream.resetRequests();
    const refused = await call(alice, 'wide');
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^COST_ESTIMATED_TOO_EXPENSIVE: /);
    expect(stack.upstream.requests).toHaveLength(0);
  });

  it("the read cache answers a tool call with the same key's /graphql read, and another key reads upstream", async () => {
    stack.upstream.resetRequests();
    expectNoErrors(await stack.graphql('query ProjectNames { projects(first: 5) { nodes { id name } } }', {}, { token: KEY_A }));
    const reads = stack.upstream.requests.length;
    expect(reads).toBeGreaterThan(0);
    expect((await call(alice, 'project_names')).isError).toBeFalsy();
    expect(stack.upstream.requests).toHaveLength(reads);
    expect((await call(bob, 'project_names')).isError).toBeFalsy();
    expect(stack.upstream.requests.length).toBeGreaterThan(reads);
  });
});

describe('a hung upstream', () => {
  const stack = useStack({ gateway: { upstreamTimeoutMs: 300, upstreamRetries: 0 }, upstream: { latencyMs: '3000' } });

  it('answers the tool call UPSTREAM_TIMEOUT once the call deadline passes', async () => {
    const client = await connectMcp(stack.gateway.baseUrl, KEY_A);
    const result = (await client.callTool({ name: 'projects', arguments: {} })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^UPSTREAM_TIMEOUT: /);
    await client.close();
  });
});
