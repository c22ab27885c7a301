// A write tool's confirmation token confirms exactly one write (docs/mcp.md, "Writes"): a replayed
// token, sent again after its write ran or racing it, is refused with CONFIRMATION_SPENT and reaches
// no upstream; an expired token is still refused as expired. One gateway, no Redis: the spent
// tokens live in its memory (the shared-Redis and hung-Redis cases: single-use-redis.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Confirmations } from '../../src/mcp/confirmation.ts';
import { useStack } from '../gateway/helpers.ts';
import { KEY_A, seedFlag, seededProjectId, twoOrgSeed } from '../fixtures/seed.ts';
import { connectMcp, textOf } from './helpers.ts';
import { flagActive, flagIdOf, upstreamWrites } from './write-helpers.ts';

const SECRET = 'single-use-test-secret-0123456789abcdef';
const TOOL = 'set_feature_flag_active';
const call = (client: Client, args: Record<string, unknown>) => client.callTool({ name: TOOL, arguments: args }) as Promise<CallToolResult>;
const tokenFor = async (client: Client, args: Record<string, unknown>) =>
  ((await call(client, args)).structuredContent as any).confirmation.confirmationToken as string;

describe('a confirmation token, one gateway', () => {
  const seed = twoOrgSeed();
  seed.feature_flags!.push(seedFlag('Acme Web', 'race-flag', { active: true }));
  const stack = useStack({ seed, gateway: { mcpMutations: 'explicit', mcpConfirmationSecret: SECRET } });
  let alice: Client;
  beforeAll(async () => {
    alice = await connectMcp(stack.gateway.baseUrl, KEY_A);
  });
  afterAll(async () => {
    await alice?.close();
  });
  const project = () => seededProjectId(stack.upstream, 'Acme Web');

  it('runs its write once: a replay is refused CONFIRMATION_SPENT and does not overwrite a change made in between', async () => {
    const id = await flagIdOf(stack.upstream, KEY_A, project(), 'acme-flag');
    const args = { id, active: false };
    const confirmationToken = await tokenFor(alice, args);
    expect((await call(alice, { ...args, confirmationToken })).isError).toBeFalsy();
    expect(await flagActive(stack.upstream, KEY_A, project(), 'acme-flag')).toBe(false);
    // Someone turns the flag back on; the captured token must not turn it off again.
    const on = await stack.graphql<any>(
      `mutation { updateFeatureFlag(input: { id: "${id}", active: true }) { userErrors { message } } }`,
      {},
      { token: KEY_A },
    );
    expect(on.data?.updateFeatureFlag.userErrors).toEqual([]);
    stack.upstream.resetRequests();

    const replay = await call(alice, { ...args, confirmationToken });
    expect(replay.isError).toBe(true);
    expect(textOf(replay)).toMatch(/^CONFIRMATION_SPENT: /);
    expect(upstreamWrites(stack.upstream)).toEqual([]);
    expect(await flagActive(stack.upstream, KEY_A, project(), 'acme-flag')).toBe(true);
  });

  it('two first calls of one write give two tokens, each good for one write', async () => {
    const id = await flagIdOf(stack.upstream, KEY_A, project(), 'acme-flag');
    const args = { id, active: true };
    const [first, second] = [await tokenFor(alice, args), await tokenFor(alice, args)];
    expect(first).not.toBe(second);
    stack.upstream.resetRequests();
    expect((await call(alice, { ...args, confirmationToken: first })).isError).toBeFalsy();
    expect((await call(alice, { ...args, confirmationToken: second })).isError).toBeFalsy();
    expect(upstreamWrites(stack.upstream)).toHaveLength(2);
  });

  it('another text of a spent token (a leading zero, other unused base64 bits) is refused and writes nothing', async () => {
    const id = await flagIdOf(stack.upstream, KEY_A, project(), 'acme-flag');
    const args = { id, active: false };
    const confirmationToken = await tokenFor(alice, args);
    expect((await call(alice, { ...args, confirmationToken })).isError).toBeFalsy();
    const [expires, nonce, mac] = confirmationToken.split('.') as [string, string, string];
    const last = mac.at(-1)!;
    // 32 bytes in 43 characters: the last one carries 4 bits and 2 unused ones.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sameBits = alphabet[alphabet.indexOf(last) ^ 1]!;
    stack.upstream.resetRequests();
    for (const variant of [`0${expires}.${nonce}.${mac}`, `${expires}.${nonce}.${mac.slice(0, -1)}${sameBits}`]) {
      const replay = await call(alice, { ...args, confirmationToken: variant });
      expect(replay.isError).toBe(true);
      expect(textOf(replay)).toMatch(/^CONFIRMATION_(REFUSED|SPENT): /);
    }
    expect(upstreamWrites(stack.upstream)).toEqual([]);
  });

  it('two concurrent calls with one token: one write runs, the other is refused', async () => {
    const id = await flagIdOf(stack.upstream, KEY_A, project(), 'race-flag');
    const args = { id, active: false };
    const confirmationToken = await tokenFor(alice, args);
    const bobby = await connectMcp(stack.gateway.baseUrl, KEY_A);
    stack.upstream.resetRequests();
    const results = await Promise.all([call(alice, { ...args, confirmationToken }), call(bobby, { ...args, confirmationToken })]);
    await bobby.close();
    expect(results.filter((r) => !r.isError)).toHaveLength(1);
    expect(results.filter((r) => r.isError).map(textOf)).toEqual([expect.stringMatching(/^CONFIRMATION_SPENT: /)]);
    expect(upstreamWrites(stack.upstream)).toHaveLength(1);
  });

  it('an expired token is refused as expired, not as spent, and writes nothing', async () => {
    const id = await flagIdOf(stack.upstream, KEY_A, project(), 'acme-flag');
    const args = { id, active: false };
    // A token the gateway issued six minutes ago (the same secret): past its five minutes.
    const { token } = new Confirmations(SECRET).issue(KEY_A, TOOL, args, Date.now() - 6 * 60_000);
    stack.upstream.resetRequests();
    const late = await call(alice, { ...args, confirmationToken: token });
    expect(textOf(late)).toMatch(/^CONFIRMATION_REFUSED: The confirmation token has expired/);
    expect(upstreamWrites(stack.upstream)).toEqual([]);
  });
});
