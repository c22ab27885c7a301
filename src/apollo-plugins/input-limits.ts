// Limits on what a caller may send as input, checked before any resolver or cost estimate looks at
// it, so that abusive input is a 4xx naming the limit rather than a crash (a stack overflow on JSON
// nested thousands of levels deep) or an upstream refusal (431 for a huge search string):
//   - variables nested at most `maxDepth` levels (objects and lists), strings in variables and
//     in the document's literals at most `maxStringLength` characters;
//   - an operation type the schema has no root for (e.g. `subscription` when there are none) is a
//     validation error, not an execution failure.
import { GraphQLError, visit, type ASTVisitor, type DocumentNode, type ValidationContext } from 'graphql';
import { ErrorCode } from '../errors.ts';
import { statelessPlugin } from './stateless.ts';

export const INPUT_LIMITS = Object.freeze({
  /** Deepest nesting of objects and lists in the variables (a flag's filters need about 6). */
  maxDepth: 32,
  /** Longest string in the variables or in the document's literals, in characters. */
  maxStringLength: 10_000,
});

function tooLarge(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ErrorCode.BAD_USER_INPUT, http: { status: 400 } } });
}

/** The first limit `value` breaks, or null. Iterative: input nested without end cannot overflow the stack. */
export function inputProblem(value: unknown, limits: typeof INPUT_LIMITS = INPUT_LIMITS): string | null {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (typeof next.value === 'string') {
      if (next.value.length > limits.maxStringLength) return `a string of ${next.value.length} characters (at most ${limits.maxStringLength})`;
      continue;
    }
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth >= limits.maxDepth) return `values nested deeper than ${limits.maxDepth} levels`;
    const children = Array.isArray(next.value) ? next.value : Object.values(next.value);
    for (const child of children) pending.push({ value: child, depth: next.depth + 1 });
  }
  return null;
}

// Apollo hands the same parsed document to every request with the same text: scan it once.
const literalScans = new WeakMap<DocumentNode, number | null>();

function longLiteral(document: DocumentNode): number | null {
  let found = literalScans.get(document);
  if (found !== undefined) return found;
  found = null;
  visit(document, {
    StringValue(node) {
      if (node.value.length > INPUT_LIMITS.maxStringLength) found ??= node.value.length;
    },
  });
  literalScans.set(document, found);
  return found;
}

/** Refuses variables or literals beyond `INPUT_LIMITS` with BAD_USER_INPUT (HTTP 400), before anything reads them. */
export const inputLimitsPlugin = statelessPlugin({
  didResolveOperation({ request, document }) {
    const problem = inputProblem(request.variables ?? {});
    if (problem) throw tooLarge(`The variables hold ${problem}.`);
    const length = longLiteral(document);
    if (length !== null) throw tooLarge(`The document holds a string of ${length} characters (at most ${INPUT_LIMITS.maxStringLength}).`);
  },
});

/** Validation rule: the schema must have a root type for the operation's type (graphql-js 17 has it built in). */
export function supportedOperationTypeRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(node) {
      if (context.getSchema().getRootType(node.operation)) return;
      context.reportError(new GraphQLError(`This server does not support ${node.operation} operations.`, { nodes: node }));
    },
  };
}
