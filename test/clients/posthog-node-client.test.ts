// posthog-node 5 (the server SDK) against the local upstream: local evaluation from the flag definitions agrees
// with the upstream's own evaluation, and getRemoteConfigPayload answers as against the service (a remote
// configuration flag's payload; a rejection for any other flag, whose route is a 404 with an empty body).
import { PostHog } from 'posthog-node';
import { afterAll, describe, expect, it } from 'vitest';
import { OWNER_KEY, PROJECT_TOKEN, useClientsUpstream } from './clients-upstream.ts';

const ctx = useClientsUpstream();
const clients: PostHog[] = [];
afterAll(() => Promise.all(clients.map((client) => client.shutdown())));

function sdk(): PostHog {
  const client = new PostHog(PROJECT_TOKEN, { host: ctx.upstream.url, personalApiKey: OWNER_KEY, flushAt: 1000, flushInterval: 0, disableGeoip: true });
  clients.push(client);
  return client;
}

describe('posthog-node against the local upstream', () => {
  it('evaluates locally what the upstream evaluates, without asking it per person', async () => {
    const posthog = sdk();
    await posthog.reloadFeatureFlags();
    ctx.upstream.resetRequests();
    for (let i = 0; i < 20; i++) {
      const distinctId = `shopper-${i}`;
      const properties = { plan: i % 2 ? 'pro' : 'free' };
      const local = await posthog.getAllFlags(distinctId, { personProperties: properties, onlyEvaluateLocally: true });
      const reasons = (await ctx.owner.get(`/api/projects/${ctx.projectId}/feature_flags/evaluation_reasons/?distinct_id=${distinctId}`)).body;
      for (const key of ['everyone', 'pro-only', 'half', 'switched-off']) {
        expect({ distinctId, key, value: local[key] ?? false }).toEqual({ distinctId, key, value: reasons[key].value });
      }
    }
    // Only the test's own evaluation_reasons calls reached the upstream: the SDK evaluated from its definitions.
    expect(ctx.upstream.requests.filter((request) => !request.path.includes('evaluation_reasons'))).toEqual([]);
  });

  it("getRemoteConfigPayload returns a remote configuration flag's payload", async () => {
    const created = await ctx.owner.post(`/api/projects/${ctx.projectId}/feature_flags/`, {
      key: 'checkout-config',
      is_remote_configuration: true,
      filters: { groups: [{ properties: [], rollout_percentage: 100 }], payloads: { true: '{"retries":3,"theme":"dark"}' } },
    });
    expect(created.status).toBe(201);
    await expect(sdk().getRemoteConfigPayload('checkout-config')).resolves.toEqual({ retries: 3, theme: 'dark' });
  });

  it('getRemoteConfigPayload rejects for a flag that is not a remote configuration, and for an unknown key', async () => {
    await ctx.owner.post(`/api/projects/${ctx.projectId}/feature_flags/`, {
      key: 'plain-with-payload',
      filters: { groups: [{ properties: [], rollout_percentage: 100 }], payloads: { true: '{"retries":3}' } },
    });
    const posthog = sdk();
    await expect(posthog.getRemoteConfigPayload('plain-with-payload')).rejects.toThrow();
    await expect(posthog.getRemoteConfigPayload('no-such-flag')).rejects.toThrow();
  });
});
