// What the upstream answered, read-only all the way down. One parsed value may reach several
// requests (a repeated answer's value, parsed-answers.ts; a cached read, read-cache.ts), and a
// request's loaders hand one record to every resolver that asks for it: a resolver that wrote into
// a record would change what others read. This type makes such a write a compile error
// (test/gateway/readonly-records.unit.test.ts). At run time only the parse cache's values are
// deep-frozen; the read cache's in-memory values are shared as they are, so the type is their guard.
//
// A local type rather than type-fest's `ReadonlyDeep`: records are JSON (objects, arrays,
// primitives), which this one line covers; the gateway takes no dependency for one alias.

/** `T` with every property and array, at every depth, read-only. */
export type UpstreamRecord<T> = T extends (...args: never[]) => unknown ? T : T extends object ? { readonly [K in keyof T]: UpstreamRecord<T[K]> } : T;
