// DomainCache: a loaded value comes back without a promise, lookups batch per tick, reads are
// de-duplicated, and a write's `forgetReads` drops reads but keeps objects.
import { describe, expect, it } from 'vitest';
import { DomainCache } from '../../src/loaders/domain-cache.ts';

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
