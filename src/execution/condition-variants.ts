// `@include`/`@skip` resolved by graphql-js's own rules before graphql-jit compiles
// (docs/architecture.md, "Execution"). graphql-jit evaluates conditions in ways that differ from
// graphql-js (conditions leaking between uses of one fragment, a null condition variable dropping
// the field, a repeated field kept in a skipped copy's position), so it is never given one: an
// operation is compiled once per condition vector, the document with every condition evaluated,
// each excluded selection removed and the directives dropped. The vector of a request is computed
// with graphql-js's `getDirectiveValues`, as its `collectFields` does.
//
// The variant's variables are all declared of one pass-through scalar (`COERCED_VARIABLE`) without
// defaults: graphql-js has coerced them already (defaults applied, errors reported in its words),
// and graphql-jit hands the values to arguments as they are.
import {
  GraphQLIncludeDirective,
  GraphQLScalarType,
  GraphQLSkipDirective,
  Kind,
  visit,
  type DefinitionNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type FragmentSpreadNode,
  type InlineFragmentNode,
  type OperationDefinitionNode,
  type VariableDefinitionNode,
} from 'graphql';
import { included } from '../selections.ts';

/** A selection that carries `@skip` or `@include`. */
type Conditioned = FieldNode | FragmentSpreadNode | InlineFragmentNode;

/** The scalar a variant declares every variable with: its values are graphql-js's coerced ones, passed through. */
export const COERCED_VARIABLE = new GraphQLScalarType({
  name: 'CoercedVariable',
  description: 'A variable already coerced by graphql-js (src/execution/condition-variants.ts); only the compiled executor declares it.',
  parseValue: (value) => value,
});

/** An operation and the fragments it reaches, with its conditioned selections in document order. */
export interface ConditionedOperation {
  definitions: readonly (OperationDefinitionNode | FragmentDefinitionNode)[];
  conditioned: readonly Conditioned[];
}

/** The operation, the fragments it uses (transitively), and every selection of them under a condition. */
export function conditionedOperation(document: DocumentNode, operation: OperationDefinitionNode): ConditionedOperation {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const definitions: (OperationDefinitionNode | FragmentDefinitionNode)[] = [operation];
  const conditioned: Conditioned[] = [];
  const reached = new Set<string>();
  for (let i = 0; i < definitions.length; i++) {
    visit(definitions[i]!, {
      enter(node) {
        if ((node.kind === Kind.FIELD || node.kind === Kind.FRAGMENT_SPREAD || node.kind === Kind.INLINE_FRAGMENT) && node.directives?.some(isCondition)) {
          conditioned.push(node);
        }
        if (node.kind !== Kind.FRAGMENT_SPREAD || reached.has(node.name.value)) return;
        reached.add(node.name.value);
        const fragment = fragments.get(node.name.value);
        if (fragment) definitions.push(fragment);
      },
    });
  }
  return { definitions, conditioned };
}

const isCondition = (directive: { name: { value: string } }) =>
  directive.name.value === GraphQLSkipDirective.name || directive.name.value === GraphQLIncludeDirective.name;

/**
 * Whether each conditioned selection is included, as a string of `1`s and `0`s (the variant's
 * key); null when graphql-js could not evaluate a condition (e.g. `null` given for a condition
 * variable): graphql-js then runs the operation and reports it.
 */
export function conditionVector(conditioned: readonly Conditioned[], variables: Record<string, unknown>): string | null {
  let vector = '';
  try {
    for (const node of conditioned) vector += included(node, variables) ? '1' : '0';
  } catch {
    return null;
  }
  return vector;
}

/** The document graphql-jit compiles for `vector`: excluded selections removed, no condition left, variables passed through. */
export function variantDocument({ definitions, conditioned }: ConditionedOperation, vector: string): DocumentNode {
  const inclusion = new Map<Conditioned, boolean>(conditioned.map((node, i) => [node, vector[i] === '1']));
  const resolved = definitions.map(
    (definition) =>
      visit(definition, {
        enter(node) {
          if (node.kind !== Kind.FIELD && node.kind !== Kind.FRAGMENT_SPREAD && node.kind !== Kind.INLINE_FRAGMENT) return undefined;
          const include = inclusion.get(node);
          if (include === undefined) return undefined;
          // null deletes the node; a copy without the conditions keeps it (its children are visited as before).
          return include ? { ...node, directives: node.directives!.filter((directive) => !isCondition(directive)) } : null;
        },
        VariableDefinition: (node) => passedThrough(node),
      }) as DefinitionNode,
  );
  return { kind: Kind.DOCUMENT, definitions: resolved };
}

function passedThrough(node: VariableDefinitionNode): VariableDefinitionNode {
  return {
    kind: Kind.VARIABLE_DEFINITION,
    variable: node.variable,
    type: { kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value: COERCED_VARIABLE.name } },
  };
}
