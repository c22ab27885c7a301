// @flags-sdk/posthog (the Vercel Flags SDK's PostHog adapter) against the local upstream: its provider data lists
// the project's flags, and its adapter decides flags for a person through posthog-node, remotely (/decide) without
// a personal key and locally (the flag definitions) with one.
import { beforeAll, describe, expect, it } from 'vitest';
import { OWNER_KEY, PROJECT_TOKEN, useClientsUpstream } from './clients-upstream.ts';

/** The part of the adapter's API these tests use. */
interface Decider<T> {
  decide(params: { key: string; entities: { distinctId: string }; defaultValue?: T; headers: Headers; cookies: Map<string, string> }): Promise<T> | T;
}
interface FlagsSdkPostHog {
  getProviderData(options: { personalApiKey: string; projectId: string; appHost: string }): Promise<{
    definitions: Record<string, { options?: unknown[] }>;
    hints: unknown[];
  }>;
  createPostHogAdapter(options: { postHogKey: string; postHogOptions: Record<string, unknown> }): {
    isFeatureEnabled(options?: { sendFeatureFlagEvents?: boolean }): Decider<boolean>;
    featureFlagValue(options?: { sendFeatureFlagEvents?: boolean }): Decider<string | boolean>;
  };
}

// Loaded by a specifier the type checker does not follow: the adapter's types reach into posthog-node 4.11's
// TypeScript sources, which do not compile under this repository's settings (verbatimModuleSyntax).
const PACKAGE = '@flags-sdk/posthog';
let sdk: FlagsSdkPostHog;
beforeAll(async () => {
  sdk = (await import(PACKAGE)) as FlagsSdkPostHog;
});

const ctx = useClientsUpstream();

/** The adapter's `decide` for one flag and person (the Flags SDK passes headers and cookies; this adapter reads neither). */
function decide<T>(adapter: Decider<T>, key: string, distinctId: string, defaultValue?: T): Promise<T> {
  return Promise.resolve(adapter.decide({ key, entities: { distinctId }, defaultValue, headers: new Headers(), cookies: new Map() }));
}

describe('@flags-sdk/posthog against the local upstream', () => {
  it("lists the project's flags as provider data", async () => {
    const data = await sdk.getProviderData({ personalApiKey: OWNER_KEY, projectId: String(ctx.projectId), appHost: ctx.upstream.url });
    expect(data.hints).toEqual([]);
    expect(Object.keys(data.definitions).sort()).toEqual(['everyone', 'half', 'pro-only', 'switched-off']);
    expect(data.definitions['pro-only']!.options).toEqual([{ value: false }, { value: true }]);
  });

  for (const mode of ['remote', 'local'] as const) {
    it(`decides flags for a person (${mode} evaluation)`, async () => {
      ctx.upstream.resetRequests();
      const options = { host: ctx.upstream.url, flushAt: 1000, flushInterval: 0, ...(mode === 'local' ? { personalApiKey: OWNER_KEY } : {}) };
      const adapter = sdk.createPostHogAdapter({ postHogKey: PROJECT_TOKEN, postHogOptions: options });
      const enabled = adapter.isFeatureEnabled({ sendFeatureFlagEvents: false });
      expect(await decide(enabled, 'everyone', 'shopper-2')).toBe(true);
      // Locally the SDK lacks the person's properties, so it asks /decide for this one, as against the service.
      expect(await decide(enabled, 'pro-only', 'shopper-1')).toBe(true);
      expect(await decide(enabled, 'switched-off', 'shopper-1', false)).toBe(false);
      const value = adapter.featureFlagValue({ sendFeatureFlagEvents: false });
      expect(await decide(value, 'everyone', 'shopper-3')).toBe(true);
      const definitions = ctx.upstream.requests.filter((request) => request.path.startsWith('/api/feature_flag/local_evaluation'));
      expect(definitions.length > 0).toBe(mode === 'local');
    });
  }
});
