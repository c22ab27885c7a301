// What the upstream answered, read-only all the way down. The transport may hand the same parsed
// value to several requests (docs/performance.md, "Upstream answers: parsed once, freed at once") and a request's
// loaders hand one record to every resolver that asks for it: a resolver that wrote into a record
// would change what others read. The type makes such a write a compile error; records kept for
// reuse are also deep-frozen at run time (parsed-answers.ts).
//
// A local type rather than type-fest's `ReadonlyDeep`: records are JSON (objects, arrays,
// primitives), which these four lines cover; the gateway takes no dependency for one alias.

/** `T` with every property and array, at every depth, read-only. */
export type UpstreamRecord<T> = T extends (...args: never[]) => unknown ? T : T extends object ? { readonly [K in keyof T]: UpstreamRecord<T[K]> } : T;
