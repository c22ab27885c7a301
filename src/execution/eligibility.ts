// Which operations compiled execution may run (docs/architecture.md, "Execution"). graphql-jit
// answers as graphql-js only on the part of GraphQL the differential test
// (test/gateway/differential.test.ts) proves identical; this is that part, checked once per
// document and operation and cached with the compiled query. Variable coercion and `@include`/
// `@skip` are graphql-js's own before graphql-jit runs (compiled-executor.ts,
// condition-variants.ts), so defaults and conditions are admitted. Everything else runs on graphql-js:
//   - mutations: graphql-jit did not stop after a failing non-null field, so later writes ran;
//   - a directive other than `@include`/`@skip` (the schema defines none that applies to an
//     operation today; one added later runs on graphql-js until the differential test covers it);
//   - a variable inside an object or list literal (JSON, `_Any`, input objects, lists): graphql-jit
//     ignored it in custom scalars' literals and sent a left-out one as null in input objects;
//   - a root selection holding a non-null field next to any other field: when the non-null field
//     failed, graphql-jit also reported the errors of fields graphql-js never completed;
//   - introspection (`__schema`, `__type`): graphql-jit compiles against a schema that also holds
//     the scalar compiled variants declare their variables with (condition-variants.ts), which
//     introspection would list;
//   - an alias `__proto__`: graphql-jit builds answers as object literals, where that key sets the
//     prototype instead of adding a field, so the field went missing.
import {
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isNonNullType,
  Kind,
  OperationTypeNode,
  visit,
  BREAK,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

const INTROSPECTION = new Set(['__schema', '__type']);
const CONDITIONS = new Set([GraphQLIncludeDirective.name, GraphQLSkipDirective.name]);

/** Why a resolved operation runs on graphql-js rather than compiled (the `reason` label of graphql_executions_total). */
export type Ineligibility = 'mutation' | 'subscription' | 'directive' | 'nested-variable' | 'non-null-root' | 'introspection' | 'proto-alias';

export const INELIGIBILITIES: readonly Ineligibility[] = [
  'mutation',
  'subscription',
  'directive',
  'nested-variable',
  'non-null-root',
  'introspection',
  'proto-alias',
];

/** Null when `operation` of `document` may run compiled; otherwise the first reason it may not. */
export function ineligibility(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): Ineligibility | null {
  if (operation.operation === OperationTypeNode.MUTATION) return 'mutation';
  if (operation.operation === OperationTypeNode.SUBSCRIPTION) return 'subscription';
  const fragments = document.definitions.filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION);
  for (const definition of [operation, ...fragments]) {
    const found = unprovenSyntax(definition);
    if (found) return found;
  }
  const rootFields = rootFieldNames(operation.selectionSet, fragments);
  if (rootFields.some((name) => INTROSPECTION.has(name))) return 'introspection';
  if (nonNullRootWithSiblings(schema, rootFields)) return 'non-null-root';
  return null;
}

/** A directive other than a condition anywhere in `definition`, a variable nested in an object or list literal, or an alias `__proto__`. */
function unprovenSyntax(definition: OperationDefinitionNode | FragmentDefinitionNode): Ineligibility | null {
  let found: Ineligibility | null = null;
  // Object and list literals hold variables only as values: any variable found under one is nested.
  let literalDepth = 0;
  visit(definition, {
    Directive(node) {
      if (CONDITIONS.has(node.name.value)) return;
      found = 'directive';
      return BREAK;
    },
    Field(node) {
      if (node.alias?.value !== '__proto__') return;
      found = 'proto-alias';
      return BREAK;
    },
    ObjectValue: { enter: () => void literalDepth++, leave: () => void literalDepth-- },
    ListValue: { enter: () => void literalDepth++, leave: () => void literalDepth-- },
    Variable(_node, _key, parent) {
      // The variable definitions' own names are Variable nodes too.
      if ((parent as { kind?: string } | undefined)?.kind === Kind.VARIABLE_DEFINITION) return;
      if (literalDepth > 0) {
        found = 'nested-variable';
        return BREAK;
      }
    },
  });
  return found;
}

/** The names of the root selection's fields, fragments expanded (a name once per selection). */
function rootFieldNames(selectionSet: SelectionSetNode, fragments: FragmentDefinitionNode[]): string[] {
  const names: string[] = [];
  const seenFragments = new Set<string>();
  const pending: SelectionSetNode[] = [selectionSet];
  while (pending.length > 0) {
    for (const selection of pending.pop()!.selections) {
      if (selection.kind === Kind.FIELD) {
        names.push(selection.name.value);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        pending.push(selection.selectionSet);
      } else if (!seenFragments.has(selection.name.value)) {
        seenFragments.add(selection.name.value);
        const fragment = fragments.find((candidate) => candidate.name.value === selection.name.value);
        if (fragment) pending.push(fragment.selectionSet);
      }
    }
  }
  return names;
}

/** The root selection has a non-null field and at least one other field. */
function nonNullRootWithSiblings(schema: GraphQLSchema, names: string[]): boolean {
  const rootFields = schema.getQueryType()?.getFields() ?? {};
  return names.length > 1 && names.some((name) => rootFields[name] !== undefined && isNonNullType(rootFields[name].type));
}
