// DomainCache: a loaded value comes back without a promise, lookups batch per tick, reads are
// de-duplicated, and a write's `forgetReads` drops reads but keeps objects. A batch's fetches
// (`settleEach`) run at most so many at once and settle in order.
import { describe, expect, it } from 'vitest';
import { DomainCache, settleEach } from '../../src/loaders/domain-cache.ts';

function lookups() {
  const cache = new DomainCache();
  const batches: number[][] = [];
  const byId = cache.lookup<number, string>('item:', String, async (ids) => {
    batches.push([...ids]);
    return ids.map((id) => (id < 0 ? new Error(`no ${id}`) : `v${id}`));
  });
  return { cache, byId, batches };
}

describe('DomainCache.lookup', () => {
  it('answers with a promise until the value arrives, then with the value itself', async () => {
    const { byId, batches } = lookups();
    const first = byId(1);
    expect(first).toBeInstanceOf(Promise);
    expect(byId(1)).toBeInstanceOf(Promise);
    expect(await first).toBe('v1');
    expect(byId(1)).toBe('v1');
    expect(batches).toEqual([[1]]);
  });

  it('batches the lookups of one tick', async () => {
    const { byId, batches } = lookups();
    await Promise.all([byId(1), byId(2), byId(1)]);
    expect(batches).toEqual([[1, 2]]);
  });

  it('follows a value set later, and asks again after a delete', async () => {
    const { cache, byId, batches } = lookups();
    await byId(1);
    cache.set('item:1', 'updated');
    expect(byId(1)).toBe('updated');
    cache.delete('item:1');
    expect(await byId(1)).toBe('v1');
    expect(batches).toEqual([[1], [1]]);
  });

  it('keeps a failure a rejected promise', async () => {
    const { byId } = lookups();
    await expect(byId(-1)).rejects.toThrow('no -1');
    const again = byId(-1);
    expect(again).toBeInstanceOf(Promise);
    await expect(again).rejects.toThrow('no -1');
  });
});

describe('DomainCache.read and forgetReads', () => {
  it('runs a read once per key, again after it failed', async () => {
    const cache = new DomainCache();
    let calls = 0;
    const fetch = async () => {
      calls += 1;
      if (calls === 1) throw new Error('first fails');
      return calls;
    };
    await expect(cache.read('page:a', fetch)).rejects.toThrow('first fails');
    expect(await cache.read('page:a', fetch)).toBe(2);
    expect(await cache.read('page:a', fetch)).toBe(2);
    expect(calls).toBe(2);
  });

  it('forgetReads drops reads and keeps objects', async () => {
    const { cache, byId, batches } = lookups();
    await byId(1);
    let reads = 0;
    const fetch = async () => ++reads;
    await cache.read('page:a', fetch);
    cache.forgetReads();
    await cache.read('page:a', fetch);
    expect(byId(1)).toBe('v1');
    expect(reads).toBe(2);
    expect(batches).toEqual([[1]]);
  });

  it('settled waits for the reads of a prefix still on their way', async () => {
    const cache = new DomainCache();
    let release: (value: string) => void = () => undefined;
    const pending = cache.read('page:p|0', () => new Promise<string>((resolve) => (release = resolve)));
    let settled = false;
    const waiting = cache.settled('page:p|').then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    release('done');
    await pending;
    await waiting;
    expect(settled).toBe(true);
  });
});

describe('settleEach', () => {
  /** A fetch whose answers the test gives by hand, counting the fetches in flight. */
  function heldFetches() {
    const pending = new Map<number, { resolve: (value: string) => void; reject: (error: Error) => void }>();
    let inFlight = 0;
    let mostInFlight = 0;
    const fetch = (ref: number) =>
      new Promise<string>((resolve, reject) => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        const done = () => (inFlight -= 1);
        pending.set(ref, { resolve: (value) => (done(), resolve(value)), reject: (error) => (done(), reject(error)) });
      });
    return { fetch, pending, mostInFlight: () => mostInFlight };
  }

  it('never has more than `limit` fetches in flight, and starts the next as one settles', async () => {
    const held = heldFetches();
    const all = settleEach([1, 2, 3, 4, 5], held.fetch, 2);
    expect([...held.pending.keys()]).toEqual([1, 2]);
    held.pending.get(2)!.resolve('v2');
    await Promise.resolve();
    expect([...held.pending.keys()]).toEqual([1, 2, 3]);
    for (const ref of [1, 3, 4, 5]) {
      held.pending.get(ref)!.resolve(`v${ref}`);
      await Promise.resolve();
    }
    expect(await all).toEqual(['v1', 'v2', 'v3', 'v4', 'v5']);
    expect(held.mostInFlight()).toBe(2);
  });

  it("settles in the refs' order with failures as Error values, whatever order they answer in", async () => {
    const held = heldFetches();
    const all = settleEach([1, 2, 3], held.fetch, 10);
    held.pending.get(3)!.resolve('v3');
    held.pending.get(2)!.reject(new Error('no 2'));
    held.pending.get(1)!.resolve('v1');
    const results = await all;
    expect(results[0]).toBe('v1');
    expect(results[1]).toBeInstanceOf(Error);
    expect((results[1] as Error).message).toBe('no 2');
    expect(results[2]).toBe('v3');
  });

  it('takes values at hand and synchronous failures without waiting, and an empty batch at once', async () => {
    const fetch = (ref: number): string | Promise<string> => {
      if (ref === 2) throw new TypeError('bad ref');
      return ref === 3 ? Promise.resolve('v3') : `v${ref}`;
    };
    const results = await settleEach([1, 2, 3, 4], fetch, 1);
    expect(results.slice(0, 1).concat(results.slice(2))).toEqual(['v1', 'v3', 'v4']);
    expect(results[1]).toBeInstanceOf(TypeError);
    expect(await settleEach([], fetch, 4)).toEqual([]);
  });
});
