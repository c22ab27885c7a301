import { describe, expect, it } from 'vitest';
import { startLocalUpstream } from '../../local-upstream/index.ts';
import { client, PROJECT_A_TOKEN, KEYS, testSeed, useUpstream } from './helpers.ts';

const ctx = useUpstream();

describe('request log', () => {
  it('records every request served (method, pathname, status) and can be reset', async () => {
    ctx.upstream.resetRequests();
    await ctx.owner.get(`/api/projects/${ctx.projectA}/feature_flags/?limit=1`);
    await client(ctx.upstream, undefined).get('/api/projects/');
    expect(ctx.upstream.requests).toEqual([
      { method: 'GET', path: `/api/projects/${ctx.projectA}/feature_flags/`, status: 200 },
      { method: 'GET', path: '/api/projects/', status: 401 },
    ]);
    ctx.upstream.resetRequests();
    expect(ctx.upstream.requests).toEqual([]);
  });
});

describe('request log size', () => {
  it('keeps at least the newest `requestLogLimit` records and drops older ones, so a long-running server does not grow', async () => {
    const upstream = await startLocalUpstream({ seed: testSeed(), quiet: true, rateLimit: 'off', requestLogLimit: 3 });
    try {
      const api = client(upstream, KEYS.owner);
      for (let i = 0; i < 10; i++) await api.get(`/api/projects/?limit=${i}`);
      expect(upstream.requests.length).toBeGreaterThanOrEqual(3);
      expect(upstream.requests.length).toBeLessThanOrEqual(6);
      expect(upstream.requests.at(-1)).toEqual({ method: 'GET', path: '/api/projects/', status: 200 });
      upstream.resetRequests();
      expect(upstream.requests).toEqual([]);
    } finally {
      await upstream.stop();
    }
  });
});

describe('fault injection', () => {
  it('answers the next matching request with the injected status and body, once by default', async () => {
    ctx.upstream.injectFault({ method: 'GET', path: '/api/projects/', status: 503, body: '{"detail":"down"}', headers: { 'retry-after': '3' } });
    const faulty = await ctx.owner.get('/api/projects/');
    expect(faulty.status).toBe(503);
    expect(faulty.body).toEqual({ detail: 'down' });
    expect(faulty.headers.get('retry-after')).toBe('3');
    expect((await ctx.owner.get('/api/projects/')).status).toBe(200);
  });

  it('matches paths by RegExp, repeats `times` times and leaves other requests alone', async () => {
    ctx.upstream.injectFault({ path: /\/feature_flags\/$/, status: 500, body: 'boom', times: 2 });
    expect((await ctx.owner.get('/api/projects/')).status).toBe(200);
    expect((await ctx.owner.get(`/api/projects/${ctx.projectA}/feature_flags/`)).status).toBe(500);
    expect((await ctx.owner.get(`/api/projects/${ctx.projectA}/feature_flags/`)).text).toBe('boom');
    expect((await ctx.owner.get(`/api/projects/${ctx.projectA}/feature_flags/`)).status).toBe(200);
  });

  it('delays a request that is then served normally', async () => {
    ctx.upstream.injectFault({ path: '/api/projects/', delayMs: 50 });
    const response = await ctx.owner.get('/api/projects/');
    expect(response.status).toBe(200);
    expect(response.body.count).toBe(1);
  });

  it('resets the socket', async () => {
    ctx.upstream.injectFault({ path: '/api/projects/', destroySocket: true });
    await expect(ctx.owner.get('/api/projects/')).rejects.toThrow();
    expect(ctx.upstream.requests.at(-1)).toEqual({ method: 'GET', path: '/api/projects/', status: 0 });
  });
});

describe('SDK paths', () => {
  const token = `token=${PROJECT_A_TOKEN}`;

  it('serves flag definitions on /flags/definitions and /api/feature_flag/local_evaluation (with and without slash)', async () => {
    const current = await ctx.owner.get(`/flags/definitions?${token}&send_cohorts`);
    expect(current.status).toBe(200);
    expect(current.body.flags.map((flag: { key: string }) => flag.key)).toEqual(expect.arrayContaining(['everyone', 'acme-staff']));
    for (const path of ['/api/feature_flag/local_evaluation', '/api/feature_flag/local_evaluation/']) {
      const legacy = await ctx.owner.get(`${path}?${token}`);
      expect(legacy.body).toEqual(current.body);
      expect((await ctx.owner.get(`${path}?${token}`, { 'if-none-match': legacy.headers.get('etag')! })).status).toBe(304);
    }
  });

  it("still needs a valid key that belongs to the project's organization", async () => {
    expect((await client(ctx.upstream, undefined).get(`/flags/definitions?${token}`)).status).toBe(401);
    expect((await client(ctx.upstream, KEYS.other).get(`/flags/definitions?${token}`)).status).toBe(403);
    expect((await ctx.owner.get('/flags/definitions?token=phc_unknown')).status).toBe(401);
  });

  it('accepts event capture and answers remote evaluation', async () => {
    const anon = client(ctx.upstream, undefined);
    expect((await anon.post('/batch/', { api_key: PROJECT_A_TOKEN, batch: [] })).body).toEqual({ status: 1 });
    expect((await anon.post('/i/v0/e/', 'not even json', { 'content-type': 'text/plain' })).status).toBe(200);
    const flags = await anon.post('/flags/?v=2', { token: PROJECT_A_TOKEN, distinct_id: 'person-0' });
    expect(flags.body.flags['acme-staff']).toMatchObject({ key: 'acme-staff', enabled: true, variant: null });
    expect(flags.body.featureFlags).toMatchObject({ 'acme-staff': true, 'switched-off': false });
    const overridden = await anon.post('/decide/?v=3', { token: PROJECT_A_TOKEN, distinct_id: 'stranger', person_properties: { email: 'x@acme.test' } });
    expect(overridden.body.featureFlags['acme-staff']).toBe(true);
  });
});
