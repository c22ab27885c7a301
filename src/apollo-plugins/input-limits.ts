// Limits on what a caller may send as input, checked before any resolver or cost estimate looks at
// it, so that abusive input is a 4xx naming the limit rather than a crash (a stack overflow on JSON
// nested thousands of levels deep) or an upstream call that can only fail. They follow the
// service's own limits and never refuse what it accepts (docs/limits-and-deadlines.md, "Input limits"):
//   - variables, and the document's literals, nested at most `maxDepth` levels (objects and lists);
//   - in a read (query, subscription), strings in the variables and the document's literals at
//     most `maxReadStringLength` characters: a read sends its arguments in the upstream URL
//     (search, keys, distinct ids, groups), which HTTP servers refuse beyond 8 KiB;
//   - a write's strings are bounded only by the request body (1 MB, src/http/json-body.ts): they
//     travel in the upstream request's body, and the service checks them itself (e.g. at most
//     512 KiB of filters per flag), its refusal reaching the caller as `userErrors`;
//   - an operation type the schema has no root for (e.g. `subscription` when there are none) is a
//     validation error, not an execution failure.
import type { BaseContext, GraphQLRequestContextDidResolveOperation } from '@apollo/server';
import { GraphQLError, OperationTypeNode, visit, type ASTVisitor, type DocumentNode, type OperationDefinitionNode, type ValidationContext } from 'graphql';
import { ErrorCode } from '../errors.ts';

export const INPUT_LIMITS = Object.freeze({
  /** Deepest nesting of objects and lists in the variables (a flag's filters need about 6). */
  maxDepth: 32,
  /** Longest string in a read's variables or literals, in characters: the request line nginx accepts by default (8 KiB). */
  maxReadStringLength: 8_192,
});

interface Limits {
  maxDepth: number;
  /** Longest string allowed; Infinity checks none. */
  maxStringLength: number;
}

function tooLarge(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ErrorCode.BAD_USER_INPUT, http: { status: 400 } } });
}

/** The first limit `value` breaks, or null. Iterative: input nested without end cannot overflow the stack. */
export function inputProblem(value: unknown, limits: Limits): string | null {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (typeof next.value === 'string') {
      if (next.value.length > limits.maxStringLength) return `a string of ${next.value.length} characters (at most ${limits.maxStringLength} in a query)`;
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
const literalFacts = new WeakMap<DocumentNode, LiteralFacts>();

interface LiteralFacts {
  /** The length of the longest string literal. */
  longest: number;
  /** The deepest nesting of object and list literals. */
  deepest: number;
}

/** The longest string literal in `document`, and how deeply its object and list literals nest. */
function literalsOf(document: DocumentNode): LiteralFacts {
  const known = literalFacts.get(document);
  if (known) return known;
  const facts: LiteralFacts = { longest: 0, deepest: 0 };
  let depth = 0;
  const nest = { enter: () => void (facts.deepest = Math.max(facts.deepest, ++depth)), leave: () => void depth-- };
  visit(document, {
    StringValue(node) {
      facts.longest = Math.max(facts.longest, node.value.length);
    },
    ObjectValue: nest,
    ListValue: nest,
  });
  literalFacts.set(document, facts);
  return facts;
}

/** Refuses variables or literals beyond `INPUT_LIMITS` with BAD_USER_INPUT (HTTP 400), before anything reads them (admission.ts). */
export function checkInputLimits({ request, document, operation }: GraphQLRequestContextDidResolveOperation<BaseContext>): void {
  const refusal = inputLimitsRefusal(document, operation, request.variables);
  if (refusal) throw refusal;
}

/**
 * The BAD_USER_INPUT refusal of variables or literals beyond `INPUT_LIMITS`, or null. Shared by
 * HTTP (above) and the live transports (subscriptions/operation.ts), so every transport has the same limits.
 */
export function inputLimitsRefusal(
  document: DocumentNode,
  operation: OperationDefinitionNode | null | undefined,
  variables: Readonly<Record<string, unknown>> | null | undefined,
): GraphQLError | null {
  const isWrite = operation?.operation === OperationTypeNode.MUTATION;
  const limits: Limits = { maxDepth: INPUT_LIMITS.maxDepth, maxStringLength: isWrite ? Infinity : INPUT_LIMITS.maxReadStringLength };
  const problem = inputProblem(variables ?? {}, limits);
  if (problem) return tooLarge(`The variables hold ${problem}.`);
  const literals = literalsOf(document);
  if (literals.deepest > limits.maxDepth) return tooLarge(`The document holds values nested deeper than ${limits.maxDepth} levels.`);
  if (!isWrite && literals.longest > limits.maxStringLength) {
    return tooLarge(`The document holds a string of ${literals.longest} characters (at most ${limits.maxStringLength} in a query).`);
  }
  return null;
}

/** Validation rule: the schema must have a root type for the operation's type (graphql-js 17 has it built in). */
export function supportedOperationTypeRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(node) {
      if (context.getSchema().getRootType(node.operation)) return;
      context.reportError(new GraphQLError(`This server does not support ${node.operation} operations.`, { nodes: node }));
    },
  };
}
