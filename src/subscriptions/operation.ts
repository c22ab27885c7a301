// What the two live transports share: where the key comes from, which operations they
// accept (subscriptions only: queries and mutations go through HTTP POST, with its limits
// and plugins), and how results and errors are shaped (the same formatError as HTTP).
import {
  getOperationAST,
  OperationTypeNode,
  GraphQLError,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type FormattedExecutionResult,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type ParseOptions,
  type ValidationRule,
} from 'graphql';
import type { Logger } from 'pino';
import { bearerToken } from '../context.ts';
import { formatError } from '../errors.ts';

export interface ParsedOperation {
  document: DocumentNode;
  operationName: string | null;
  variableValues: Record<string, unknown> | null;
}

/** The operation of a request, or the errors to answer with (parse, validation, not a subscription). */
export function subscriptionOperation(
  { schema, validationRules, parseOptions }: { schema: GraphQLSchema; validationRules: readonly ValidationRule[]; parseOptions: ParseOptions },
  request: { query?: unknown; operationName?: unknown; variables?: unknown },
): ParsedOperation | readonly GraphQLError[] {
  if (typeof request.query !== 'string') return [clientError('The request has no GraphQL query string.', 'BAD_REQUEST')];
  let document: DocumentNode;
  try {
    document = parse(request.query, parseOptions);
  } catch (error) {
    return [clientError((error as Error).message, 'GRAPHQL_PARSE_FAILED')];
  }
  const invalid = validate(schema, document, [...specifiedRules, ...validationRules]);
  if (invalid.length > 0) return invalid.map((error) => withCode(error, 'GRAPHQL_VALIDATION_FAILED'));
  const operationName = typeof request.operationName === 'string' ? request.operationName : null;
  const operation = getOperationAST(document, operationName);
  if (!operation) return [clientError('Unable to identify the operation to run.', 'OPERATION_RESOLUTION_FAILURE')];
  if (operation.operation !== OperationTypeNode.SUBSCRIPTION) {
    return [clientError('Only subscriptions are served here; send queries and mutations with HTTP POST.', 'BAD_REQUEST')];
  }
  const variables = request.variables;
  return { document, operationName, variableValues: variables && typeof variables === 'object' ? (variables as Record<string, unknown>) : null };
}

/** The key from graphql-ws connection params (`Authorization`, `authorization` or `headers.Authorization`) or a header. */
export function tokenFrom(params: Readonly<Record<string, unknown>> | undefined, header: string | string[] | undefined): string | null {
  const headers = params?.headers && typeof params.headers === 'object' ? (params.headers as Record<string, unknown>) : {};
  for (const value of [params?.Authorization, params?.authorization, headers.Authorization, headers.authorization]) {
    if (typeof value === 'string') return bearerToken(value);
  }
  return bearerToken(header);
}

/** The gateway's formatError applied to a result's errors (codes mapped, internals masked, keys redacted). */
export function formatResult(result: ExecutionResult, logger: Logger): FormattedExecutionResult {
  const { errors, ...rest } = result;
  return errors ? { ...rest, errors: formatErrors(errors, logger) } : rest;
}

export function formatErrors(errors: readonly GraphQLError[], logger: Logger): GraphQLFormattedError[] {
  return errors.map((error) =>
    LIVE_CODES.has(String(error.extensions?.code))
      ? error.toJSON()
      : formatError(error.toJSON(), error, { onMasked: (original) => logger.error({ err: original }, 'masked internal error') }),
  );
}

/** Codes of the live transports themselves (client limits), shown as they are. */
const LIVE_CODES = new Set(['TOO_MANY_SUBSCRIPTIONS', 'SUBSCRIBER_TOO_SLOW']);

function clientError(message: string, code: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}

function withCode(error: GraphQLError, code: string): GraphQLError {
  return error.extensions?.code ? error : new GraphQLError(error.message, { nodes: error.nodes, extensions: { ...error.extensions, code } });
}
