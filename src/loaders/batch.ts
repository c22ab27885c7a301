// Helpers shared by the per-domain loaders: DataLoader batch results, and lists still in flight.

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
