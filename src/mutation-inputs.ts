// Format checks of a mutation's input fields, answered like the upstream's own field errors: a
// `userErrors` entry with the field's path and a code, the payload's object null, and no upstream
// call. The scalars with a check (resolvers/scalars.ts `INPUT_CHECKS`: TimeZone, UUID) accept any
// string while variables are coerced, so a bad value reaches the mutation instead of failing the
// whole request with a 400 whose path is buried in the message (docs/errors.md, "Input fields").
import { getNamedType, isInputObjectType, isListType, isNonNullType, type GraphQLFieldResolver, type GraphQLInputType, type GraphQLSchema } from 'graphql';
import type { UserError } from './user-error.ts';
import { INPUT_CHECKS } from './resolvers/scalars.ts';

/** Wraps the mutations whose arguments hold a checked scalar (once, at startup); the others are left alone. */
export function checkMutationInputs(schema: GraphQLSchema): GraphQLSchema {
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) {
    const resolve = field.resolve as GraphQLFieldResolver<unknown, unknown, Record<string, unknown>> | undefined;
    if (!resolve || !field.args.some((arg) => holdsCheckedScalar(arg.type))) continue;
    field.resolve = (source, args: Record<string, unknown>, ctx, info) => {
      const userErrors: UserError[] = [];
      for (const arg of field.args) collect(arg.type, args[arg.name], [arg.name], userErrors);
      // The payload's other fields are nullable: the object is null, as after an upstream field error.
      return userErrors.length > 0 ? { userErrors } : resolve(source, args, ctx, info);
    };
  }
  return schema;
}

function holdsCheckedScalar(type: GraphQLInputType, seen = new Set<string>()): boolean {
  const named = getNamedType(type);
  if (Object.hasOwn(INPUT_CHECKS, named.name)) return true;
  if (!isInputObjectType(named) || seen.has(named.name)) return false;
  seen.add(named.name);
  return Object.values(named.getFields()).some((field) => holdsCheckedScalar(field.type, seen));
}

/** Appends a userError for every value under `path` that its scalar's check refuses. */
function collect(type: GraphQLInputType, value: unknown, path: string[], errors: UserError[]): void {
  if (value === null || value === undefined) return;
  if (isNonNullType(type)) return collect(type.ofType, value, path, errors);
  if (isListType(type)) {
    if (Array.isArray(value)) value.forEach((item, index) => collect(type.ofType, item, [...path, String(index)], errors));
    return;
  }
  if (isInputObjectType(type)) {
    const fields = value as Record<string, unknown>;
    for (const field of Object.values(type.getFields())) collect(field.type, fields[field.name], [...path, field.name], errors);
    return;
  }
  const problem = Object.hasOwn(INPUT_CHECKS, type.name) ? INPUT_CHECKS[type.name]?.(value) : null;
  if (problem) errors.push({ field: path, message: problem.message, code: problem.code, upstreamCode: null });
}
