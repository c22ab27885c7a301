// The per-key call log of src/upstream-client/across-requests/quota.ts: exact counts in every window
// while old calls are pruned from the log in chunks.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryKeyQuota, parseRateLimits } from '../../src/upstream-client/across-requests/quota.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('MemoryKeyQuota', () => {
  it('counts exactly the calls inside each window as time passes and expired calls are pruned', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-01-01T00:00:00Z').getTime();
    vi.setSystemTime(start);
    const quota = new MemoryKeyQuota(parseRateLimits('1000/second,5000/minute'));
    // Three seconds of 200 calls each, then a burst of 50 half a minute later: pruning (which
    // needs more than 64 calls logged) happens along the way, and no count may change because of it.
    for (let second = 0; second < 3; second++) {
      vi.setSystemTime(start + second * 1000);
      for (let i = 0; i < 200; i++) quota.record('key');
      const [perSecond, perMinute] = await quota.usage('key');
      expect(perSecond).toMatchObject({ used: 200, remaining: 800 });
      expect(perMinute).toMatchObject({ used: 200 * (second + 1) });
      expect(perSecond!.resetAt.getTime()).toBe(start + second * 1000 + 1000);
    }
    vi.setSystemTime(start + 61_500);
    for (let i = 0; i < 50; i++) quota.record('key');
    const [perSecond, perMinute] = await quota.usage('key');
    expect(perSecond).toMatchObject({ used: 50 });
    // 2 s of the earlier calls are older than a minute; the third second's are not.
    expect(perMinute).toMatchObject({ used: 250, remaining: 4750 });
    expect(perMinute!.resetAt.getTime()).toBe(start + 2000 + 60_000);
    expect((await quota.usage('other'))[0]).toMatchObject({ used: 0 });
  });
  it('stops counting a full window as the service does (a call it refuses is not counted), so a log holds at most its limit', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-01-01T00:00:00Z').getTime();
    vi.setSystemTime(start);
    const quota = new MemoryKeyQuota(parseRateLimits('10/second,100/minute'));
    for (let i = 0; i < 25; i++) quota.record('key');
    let [perSecond, perMinute] = await quota.usage('key');
    // The second's window took 10 and refused 15; the minute's took all 25.
    expect(perSecond).toMatchObject({ used: 10, remaining: 0 });
    expect(perMinute).toMatchObject({ used: 25, remaining: 75 });
    // A second later the first 10 leave the second's window; the refused calls were never in it.
    vi.setSystemTime(start + 1500);
    for (let i = 0; i < 3; i++) quota.record('key');
    [perSecond, perMinute] = await quota.usage('key');
    expect(perSecond).toMatchObject({ used: 3, remaining: 7 });
    expect(perSecond!.resetAt.getTime()).toBe(start + 2500);
    expect(perMinute).toMatchObject({ used: 28 });
    // Thousands of calls in a minute: the minute's log is capped at 100, whatever the load.
    for (let i = 0; i < 5000; i++) quota.record('key');
    [, perMinute] = await quota.usage('key');
    expect(perMinute).toMatchObject({ used: 100, remaining: 0 });
    expect(perMinute!.resetAt.getTime()).toBe(start + 60_000);
  });

  it('forgets a key once none of its calls is left in any window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-01-01T00:00:00Z').getTime();
    vi.setSystemTime(start);
    const quota = new MemoryKeyQuota(parseRateLimits('100000/minute'));
    quota.record('gone');
    vi.setSystemTime(start + 61_000);
    // The sweep runs every 10,000 calls; the busy key keeps its count, the idle one is dropped.
    for (let i = 0; i < 10_000; i++) quota.record('busy');
    expect((await quota.usage('busy'))[0]).toMatchObject({ used: 10_000 });
    expect((await quota.usage('gone'))[0]).toMatchObject({ used: 0 });
    expect(quota.keysCounted).toBe(1);
  });
});
