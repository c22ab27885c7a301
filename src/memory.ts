// One memory-reducing full garbage collection once the gateway is listening, when node runs with
// --expose-gc (`npm run start:prod` and the Dockerfile do). Building the schema grows V8's young
// generation to its maximum and leaves startup garbage in the old one, and V8 gives neither back
// on its own until its memory reducer's watchdog, ~100 s after the last collection: an idle
// gateway would hold 17-33 MiB more (docs/performance.md, "Memory"). Costs ~150 ms once.

/** Returns startup's garbage and the grown young generation to the system (a no-op without --expose-gc). */
export function releaseStartupMemory(): void {
  globalThis.gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
