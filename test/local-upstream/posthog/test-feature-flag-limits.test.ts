/**
 * PostHog's TestFeatureFlagLimits (products/feature_flags/backend/api/test/test_feature_flag.py, the limits added in
 * PostHog/posthog#47995) against the local upstream, at the service's defaults instead of the per-test overridden
 * settings: 2,000 live flags per project (on create only; soft-deleted flags do not count) and 512 KiB of filters
 * per flag (create and update). The project at the limit is seeded; its flags are created through the seed.
 * Not ported: the cross-team cases of settings overridden per team (no per-team override exists locally).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalUpstream, type LocalUpstream } from '../../../local-upstream/index.ts';
import { LEVEL, seedFlag, seedOrganization, seedProject, seedUser, seededProjectId } from '../../fixtures/seed.ts';
import { client, validation, type Client } from '../helpers.ts';

const ORG = '0190c000-0000-7000-8000-0000000000d1';
const KEY = 'phx_test_flag_limits_aaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const COUNT_LIMIT = 'Maximum of 2,000 feature flags allowed per team. Please delete unused flags or contact support to increase this limit.';

let upstream: LocalUpstream;
let api: Client;
let full: string;
let roomy: string;

beforeAll(async () => {
  upstream = await startLocalUpstream({
    quiet: true,
    rateLimit: 'off',
    seed: {
      organizations: [seedOrganization(ORG, 'Limits')],
      users: [seedUser('lim@limits.test', KEY, ORG, LEVEL.admin)],
      projects: [seedProject(ORG, 'Full'), seedProject(ORG, 'Roomy')],
      feature_flags: Array.from({ length: 2000 }, (_, i) => seedFlag('Full', `flag-${i}`)),
    },
  });
  api = client(upstream, KEY);
  full = `/api/projects/${seededProjectId(upstream, 'Full')}/feature_flags/`;
  roomy = `/api/projects/${seededProjectId(upstream, 'Roomy')}/feature_flags/`;
});
afterAll(() => upstream.stop());

const count = async (path: string) => (await api.get(`${path}?limit=1`)).body.count as number;
/** Filters carrying a JSON payload of about `bytes` bytes. */
const filtersOfSize = (bytes: number) => ({ groups: [{ properties: [], rollout_percentage: 100 }], payloads: { true: JSON.stringify('x'.repeat(bytes)) } });

describe('TestFeatureFlagLimits: flags per project', () => {
  it('refuses a new flag at 2,000 live flags, with or without filters, and creates nothing', async () => {
    for (const body of [{ key: 'one-too-many' }, { key: 'one-too-many', filters: { groups: [{ properties: [], rollout_percentage: 50 }] } }]) {
      const response = await api.post(full, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(validation('invalid_input', COUNT_LIMIT, 'filters'));
    }
    expect(await count(full)).toBe(2000);
  });

  it('still updates flags at the limit', async () => {
    const flag = (await api.get(`${full}?limit=2`)).body.results[0];
    const response = await api.patch(`${full}${flag.id}/`, { name: 'Still editable', filters: { groups: [{ properties: [], rollout_percentage: 10 }] } });
    expect(response.status).toBe(200);
    expect(response.body.name).toBe('Still editable');
  });

  it('does not count soft-deleted flags', async () => {
    const flag = (await api.get(`${full}?limit=2`)).body.results[1];
    expect((await api.patch(`${full}${flag.id}/`, { deleted: true })).status).toBe(200);
    expect((await api.post(full, { key: 'room-again' })).status).toBe(201);
    expect((await api.post(full, { key: 'full-again' })).status).toBe(400);
  });
});

describe('TestFeatureFlagLimits: filter size per flag', () => {
  it('refuses filters over 512 KiB on create, with the sizes in the message', async () => {
    const response = await api.post(roomy, { key: 'too-big', filters: filtersOfSize(600 * 1024) });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ type: 'validation_error', code: 'invalid_input', attr: 'filters' });
    expect(response.body.detail).toMatch(
      /^Feature flag filters exceed maximum size of 512\.0 KB\. Current size: 600\.\d KB\. Please simplify conditions or reduce payload sizes\.$/,
    );
    expect((await api.get(`${roomy}?search=too-big`)).body.count).toBe(0);
  });

  it('accepts filters just under the limit, and refuses an update that grows them past it', async () => {
    const created = await api.post(roomy, { key: 'almost-too-big', filters: filtersOfSize(500 * 1024) });
    expect(created.status).toBe(201);
    const grown = await api.patch(`${roomy}${created.body.id}/`, { filters: filtersOfSize(513 * 1024) });
    expect(grown.status).toBe(400);
    expect(grown.body.detail).toContain('Feature flag filters exceed maximum size of 512.0 KB.');
    expect((await api.get(`${roomy}${created.body.id}/`)).body.filters.payloads.true.length).toBe(500 * 1024 + 2);
  });
});
