// The one idiom for a field computed from its parent alone (no arguments, no context, no I/O) when the
// parent is a class (a REST record wrapped with the ids it was read under):
//   plainFields(ProjectFlag, { key: (flag) => flag.record.key, ... } satisfies FeatureFlagResolvers);
// Each field becomes a getter on the class, named after the GraphQL field, and stays out of the resolver
// map. graphql-jit compiles a field without a resolver to a property read; a resolver costs a call with
// its arguments, path, resolve info and callbacks for every object of a list (docs/performance.md,
// "Plain fields"). graphql-js's default resolver reads the same property, so both executors agree.
// `satisfies <Type>Resolvers` keeps every getter's result checked against the schema's field type.

type Reader<P> = (parent: P) => unknown;

/** Installs `fields` as getters on `Parent.prototype`; a name the class already has is a mistake, refused at start-up. */
export function plainFields<P extends object>(Parent: abstract new (...args: never[]) => P, fields: Record<string, Reader<P>>): void {
  for (const [name, read] of Object.entries(fields)) {
    if (name in Parent.prototype) throw new Error(`plainFields: ${Parent.name} already has "${name}"`);
    Object.defineProperty(Parent.prototype, name, {
      get(this: P) {
        return read(this);
      },
      enumerable: false,
      configurable: false,
    });
  }
}
