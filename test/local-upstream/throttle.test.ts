// The local upstream behaves like the real service under load: per personal API key throttles (on by default,
// at the service's rates, with its 429 body and a Retry-After header) and an optional added latency per call.
import { describe, expect, it } from 'vitest';
import { KeyThrottle, parseRateLimitSetting, POSTHOG_RATES } from '../../local-upstream/http/throttle.ts';
import { parseLatency } from '../../local-upstream/http/latency.ts';
import { ApiError } from '../../local-upstream/http/errors.ts';
import { DEMO_API_KEY } from '../../local-upstream/index.ts';
import { startUpstreamProcess } from '../production/helpers.ts';
import { client, KEYS, PROJECT_A_TOKEN, useUpstream } from './helpers.ts';

const THROTTLED = /^Request was throttled\. Expected available in (\d+) seconds?\.$/;

/** The 429 a check throws, or undefined when the request is let through. */
function refusal(throttle: KeyThrottle, key: string, path = '/api/projects/'): { status: number; body: any; headers: Record<string, string> } | undefined {
  try {
    throttle.check(key, path);
    return undefined;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.status, body: error.body, headers: error.headers };
  }
}

describe('the service throttles, by default', () => {
  const state = useUpstream({ rateLimit: 'posthog' });

  it('lets a key make 480 calls a minute, then answers 429 in the service envelope with Retry-After; another key is unaffected', async () => {
    const owner = client(state.upstream, KEYS.owner);
    const statuses: number[] = [];
    for (let wave = 0; wave < 30; wave++) {
      const answers = await Promise.all(Array.from({ length: 16 }, () => owner.get('/api/projects/')));
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(480);
    const refused = await owner.get(`/api/projects/${state.projectA}/feature_flags/`);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ type: 'throttled_error', code: 'throttled', detail: expect.stringMatching(THROTTLED), attr: null });
    const seconds = Number(THROTTLED.exec(refused.body.detail)![1]);
    expect(seconds).toBeGreaterThanOrEqual(55);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.headers.get('retry-after')).toBe(String(seconds));

    const other = await client(state.upstream, KEYS.other).get('/api/projects/');
    expect(other.status).toBe(200);
    const sameOrganization = await client(state.upstream, KEYS.member).get('/api/projects/');
    expect(sameOrganization.status).toBe(200);
  });

  it('keeps flag definitions for local evaluation on their own budget and leaves the SDK routes unthrottled', async () => {
    const owner = client(state.upstream, KEYS.owner);
    expect((await owner.get('/api/projects/')).status).toBe(429);
    expect((await owner.get(`/api/feature_flag/local_evaluation?token=${PROJECT_A_TOKEN}`)).status).toBe(200);
    expect((await owner.post('/decide/', { token: PROJECT_A_TOKEN, distinct_id: 'u1' })).status).toBe(200);
  });

  it('does not count a request whose key is refused', async () => {
    const wrong = client(state.upstream, 'phx_not_a_key_000000000000000000000000000');
    expect((await wrong.get('/api/projects/')).status).toBe(401);
  });
});

describe('throttle arithmetic (DRF SimpleRateThrottle, sliding log per hashed key)', () => {
  const rates = (text: string) => parseRateLimitSetting(text);

  it('says how long until the oldest call leaves the window, in whole seconds, singular for one', () => {
    let now = 0;
    const throttle = new KeyThrottle(rates('3/minute'), () => now);
    for (const t of [0, 10_000, 20_000]) {
      now = t;
      expect(refusal(throttle, 'k')).toBeUndefined();
    }
    now = 30_000;
    expect(refusal(throttle, 'k')).toEqual({
      status: 429,
      body: { type: 'throttled_error', code: 'throttled', detail: 'Request was throttled. Expected available in 30 seconds.', attr: null },
      headers: { 'retry-after': '30' },
    });
    now = 59_500;
    expect(refusal(throttle, 'k')?.body.detail).toBe('Request was throttled. Expected available in 1 second.');
    expect(refusal(throttle, 'another key')).toBeUndefined();
    now = 60_001; // the call at 0 has left the window; a refused call never entered it
    expect(refusal(throttle, 'k')).toBeUndefined();
    expect(refusal(throttle, 'k')?.headers['retry-after']).toBe('10');
  });

  it('counts a call refused by one window in the windows that allowed it, and waits for the longest refusal', () => {
    let now = 0;
    const throttle = new KeyThrottle(rates('2/minute,3/hour'), () => now);
    expect(refusal(throttle, 'k')).toBeUndefined();
    expect(refusal(throttle, 'k')).toBeUndefined();
    expect(refusal(throttle, 'k')?.headers['retry-after']).toBe('60'); // the hour window counted it
    now = 61_000;
    expect(refusal(throttle, 'k')?.headers['retry-after']).toBe(String(3600 - 61));
  });

  it('has the service rates and a setting to turn them off', () => {
    expect(parseRateLimitSetting('posthog')).toBe('posthog');
    expect(POSTHOG_RATES.default).toEqual([
      { requests: 480, seconds: 60 },
      { requests: 4800, seconds: 3600 },
    ]);
    const off = new KeyThrottle(parseRateLimitSetting('off'));
    for (let i = 0; i < 5000; i++) expect(refusal(off, 'k')).toBeUndefined();
    expect(() => parseRateLimitSetting('fast')).toThrow('rate limit must be posthog, off or rates like 480/minute,4800/hour');
    expect(parseLatency('100-400')).toEqual({ min: 100, max: 400 });
    expect(() => parseLatency('400-100')).toThrow('ends before it starts');
  });
});

describe('added latency', () => {
  const state = useUpstream({ latencyMs: 150 });

  it('adds the configured time to every answer', async () => {
    const started = performance.now();
    expect((await client(state.upstream, KEYS.owner).get('/api/projects/')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
  });
});

describe('npm run upstream -- --rate-limit --latency', () => {
  it('takes the throttle and the latency from the command line', async () => {
    const upstream = await startUpstreamProcess(0, ['--rate-limit', '2/minute', '--latency', '100-120']);
    try {
      const url = upstream.ready[1]!;
      const demo = client(url, DEMO_API_KEY);
      const started = performance.now();
      const first = await demo.get('/api/projects/');
      expect(performance.now() - started).toBeGreaterThanOrEqual(95);
      expect(first.status).toBe(200);
      expect((await demo.get('/api/projects/')).status).toBe(200);
      const third = await demo.get('/api/projects/');
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toMatch(/^(59|60)$/);
    } finally {
      await upstream.stop();
    }
  });
});
