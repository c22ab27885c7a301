// Helpers shared by the per-domain loaders: DataLoader batch results, lists still in flight, and
// values already loaded.
import DataLoader from 'dataloader';

/** Promise.all that keeps per-key failures as Error values, as DataLoader expects. */
export async function settle<T>(calls: Promise<T>[]): Promise<(T | Error)[]> {
  const results = await Promise.allSettled(calls);
  return results.map((r) => (r.status === 'fulfilled' ? r.value : r.reason instanceof Error ? r.reason : new Error(String(r.reason))));
}

/**
 * List calls still running, per parent (project, organization). Item lookups wait for the
 * lists of their parent to prime the item loaders first, so sibling fields that list and
 * look up the same objects cost one call, not two.
 */
export function listsInFlight<K>() {
  const running = new Map<K, Set<Promise<unknown>>>();
  return {
    /** Registers a list call of `parent` until it settles; returns the call itself. */
    track<T>(parent: K, request: Promise<T>): Promise<T> {
      const requests = running.get(parent) ?? new Set();
      running.set(parent, requests.add(request));
      const done = () => requests.delete(request);
      request.then(done, done);
      return request;
    },
    /** Resolves once every list of these parents running now has settled (primed or failed). */
    async settled(parents: Iterable<K>): Promise<void> {
      const pending = [...new Set(parents)].flatMap((parent) => [...(running.get(parent) ?? [])]);
      await Promise.allSettled(pending);
    },
  };
}

/**
 * A DataLoader (cache map given, so its cached promises can be seen) whose `loadNow(key)` answers
 * with the value itself, not a promise, once the key's value has arrived. graphql-js completes an
 * object whose fields are all plain values without a Promise.all of its own, so e.g. the `project`
 * of 50 listed flags (already loaded by the root `project(id:)`) costs 50 such rounds less. The
 * value is the one the loader's current cached promise resolved to: a cleared or re-primed key
 * has a new promise, which is awaited afresh.
 */
export function settledLoader<K, V>(batch: DataLoader.BatchLoadFn<K, V>): { loader: DataLoader<K, V, K>; loadNow: (key: K) => V | Promise<V> } {
  const cache = new Map<K, Promise<V>>();
  const loader = new DataLoader<K, V, K>(batch, { cacheMap: cache });
  const settled = new WeakMap<Promise<V>, V>();
  const watched = new WeakSet<Promise<V>>();
  const loadNow = (key: K): V | Promise<V> => {
    const cached = cache.get(key);
    if (cached && settled.has(cached)) return settled.get(cached) as V;
    const pending = loader.load(key);
    const current = cache.get(key);
    if (current && !watched.has(current)) {
      watched.add(current);
      current.then(
        (value) => settled.set(current, value),
        () => undefined,
      );
    }
    return pending;
  };
  return { loader, loadNow };
}
