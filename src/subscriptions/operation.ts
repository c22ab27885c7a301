// What the two live transports share: where the key comes from, which operations they
// accept (subscriptions only: queries and mutations go through HTTP POST, with its limits
// and plugins), what they refuse before subscribing (HTTP's input limits, variables that do
// not fit their types: BAD_USER_INPUT, as over HTTP), and how results and errors are shaped
// (the same formatError as HTTP).
import {
  getOperationAST,
  getVariableValues,
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
  type OperationDefinitionNode,
  type ParseOptions,
  type ValidationRule,
} from 'graphql';
import type { Logger } from 'pino';
import { inputLimitsRefusal } from '../apollo-plugins/input-limits.ts';
import { bearerToken } from '../context.ts';
import { ErrorCode, formatError } from '../errors.ts';

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
  const variableValues = request.variables && typeof request.variables === 'object' ? (request.variables as Record<string, unknown>) : null;
  const refused = inputRefusals(schema, document, operation, variableValues);
  if (refused) return refused;
  return { document, operationName, variableValues };
}

/**
 * HTTP's input limits, then variable coercion as graphql-js runs it. Left to execution, a
 * coercion error has no code and would be masked as an internal error.
 */
function inputRefusals(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | null,
): readonly GraphQLError[] | null {
  const limit = inputLimitsRefusal(document, operation, variables);
  if (limit) return [limit];
  // graphql-js's execute stops at the same number of errors.
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {}, { maxErrors: 50 });
  return coerced.errors ? coerced.errors.map((error) => withCode(error, ErrorCode.BAD_USER_INPUT)) : null;
}

/** True when `subscriptionOperation` refused the request (`Array.isArray` does not narrow a readonly array). */
export function isRefusal(operation: ParsedOperation | readonly GraphQLError[]): operation is readonly GraphQLError[] {
  return Array.isArray(operation);
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
    withoutHttp(
      LIVE_CODES.has(String(error.extensions?.code))
        ? error.toJSON()
        : formatError(error.toJSON(), error, { onMasked: (original) => logger.error({ err: original }, 'masked internal error') }),
    ),
  );
}

/** Apollo Server turns `extensions.http` into the HTTP status and drops it; the live transports drop it too, so errors read alike. */
function withoutHttp(formatted: GraphQLFormattedError): GraphQLFormattedError {
  if (formatted.extensions?.http === undefined) return formatted;
  const { http: _http, ...extensions } = formatted.extensions;
  return { ...formatted, extensions };
}

/** Codes of the live transports themselves (client limits), shown as they are. */
const LIVE_CODES = new Set(['TOO_MANY_SUBSCRIPTIONS', 'SUBSCRIBER_TOO_SLOW']);

function clientError(message: string, code: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}

function withCode(error: GraphQLError, code: string): GraphQLError {
  return error.extensions?.code ? error : new GraphQLError(error.message, { nodes: error.nodes, extensions: { ...error.extensions, code } });
}
