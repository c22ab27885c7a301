// Writes as MCP tools: only with MCP_MUTATIONS=explicit, annotated destructive, and run only by a
// second call carrying the confirmation token the first returned for this key and these arguments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { useStack } from '../gateway/helpers.ts';
import { KEY_A, KEY_B, seedFlag, twoOrgSeed, seededProjectId } from '../fixtures/seed.ts';
import { connectMcp, textOf } from './helpers.ts';

const call = (client: Client, name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

describe('without MCP_MUTATIONS=explicit', () => {
  const stack = useStack();
  it('lists no write and refuses to call one', async () => {
    const client = await connectMcp(stack.gateway.baseUrl, KEY_A);
    const { tools } = await client.listTools();
    expect(tools.some((t) => t.name === 'set_feature_flag_active')).toBe(false);
    await expect(call(client, 'set_feature_flag_active', { id: '1', active: false })).rejects.toThrow(/Unknown tool "set_feature_flag_active"/);
    await client.close();
  });
});

describe('with MCP_MUTATIONS=explicit', () => {
  const seed = twoOrgSeed();
  seed.feature_flags!.push(seedFlag('Acme Web', 'second-flag', { active: true }));
  const stack = useStack({ seed, gateway: { mcpMutations: 'explicit' } });
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

  const flagIds = async () => {
    const projectId = seededProjectId(stack.upstream, 'Acme Web');
    const flags = await call(alice, 'project_feature_flags', { projectId: String(projectId) });
    const nodes = (flags.structuredContent as any).project.featureFlags.nodes as Array<{ id: string; key: string; active: boolean }>;
    return Object.fromEntries(nodes.map((n) => [n.key, n]));
  };

  it('lists the write, annotated destructive and not read-only, with the confirmation argument', async () => {
    const { tools } = await alice.listTools();
    const write = tools.find((t) => t.name === 'set_feature_flag_active')!;
    expect(write.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
    expect(write.inputSchema.required).toEqual(['id', 'active']);
    expect(Object.keys(write.inputSchema.properties ?? {})).toContain('confirmationToken');
  });

  it('the first call writes nothing and returns a token; the second, with it and the same arguments, writes', async () => {
    const { 'acme-flag': flag } = await flagIds();
    const first = await call(alice, 'set_feature_flag_active', { id: flag!.id, active: false });
    expect(first.isError).toBeFalsy();
    const { confirmationToken } = (first.structuredContent as any).confirmation;
    expect(textOf(first)).toContain('Not run yet');
    expect((await flagIds())['acme-flag']!.active).toBe(true);

    const second = await call(alice, 'set_feature_flag_active', { id: flag!.id, active: false, confirmationToken });
    expect(second.isError).toBeFalsy();
    expect((second.structuredContent as any).updateFeatureFlag.featureFlag).toMatchObject({ key: 'acme-flag', active: false });
    expect((await flagIds())['acme-flag']!.active).toBe(false);
  });

  it('a token is refused for other arguments and for another key, and nothing is written', async () => {
    const { 'second-flag': flag } = await flagIds();
    const first = await call(alice, 'set_feature_flag_active', { id: flag!.id, active: false });
    const { confirmationToken } = (first.structuredContent as any).confirmation;

    const otherArgs = await call(alice, 'set_feature_flag_active', { id: flag!.id, active: true, confirmationToken });
    expect(otherArgs.isError).toBe(true);
    expect(textOf(otherArgs)).toMatch(/^CONFIRMATION_REFUSED: /);
    const otherKey = await call(bob, 'set_feature_flag_active', { id: flag!.id, active: false, confirmationToken });
    expect(otherKey.isError).toBe(true);
    expect(textOf(otherKey)).toMatch(/^CONFIRMATION_REFUSED: /);
    const garbage = await call(alice, 'set_feature_flag_active', { id: flag!.id, active: false, confirmationToken: 'x.y' });
    expect(textOf(garbage)).toMatch(/^CONFIRMATION_REFUSED: /);
    expect((await flagIds())['second-flag']!.active).toBe(true);
  });

  it("a confirmed write the upstream refuses is a tool error with the gateway's code", async () => {
    const args = { id: 'not-a-flag-id', active: false };
    const { confirmationToken } = ((await call(alice, 'set_feature_flag_active', args)).structuredContent as any).confirmation;
    const refused = await call(alice, 'set_feature_flag_active', { ...args, confirmationToken });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^BAD_USER_INPUT: /);
  });
});
