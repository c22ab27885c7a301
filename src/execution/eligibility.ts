// Which operations compiled execution may run (docs/architecture.md, "Execution"). graphql-jit
// answers as graphql-js only on the part of GraphQL the differential test
// (test/gateway/differential.test.ts) proves identical; this is that part, checked once per
// document and operation and cached with the compiled query. Everything else runs on graphql-js:
//   - mutations: graphql-jit did not stop after a failing non-null field, so later writes ran;
//   - `@include`/`@skip` (and any other directive in the operation or its fragments): graphql-jit
//     let conditions leak between uses of one fragment and between operations of one document,
//     dropped a field whose condition variable was null instead of reporting it, and kept a field
//     repeated after a skipped copy in the skipped copy's position;
//   - variable definitions with a default value: a non-null one left out was a 500;
//   - a variable inside an object or list literal (JSON, `_Any`, input objects, lists): graphql-jit
//     ignored it in custom scalars' literals and sent a left-out one as null in input objects;
//   - a root selection holding a non-null field next to any other field: when the non-null field
//     failed, graphql-jit also reported the errors of fields graphql-js never completed;
//   - an alias `__proto__`: graphql-jit builds answers as object literals, where that key sets the
//     prototype instead of adding a field, so the field went missing.
// The benchmark's queries (bench/scenarios.ts) use none of these (test/gateway/compiled-eligibility.unit.test.ts).
import {
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

/** Why a resolved operation runs on graphql-js rather than compiled (the `reason` label of graphql_executions_total). */
export type Ineligibility = 'mutation' | 'subscription' | 'directive' | 'variable-default' | 'nested-variable' | 'non-null-root' | 'proto-alias';

export const INELIGIBILITIES: readonly Ineligibility[] = [
  'mutation',
  'subscription',
  'directive',
  'variable-default',
  'nested-variable',
  'non-null-root',
  'proto-alias',
];

/** Null when `operation` of `document` may run compiled; otherwise the first reason it may not. */
export function ineligibility(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): Ineligibility | null {
  if (operation.operation === OperationTypeNode.MUTATION) return 'mutation';
  if (operation.operation === OperationTypeNode.SUBSCRIPTION) return 'subscription';
  if (operation.variableDefinitions?.some((definition) => definition.defaultValue !== undefined)) return 'variable-default';
  const fragments = document.definitions.filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION);
  for (const definition of [operation, ...fragments]) {
    const found = unprovenSyntax(definition);
    if (found) return found;
  }
  if (nonNullRootWithSiblings(schema, operation.selectionSet, fragments)) return 'non-null-root';
  return null;
}

/** A directive anywhere in `definition`, a variable nested in an object or list literal, or an alias `__proto__`. */
function unprovenSyntax(definition: OperationDefinitionNode | FragmentDefinitionNode): Ineligibility | null {
  let found: Ineligibility | null = null;
  // Object and list literals hold variables only as values: any variable found under one is nested.
  let literalDepth = 0;
  visit(definition, {
    Directive() {
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

/** The root selection (fragments expanded) has a non-null field and at least one other field. */
function nonNullRootWithSiblings(schema: GraphQLSchema, selectionSet: SelectionSetNode, fragments: FragmentDefinitionNode[]): boolean {
  const rootFields = schema.getQueryType()?.getFields() ?? {};
  let fields = 0;
  let nonNull = false;
  const seenFragments = new Set<string>();
  const pending: SelectionSetNode[] = [selectionSet];
  while (pending.length > 0) {
    for (const selection of pending.pop()!.selections) {
      if (selection.kind === Kind.FIELD) {
        fields++;
        const field = rootFields[selection.name.value];
        if (field && isNonNullType(field.type)) nonNull = true;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        pending.push(selection.selectionSet);
      } else if (!seenFragments.has(selection.name.value)) {
        seenFragments.add(selection.name.value);
        const fragment = fragments.find((candidate) => candidate.name.value === selection.name.value);
        if (fragment) pending.push(fragment.selectionSet);
      }
    }
  }
  return nonNull && fields > 1;
}
