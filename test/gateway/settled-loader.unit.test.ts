// settledLoader: a loaded value comes back without a promise, and always the loader's current one.
import { describe, expect, it } from 'vitest';
import { settledLoader } from '../../src/loaders/batch.ts';

function values() {
  const batches: number[][] = [];
  const { loader, loadNow } = settledLoader<number, string>(async (ids) => {
    batches.push([...ids]);
    return ids.map((id) => (id < 0 ? new Error(`no ${id}`) : `v${id}`));
  });
  return { loader, loadNow, batches };
}

describe('settledLoader', () => {
  it('answers with a promise until the value arrives, then with the value itself', async () => {
    const { loadNow, loader, batches } = values();
    const first = loadNow(1);
    expect(first).toBeInstanceOf(Promise);
    expect(loadNow(1)).toBeInstanceOf(Promise);
    expect(await first).toBe('v1');
    expect(loadNow(1)).toBe('v1');
    expect(await loader.load(1)).toBe('v1');
    expect(batches).toEqual([[1]]);
  });

  it('follows the loader after a clear and a prime', async () => {
    const { loadNow, loader, batches } = values();
    await loadNow(1);
    loader.clear(1).prime(1, 'updated');
    const afterPrime = loadNow(1);
    expect(afterPrime).toBeInstanceOf(Promise);
    expect(await afterPrime).toBe('updated');
    expect(loadNow(1)).toBe('updated');
    loader.clear(1);
    expect(await loadNow(1)).toBe('v1');
    expect(batches).toEqual([[1], [1]]);
  });

  it('keeps a failure a rejected promise', async () => {
    const { loadNow } = values();
    await expect(loadNow(-1)).rejects.toThrow('no -1');
    const again = loadNow(-1);
    expect(again).toBeInstanceOf(Promise);
    await expect(again).rejects.toThrow('no -1');
  });
});
