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

async function flagsFor(body: Record<string, unknown>): Promise<Record<string, { enabled: boolean }>> {
  const response = await fetch(`${ctx.upstream.url}/flags/?v=2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: PROJECT_A_TOKEN, distinct_id: 'same-user', ...body }),
  });
  return ((await response.json()) as { flags: Record<string, { enabled: boolean }> }).flags;
}

describe('remote evaluation (/flags) and the stored settings', () => {
  it('reads the device id SDKs send beside the person properties', async () => {
    for (const deviceId of DEVICES.slice(0, 8)) {
      const beside = await flagsFor({ $device_id: deviceId });
      expect(beside['per-device']!.enabled, deviceId).toBe(await remote(deviceId));
    }
  });

  it("leaves out flags of the other runtime when the SDK names its runtime (evaluation_runtime 'server' or 'client')", async () => {
    for (const runtime of ['server', 'client']) {
      await ctx.owner.post(`/api/projects/${ctx.projectA}/feature_flags/`, {
        key: `only-${runtime}`,
        filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
        evaluation_runtime: runtime,
      });
    }
    const server = await flagsFor({ evaluation_runtime: 'server' });
    expect(Object.keys(server)).toContain('only-server');
    expect(Object.keys(server)).not.toContain('only-client');
    const client = await flagsFor({ evaluation_runtime: 'client' });
    expect(Object.keys(client)).toContain('only-client');
    expect(Object.keys(client)).not.toContain('only-server');
    const unnamed = await flagsFor({});
    expect(Object.keys(unnamed)).toEqual(expect.arrayContaining(['only-client', 'only-server', 'per-device']));
  });
});
