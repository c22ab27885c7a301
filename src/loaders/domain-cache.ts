// The one cache of a domain for one GraphQL request (docs/architecture.md, "Loaders"). Every
// upstream GET of the domain goes through it, under a key with one of two kinds of prefix:
//   - objects ("item:", and "listed:" for projects): the domain's records by id, filled by
//     lookups, lists and write answers; they stay until the domain replaces or forgets them;
//   - reads (any other prefix: list pages, sub-resources, key lookups): dropped as a whole by
//     `forgetReads()` whenever the request sends a write, because a write may change them.
// A value that has arrived is kept beside its promise, so a lookup of it answers with the value
// itself: graphql-js completes an object whose fields are all plain values without a Promise.all
// round of its own (the `project` of 50 listed flags costs 50 such rounds less).
import DataLoader from 'dataloader';
import type { UpstreamClient } from '../upstream-client/client/http.ts';

/** A value, or the promise of it while it is still on its way. */
export type Loaded<V> = V | Promise<V>;

const OBJECT_PREFIXES = ['item:', 'listed:'];

/**
 * One key's promise and, once it has arrived, its value. One object per key in one Map, rather
 * than the promises in a Map and the arrived values in a WeakMap: a WeakMap entry per record
 * (50 for a 50-flag page) cost more to add than everything else the cache does, and weak
 * tables are extra work for every garbage collection (docs/performance.md, "Fixed costs").
 */
class Entry<V = unknown> {
  arrived = false;
  value: V | undefined;
  #promise: Promise<V> | undefined;

  /** An entry whose value is at hand (its promise is made only if someone asks for it). */
  static of<V>(value: V): Entry<V> {
    const entry = new Entry<V>(undefined);
    entry.arrived = true;
    entry.value = value;
    return entry;
  }

  /** An entry for a value on its way: it records the value when the promise fulfils. */
  static pending<V>(promise: Promise<V>): Entry<V> {
    const entry = new Entry(promise);
    promise.then(
      (value) => {
        entry.arrived = true;
        entry.value = value;
      },
      () => undefined,
    );
    return entry;
  }

  private constructor(promise: Promise<V> | undefined) {
    this.#promise = promise;
  }

  get promise(): Promise<V> {
    return (this.#promise ??= Promise.resolve(this.value as V));
  }
}

export class DomainCache {
  readonly #entries = new Map<string, Entry>();

  /** The value under `key` once it has arrived, else undefined. */
  arrived<V>(key: string): { value: V } | undefined {
    const entry = this.#entries.get(key);
    return entry?.arrived ? (entry as { value: V }) : undefined;
  }

  /** Stores a value already at hand (a list item, a write's answer), replacing any entry. */
  set<V>(key: string, value: V): V {
    this.#entries.set(key, Entry.of(value));
    return value;
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  /** The arrived values of every key starting with `prefix`. */
  values<V>(prefix: string): V[] {
    const values: V[] = [];
    for (const [key, entry] of this.#entries) {
      if (entry.arrived && key.startsWith(prefix)) values.push(entry.value as V);
    }
    return values;
  }

  /** Resolves once every entry under `prefix` still on its way has settled (arrived or failed). */
  async settled(prefix: string): Promise<void> {
    const pending = [...this.#entries].filter(([key, entry]) => !entry.arrived && key.startsWith(prefix)).map(([, entry]) => entry.promise);
    await Promise.allSettled(pending);
  }

  /**
   * A de-duplicated read: `fetch` runs once per key; a failed read is dropped so a later field may
   * retry it, unless `keepFailure` (a read started ahead of the field that needs it: that field
   * reports its failure instead of asking again).
   */
  read<V>(key: string, fetch: () => Promise<V>, keepFailure = false): Promise<V> {
    const cached = this.#entries.get(key) as Entry<V> | undefined;
    if (cached) return cached.promise;
    const entry = Entry.pending(fetch());
    this.#entries.set(key, entry);
    entry.promise.catch(() => {
      if (!keepFailure && this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return entry.promise;
  }

  /** Drops everything, objects included (the request is over: `Loaders.release`). */
  clear(): void {
    this.#entries.clear();
  }

  /** Drops every read (see the file comment); objects stay. */
  forgetReads(): void {
    for (const key of [...this.#entries.keys()]) if (!OBJECT_PREFIXES.some((prefix) => key.startsWith(prefix))) this.#entries.delete(key);
  }

  /**
   * A batched lookup of objects under `prefix + keyOf(ref)`: one `batch` per tick for the refs
   * not cached yet (the upstream has no batch endpoint, so a batch is parallel GETs, one wave).
   * A failed ref rejects with its own error (e.g. a 404 UpstreamError), which the request keeps.
   */
  lookup<K, V>(prefix: string, keyOf: (ref: K) => string, batch: (refs: readonly K[]) => Promise<(V | Error)[]>): (ref: K) => Loaded<V> {
    const loader = new DataLoader<K, V, string>(batch, { cacheKeyFn: (ref) => prefix + keyOf(ref), cacheMap: this.#cacheMap<V>() });
    return (ref) => {
      const arrived = this.arrived<V>(prefix + keyOf(ref));
      return arrived ? arrived.value : loader.load(ref);
    };
  }

  // DataLoader keeps its promises in this cache (and removes them itself when a whole batch fails).
  #cacheMap<V>(): DataLoader.CacheMap<string, Promise<V>> {
    const entries = this.#entries as Map<string, Entry<V>>;
    return {
      get: (key) => entries.get(key)?.promise,
      set: (key, promise) => entries.set(key, Entry.pending(promise)),
      delete: (key) => entries.delete(key),
      clear: () => this.forgetReads(),
    };
  }
}

/**
 * The `read` of a domain loader: a GET endpoint function of src/upstream-client/ called once per
 * request and arguments, e.g. `ctx.loaders.plugin.read(getPluginSource, orgId, id)`.
 */
export function reader(cache: DomainCache, client: UpstreamClient) {
  return <A extends unknown[], V>(endpoint: (client: UpstreamClient, ...args: A) => Promise<V>, ...args: A): Promise<V> =>
    cache.read(`read:${endpoint.name}:${JSON.stringify(args)}`, () => endpoint(client, ...args));
}

/**
 * A batch's fetches: `fetch` for each ref, at most `limit` at once, settled in order with failures
 * as Error values (as a DataLoader batch returns them). The upstream has no batch endpoint, so a
 * batch is parallel GETs; more of them at once than there are upstream connections would only
 * wait for one (connection-slots.ts), each holding its whole call, while a ref waiting here holds
 * nothing but its place (docs/performance.md, "What a waiting call holds").
 */
export function settleEach<R, T>(refs: readonly R[], fetch: (ref: R) => T | Promise<T>, limit: number): Promise<(T | Error)[]> {
  return new Promise((resolve) => {
    const results = new Array<T | Error>(refs.length);
    let started = 0;
    let settled = 0;
    const settle = (index: number, result: T | Error): void => {
      results[index] = result;
      settled += 1;
      if (settled === refs.length) resolve(results);
      else if (started < refs.length) startNext();
    };
    const startNext = (): void => {
      const index = started++;
      let value: T | Promise<T>;
      try {
        value = fetch(refs[index]!);
      } catch (error) {
        return settle(index, asError(error));
      }
      if (value instanceof Promise)
        value.then(
          (result: T) => settle(index, result),
          (error: unknown) => settle(index, asError(error)),
        );
      else settle(index, value);
    };
    if (refs.length === 0) resolve(results);
    // A fetch that answers at once starts the next itself: count what is in flight, not turns.
    while (started < refs.length && started - settled < Math.max(limit, 1)) startNext();
  });
}

/**
 * A batch's fetches over the upstream (every domain's `byId`): `settleEach` with as many at once
 * as there are upstream connections, reported as one wave (`x-upstream-report`), as they are.
 */
export function fetchEach<R, T>(client: UpstreamClient, refs: readonly R[], fetch: (ref: R) => T | Promise<T>): Promise<(T | Error)[]> {
  return settleEach(refs, client.oneWave(fetch), client.connections);
}

const asError = (reason: unknown): Error => (reason instanceof Error ? reason : new Error(String(reason)));
