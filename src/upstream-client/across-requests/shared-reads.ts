// Concurrent identical GETs made with the same key share one upstream call and its answer, across
// requests in this process (docs/caching-and-quota.md, "Shared reads"). The flight is found by the
// key's hash, the exact path and the generations the read depends on: a read that starts after a
// write invalidated its scopes never joins a flight that started before it.

export class SharedReads {
  readonly #flights = new Map<string, Promise<unknown>>();

  /** The answer of the identical read in flight, if any. */
  find(flight: string): Promise<unknown> | undefined {
    return this.#flights.get(flight);
  }

  /** Runs `read` as the flight `flight` until it settles. */
  start(flight: string, read: () => Promise<unknown>): Promise<unknown> {
    const promise = read();
    this.#flights.set(flight, promise);
    const land = () => {
      if (this.#flights.get(flight) === promise) this.#flights.delete(flight);
    };
    promise.then(land, land);
    return promise;
  }

  get size(): number {
    return this.#flights.size;
  }
}

export const flightOf = (keyHash: string, path: string, stamp: string): string => `${keyHash} ${stamp} ${path}`;
