// The one idiom for a field that is a REST record field (docs/architecture.md, "How to add a field"):
//   const rest = restField((flag: ProjectFlag) => flag.record);
//   createdAt: rest('created_at'),
// The record key is checked by the compiler; a value the record may lack is null when absent.
// Any other field is a resolver function in the same map, declaring only the parameters it uses.
export function restField<P, R>(recordOf: (parent: P) => R) {
  return <K extends keyof R>(key: K) =>
    (parent: P): NullIfAbsent<R[K]> =>
      (recordOf(parent)[key] ?? null) as NullIfAbsent<R[K]>;
}

/** A field type with `undefined` (an optional REST field) read as null. */
type NullIfAbsent<T> = undefined extends T ? Exclude<T, undefined> | null : T;
