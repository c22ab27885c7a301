// @posthog/agent-toolkit (PostHog's tools for AI agents) against the local upstream: it reads the key's scopes from
// GET /api/personal_api_keys/@current and offers the tools those scopes allow, and its tools run against the
// upstream's records.
import { PostHogAgentToolkit } from '@posthog/agent-toolkit/tools';
import { describe, expect, it } from 'vitest';
import { OWNER_KEY, READER_KEY, useClientsUpstream } from './clients-upstream.ts';

const ctx = useClientsUpstream();
const toolkit = (key: string) => new PostHogAgentToolkit({ posthogApiToken: key, posthogApiBaseUrl: ctx.upstream.url });

/** A tool's text answer, parsed when it is JSON. */
async function run(key: string, name: string, params: Record<string, unknown> = {}): Promise<any> {
  const kit = toolkit(key);
  const tool = (await kit.getTools()).find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  const result = (await tool.handler(kit.getContext(), tool.schema.parse(params))) as { content: Array<{ text: string }> };
  const text = result.content[0]!.text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

describe('@posthog/agent-toolkit against the local upstream', () => {
  it("discovers the tools the key's scopes allow", async () => {
    const all = (await toolkit(OWNER_KEY).getTools()).map((tool) => tool.name);
    const readOnly = (await toolkit(READER_KEY).getTools()).map((tool) => tool.name);
    expect(all.length).toBeGreaterThan(0);
    expect(all).toEqual(expect.arrayContaining(['feature-flag-get-all', 'create-feature-flag', 'projects-get', 'organizations-get']));
    expect(readOnly).toContain('feature-flag-get-all');
    expect(readOnly).not.toContain('create-feature-flag');
    expect(readOnly.length).toBeLessThan(all.length);
  });

  it("lists the caller's organizations and projects", async () => {
    expect(JSON.stringify(await run(OWNER_KEY, 'organizations-get'))).toContain('Clients');
    expect(JSON.stringify(await run(OWNER_KEY, 'projects-get'))).toContain('Shop');
  });

  it('lists, reads and creates flags', async () => {
    const flags = await run(READER_KEY, 'feature-flag-get-all');
    expect(JSON.stringify(flags)).toContain('pro-only');
    const byKey = await run(READER_KEY, 'feature-flag-get-definition', { flagKey: 'pro-only' });
    expect(byKey).toMatchObject({ key: 'pro-only', active: true });
    await run(OWNER_KEY, 'create-feature-flag', {
      name: 'Made by an agent',
      key: 'agent-made',
      description: 'Made by an agent',
      filters: { groups: [{ properties: [], rollout_percentage: 10 }] },
      active: true,
    });
    const stored = (await ctx.owner.get(`/api/projects/${ctx.projectId}/feature_flags/?search=agent-made`)).body.results;
    expect(stored).toHaveLength(1);
    expect(stored[0].filters.groups[0].rollout_percentage).toBe(10);
  });
});
