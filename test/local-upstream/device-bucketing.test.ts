import { PostHog } from 'posthog-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, PROJECT_A_TOKEN, useUpstream } from './helpers.ts';

/**
 * A flag with `bucketing_identifier: device_id` buckets by the `$device_id` person property, so one user on two
 * devices can get two answers. posthog-node evaluating the definitions locally and the local upstream's remote
 * evaluation (`/flags`) must agree.
 */

const ctx = useUpstream();
const DEVICES = Array.from({ length: 24 }, (_, i) => `device-${i}`);
let sdk: PostHog;

beforeAll(async () => {
  const created = await ctx.owner.post(`/api/projects/${ctx.projectA}/feature_flags/`, {
    key: 'per-device',
    filters: { groups: [{ properties: [], rollout_percentage: 50 }] },
    bucketing_identifier: 'device_id',
  });
  expect(created.status).toBe(201);
  sdk = new PostHog(PROJECT_A_TOKEN, {
    host: ctx.upstream.url,
    personalApiKey: KEYS.owner,
    featureFlagsPollingInterval: 600_000,
    flushAt: 1000,
    flushInterval: 0,
  });
});
afterAll(async () => {
  await sdk?.shutdown();
});

async function remote(deviceId: string): Promise<boolean> {
  const response = await fetch(`${ctx.upstream.url}/flags/?v=2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: PROJECT_A_TOKEN, distinct_id: 'same-user', person_properties: { $device_id: deviceId } }),
  });
  const body = (await response.json()) as { flags: Record<string, { enabled: boolean }> };
  return body.flags['per-device']!.enabled;
}

describe('device bucketing', () => {
  it('gives one user different answers on different devices, as posthog-node does locally', async () => {
    const answers: boolean[] = [];
    for (const deviceId of DEVICES) {
      const local = await sdk.getFeatureFlag('per-device', 'same-user', {
        personProperties: { $device_id: deviceId },
        onlyEvaluateLocally: true,
        sendFeatureFlagEvents: false,
      });
      const server = await remote(deviceId);
      expect(server, deviceId).toBe(local);
      answers.push(server);
    }
    expect(new Set(answers).size).toBe(2);
  });
});
