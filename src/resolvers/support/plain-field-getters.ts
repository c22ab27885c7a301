// Performance-only (docs/performance.md, "Plain fields as getters"): for a type whose parent is a
// class (a REST record wrapped with the ids it was read under: ProjectFlag, OrgPlugin,
// ProjectRoleAccess), every resolver that declares the parent alone becomes a getter on the class:
//   export const FeatureFlag = asGetters<FeatureFlagResolvers>(ProjectFlag, { key: rest('key'), ... });
// The resolver map is written exactly as for any other type (docs/architecture.md, "How to add a
// field"); only the wrapping differs. graphql-jit compiles a field without a resolver to a property
// read, where a resolver costs a call with its arguments, path, resolve info and callbacks for every
// object of a list. graphql-js's default resolver reads the same getter, so both executors agree.
//
// "Declares the parent alone" is the function's parameter count (`Function.length` <= 1): a
// resolver that needs the arguments, the context or the resolve info has to name them, so it stays a
// resolver. Always on: getters and resolvers give the same answers (test/gateway/plain-fields.unit.test.ts),
// so there is nothing to choose at run time; to measure without it, export the three maps without `asGetters`.

/** `resolvers` without its parent-only fields, which are installed as getters on `Parent.prototype`. */
export function asGetters<M extends object>(Parent: abstract new (...args: never[]) => object, resolvers: M): M {
  const kept: Record<string, unknown> = {};
  for (const [name, resolver] of Object.entries(resolvers) as [string, unknown][]) {
    if (name.startsWith('__') || typeof resolver !== 'function' || resolver.length > 1) {
      kept[name] = resolver;
      continue;
    }
    if (name in Parent.prototype) throw new Error(`asGetters: ${Parent.name} already has "${name}"`);
    const read = resolver as (parent: unknown) => unknown;
    Object.defineProperty(Parent.prototype, name, {
      get() {
        return read(this);
      },
      enumerable: false,
      configurable: false,
    });
  }
  return kept as M;
}
