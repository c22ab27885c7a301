// Structural query limits (depth, aliases, directives from graphql-armor; tokens from graphql-js's
// own parser) and how their refusals read: one error per refused operation, a message that names the
// limit (graphql-armor prefixes its messages with "Syntax Error: "), and a code of its own for the
// token limit. The numbers live in QUERY_LIMITS (apollo-plugins/); the cost limit is apollo-plugins/cost-limit.ts.
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { GraphQLError, type GraphQLFormattedError, type ValidationContext } from 'graphql';
import { QUERY_LIMITS } from './apollo-plugins/cost-limit.ts';

/** The code of a document refused for its token count (the other limits are validation failures). */
export const TOKEN_LIMIT_EXCEEDED = 'TOKEN_LIMIT_EXCEEDED';

/** Marks the errors our limit rules report, so `keepOnlyLimitErrors` can drop the noise around them. */
const LIMIT_ERROR = Symbol('query limit error');

/** Reports graphql-armor's refusal as our own validation error, without the "Syntax Error: " prefix. */
function reportLimit(context: ValidationContext | null, error: GraphQLError): void {
  const limitError = new GraphQLError(error.message.replace(/^Syntax Error: /, ''), { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
  Object.defineProperty(limitError, LIMIT_ERROR, { value: true });
  context?.reportError(limitError);
}

function isLimitError(error: Error): boolean {
  return (error as unknown as Record<symbol, unknown>)[LIMIT_ERROR] === true;
}

const refusal = { onReject: [reportLimit], propagateOnRejection: false };

/** The numbers the structural rules enforce (QUERY_LIMITS; tests pass smaller ones to show the room left). */
export type StructuralLimits = Record<'maxDepth' | 'maxAliases' | 'maxDirectives', number>;

/**
 * graphql-armor's validation rules for depth, aliases and directives. Its token limit is not used:
 * on Apollo Server it parses every document a second time in `parsingDidStart`, where a syntax error
 * becomes a 500; graphql-js counts tokens in the one parse instead (`parseOptions`).
 *
 * Depth is the data's depth: fragments are expanded (`flattenFragments`), so a page built from
 * colocated component fragments counts the fields it nests, not the fragments it spreads.
 */
export function queryLimitRules(limits: StructuralLimits = QUERY_LIMITS) {
  return new ApolloArmor({
    maxDepth: { n: limits.maxDepth, ignoreIntrospection: true, flattenFragments: true, ...refusal },
    maxAliases: { n: limits.maxAliases, ...refusal },
    maxDirectives: { n: limits.maxDirectives, ...refusal },
    maxTokens: { enabled: false },
    costLimit: { enabled: false },
    // Field suggestions stay on: this is a public, documented, introspectable schema.
    blockFieldSuggestion: { enabled: false },
  }).protect().validationRules;
}

/** Apollo Server's `parseOptions`: graphql-js stops parsing past the token limit. */
export const parseOptions = { maxTokens: QUERY_LIMITS.maxTokens };

/**
 * When a limit refuses an operation, only that refusal is returned: 51 `@include` on one field are
 * one "Directives limit" error, not that plus 50 "can only be used once" errors from graphql-js.
 * Validation's end hook (apollo-plugins/gateway-plugin.ts).
 */
export async function keepOnlyLimitErrors(errors?: readonly Error[]): Promise<void> {
  const limitErrors = errors?.filter(isLimitError) ?? [];
  // Apollo Server answers with this very array: narrow it in place.
  if (errors && limitErrors.length > 0) (errors as Error[]).splice(0, errors.length, ...limitErrors);
}

// graphql 16 spells it "more that"; accept the corrected spelling too.
const TOKEN_LIMIT_MESSAGE = /^Syntax Error: Document contains more (?:than|that) (\d+) tokens\./;

/**
 * The refusals of graphql-js's own limits, worded to say which limit: its token limit (a code of
 * its own, `TOKEN_LIMIT_EXCEEDED`), the parser's stack (a document under the token limit can still
 * nest deeper than the parser recurses) and the budget of validation's field-merging check (which
 * graphql-js words only "Validation aborted."). Any other error unchanged.
 */
export function formatLimitRefusal(formatted: GraphQLFormattedError): GraphQLFormattedError {
  const code = formatted.extensions?.code;
  if (code === 'GRAPHQL_PARSE_FAILED') {
    const match = TOKEN_LIMIT_MESSAGE.exec(formatted.message);
    if (match) {
      return {
        message: `Token limit of ${match[1]} exceeded: the document is too large.`,
        extensions: { code: TOKEN_LIMIT_EXCEEDED, maxTokens: Number(match[1]) },
      };
    }
    if (formatted.message === 'Maximum call stack size exceeded') return { ...formatted, message: 'The document is nested too deeply to parse.' };
  }
  if (code === 'GRAPHQL_VALIDATION_FAILED' && formatted.message === 'Validation aborted.') {
    return { ...formatted, message: 'Validation aborted: the document repeats too many fields (or fragments) to check that they can be merged.' };
  }
  return formatted;
}
