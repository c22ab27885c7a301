// Error model of the gateway (docs/architecture.md, "Errors"). This file is the ONE place where upstream
// statuses become GraphQL error codes:
//   - resolvers let `UpstreamError`s propagate; `formatError` maps them (code, message,
//     `extensions.upstream { status, code, detail }`, `retryAfter`);
//   - mutations wrap their upstream work in `mutate()`, which turns upstream validation
//     failures into `userErrors` and rethrows everything else;
//   - a GraphQLError that Apollo Server marks as an HTTP 4xx without a code (e.g. a persisted
//     query whose hash does not match) is the caller's mistake: BAD_REQUEST;
//   - graphql-js refusing an argument's value during execution (a `null` given for a defaulted
//     variable where a non-null value is required) is the caller's mistake: BAD_USER_INPUT;
//   - a value the schema cannot return (a null in a non-null field, a scalar of the wrong type)
//     came from the upstream: UPSTREAM_ERROR;
//   - anything else that is not a deliberate GraphQLError or UpstreamError is masked as
//     INTERNAL_SERVER_ERROR (logged server-side with the request id, never returned).
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { MissingTokenError, UpstreamError } from './upstream-client/client/http.ts';
import { isObject } from './upstream-client/transport/record-shapes.ts';
import { userErrorCode, type UserError } from './user-error.ts';

export type { UserError } from './user-error.ts';

export const ErrorCode = {
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  RATE_LIMITED: 'RATE_LIMITED',
  UPSTREAM_ERROR: 'UPSTREAM_ERROR',
  UPSTREAM_TIMEOUT: 'UPSTREAM_TIMEOUT',
  UPSTREAM_UNAVAILABLE: 'UPSTREAM_UNAVAILABLE',
  /** The operation already made as many upstream calls as it may (UPSTREAM_CALL_LIMIT); later calls are not made. */
  UPSTREAM_CALL_LIMIT: 'UPSTREAM_CALL_LIMIT',
  /** A malformed request the HTTP layer or Apollo Server refused (HTTP 400). */
  BAD_REQUEST: 'BAD_REQUEST',
  /** The operation's estimated cost is over the limit (Apollo Router's demand-control code). */
  COST_ESTIMATED_TOO_EXPENSIVE: 'COST_ESTIMATED_TOO_EXPENSIVE',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The upstream's error envelope `{type, code, detail, attr}` (or the ad-hoc `{error}` bodies of some actions). */
interface UpstreamErrorBody {
  type?: unknown;
  code?: unknown;
  detail?: unknown;
  attr?: unknown;
  error?: unknown;
  /** The approval gate's 409 (`approval_required`, `change_request_pending`). */
  message?: unknown;
  change_request_id?: unknown;
}

/** A client mistake found before any upstream call; `extensions` usually names the `argument`. */
export function badUserInput(message: string, extensions: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ErrorCode.BAD_USER_INPUT, ...extensions } });
}

/** An object the gateway itself could not find (e.g. a flag key with no match). */
export function notFound(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ErrorCode.NOT_FOUND } });
}

/** No bearer token on an operation that needs one (HTTP 401). */
export function unauthenticated(): GraphQLError {
  return new GraphQLError('Authentication required: send the header `Authorization: Bearer <personal API key>`.', {
    extensions: { code: ErrorCode.UNAUTHENTICATED, http: { status: 401 } },
  });
}

function isNotFound(error: unknown): boolean {
  return error instanceof UpstreamError && error.status === 404;
}

/**
 * For lookups whose missing object is null rather than an error (node lookups, federation
 * references): the value, or null on an upstream 404; any other failure is rethrown.
 *
 *   __resolveReference: (ref, ctx) => nullIfNotFound(ctx.loaders.plugin.load(parsePluginRef(ref.id))),
 */
export async function nullIfNotFound<T>(pending: T | Promise<T>): Promise<T | null> {
  try {
    return await pending;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** The GraphQL error code for an upstream failure. */
export function codeForUpstream(error: UpstreamError): ErrorCode {
  if (error.kind === 'timeout') return ErrorCode.UPSTREAM_TIMEOUT;
  if (error.kind === 'unavailable') return ErrorCode.UPSTREAM_UNAVAILABLE;
  if (error.kind === 'call-limit') return ErrorCode.UPSTREAM_CALL_LIMIT;
  if (error.kind === 'malformed' || error.status === null) return ErrorCode.UPSTREAM_ERROR;
  const status = error.status;
  if (status === 401) return ErrorCode.UNAUTHENTICATED;
  if (status === 403 || status === 402) return ErrorCode.FORBIDDEN;
  if (status === 404) return ErrorCode.NOT_FOUND;
  if (status === 429) return ErrorCode.RATE_LIMITED;
  if (status === 400 || status === 409 || status === 422) return ErrorCode.BAD_USER_INPUT;
  // Payload, URI or headers too large for the upstream: the caller's input was too long.
  if (status === 413 || status === 414 || status === 431) return ErrorCode.BAD_USER_INPUT;
  return ErrorCode.UPSTREAM_ERROR;
}

const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  UNAUTHENTICATED: 'The upstream rejected the credentials.',
  FORBIDDEN: 'The upstream refused access to this resource.',
  NOT_FOUND: 'Not found.',
  BAD_USER_INPUT: 'The upstream rejected the input.',
  RATE_LIMITED: 'The upstream rate limit was reached; retry later.',
  UPSTREAM_ERROR: 'The upstream service failed or returned a malformed response.',
  UPSTREAM_TIMEOUT: 'The upstream service did not answer in time.',
  UPSTREAM_UNAVAILABLE: 'The upstream service could not be reached.',
  UPSTREAM_CALL_LIMIT: 'This operation needs more upstream calls than allowed; ask for fewer objects per operation.',
  BAD_REQUEST: 'Bad request.',
  COST_ESTIMATED_TOO_EXPENSIVE: 'The operation is too expensive.',
  INTERNAL_SERVER_ERROR: 'Internal server error.',
};

/**
 * UpstreamError -> GraphQL error shape (message + extensions). 4xx details are addressed to the
 * caller and relayed; 5xx details are the upstream's internals (tracebacks, hosts): never the
 * message, and dropped from `extensions.upstream` altogether in production.
 */
export function upstreamErrorExtensions(error: UpstreamError, production = false): { message: string; extensions: Record<string, unknown> } {
  const code = codeForUpstream(error);
  const body = asErrorBody(error.body);
  const serverSide = error.status !== null && error.status >= 500;
  const detail = production && serverSide ? null : (stringOrNull(body?.detail) ?? stringOrNull(body?.error));
  const extensions: Record<string, unknown> = { code };
  if (error.status !== null || detail !== null) {
    extensions.upstream = { status: error.status, code: stringOrNull(body?.code), detail };
  }
  if (error.retryAfter !== undefined) extensions.retryAfter = error.retryAfter;
  return { message: upstreamMessage(error, code, serverSide ? null : detail), extensions };
}

function upstreamMessage(error: UpstreamError, code: ErrorCode, callerDetail: string | null): string {
  if (callerDetail !== null && error.status !== null) return callerDetail;
  // These name the route (malformed records) or the limit: the caller can act on them.
  if (error.kind === 'malformed' || error.kind === 'call-limit') return error.message;
  return DEFAULT_MESSAGES[code];
}

/**
 * Upstream 400 (or a refusing 409) of a mutation -> userErrors, or null when the error is something else
 * (the caller rethrows it). Handles the DRF envelope (`validation_error`, `attr`
 * `filters__groups__0` -> ["input", "filters", "groups", "0"], `code` -> a UserErrorCode with the
 * raw code kept as `upstreamCode`) and the ad-hoc `{error}` / `{success: false, error}` bodies of
 * flag actions (code OTHER).
 *
 * @param inputPathPrefix prepended to the field path (default ["input"])
 * @param fieldNames upstream field name -> GraphQL input field name, for renames that are
 *   not plain snake_case -> camelCase (e.g. `{ name: "description" }`)
 */
export function userErrorsFrom(error: unknown, inputPathPrefix: string[] = ['input'], fieldNames: Record<string, string> = {}): UserError[] | null {
  if (!(error instanceof UpstreamError) || (error.status !== 400 && error.status !== 409)) return null;
  const body = asErrorBody(error.body);
  if (!body) return null;
  if (error.status === 409) return refusedAsConflict(body);
  if (body.type === 'validation_error') {
    const upstreamCode = stringOrNull(body.code);
    const message = stringOrNull(body.detail) ?? 'Invalid input.';
    return [{ field: fieldPath(body.attr, inputPathPrefix, fieldNames), message, code: userErrorCode(upstreamCode), upstreamCode }];
  }
  const adHoc = stringOrNull(body.error);
  if (adHoc !== null && body.type === undefined) return [{ field: null, message: adHoc, code: 'OTHER', upstreamCode: null }];
  return null;
}

const APPROVAL_CODES = new Set(['approval_required', 'change_request_pending']);

/**
 * The service's 409s that refuse a write as a whole: an edit overlapping someone else's (`conflict`, the edit's
 * version was stale) and an approval policy's gate (a change request opened, or one already pending). Any other
 * 409 is not a user error (null).
 */
function refusedAsConflict(body: UpstreamErrorBody): UserError[] | null {
  const upstreamCode = stringOrNull(body.code);
  if (upstreamCode === 'conflict') {
    return [{ field: null, message: stringOrNull(body.detail) ?? 'The object changed since it was read.', code: 'CONFLICT', upstreamCode }];
  }
  if (upstreamCode === null || !APPROVAL_CODES.has(upstreamCode)) return null;
  const message = stringOrNull(body.message) ?? stringOrNull(body.detail) ?? stringOrNull(body.error) ?? 'Approval required.';
  const id = body.change_request_id;
  const changeRequestId = typeof id === 'string' || typeof id === 'number' ? String(id) : null;
  return [{ field: null, message, code: 'APPROVAL_REQUIRED', upstreamCode, changeRequestId }];
}

export interface MutateOptions {
  inputPathPrefix?: string[];
  fieldNames?: Record<string, string>;
}

/**
 * Runs a mutation's upstream work. Validation failures become `userErrors` with a null
 * result; any other failure is thrown (and mapped by `formatError`).
 *
 *   const { result, userErrors } = await mutate(() => createProject(ctx.client, body));
 *   return { project: result, userErrors };
 */
export async function mutate<T>(run: () => Promise<T>, options: MutateOptions = {}): Promise<{ result: T | null; userErrors: UserError[] }> {
  try {
    return { result: await run(), userErrors: [] };
  } catch (error) {
    const userErrors = userErrorsFrom(error, options.inputPathPrefix, options.fieldNames);
    if (userErrors) return { result: null, userErrors };
    throw error;
  }
}

function fieldPath(attr: unknown, prefix: string[], fieldNames: Record<string, string>): string[] | null {
  if (typeof attr !== 'string' || attr === '' || attr === 'non_field_errors' || attr === '__all__') return null;
  const [first, ...rest] = attr.split('__');
  if (first === undefined) return null;
  // Only the top-level name is a GraphQL input field; deeper parts live inside JSON values.
  return [...prefix, fieldNames[first] ?? snakeToCamel(first), ...rest];
}

/** GraphQL input field name -> REST field name (`weekStartDay` -> `week_start_day`). */
export function camelToSnake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function snakeToCamel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function asErrorBody(body: unknown): UpstreamErrorBody | null {
  return isObject(body) ? body : null;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

// Codes produced by graphql-js / Apollo Server / graphql-armor for client mistakes: passed through.
const SAFE_CODES = new Set<string>([
  ...Object.values(ErrorCode).filter((c) => c !== ErrorCode.INTERNAL_SERVER_ERROR),
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_NOT_TRUSTED',
]);

const SECRET_PATTERN = /\b(ph[xcsar]_[A-Za-z0-9]+|Bearer\s+[A-Za-z0-9._~+/=-]{6,})/g;

/** Removes anything that looks like a key or bearer credential from a message. */
export function redactSecrets(text: string): string {
  return text.replace(SECRET_PATTERN, '[redacted]');
}

export interface FormatErrorOptions {
  /** NODE_ENV=production: upstream 5xx details are dropped. */
  production?: boolean;
  /** Receives the original error whenever its cause is hidden from the caller (log it server-side). */
  onMasked?: (original: unknown) => void;
}

/**
 * Apollo `formatError`: maps upstream errors, keeps deliberate GraphQL errors, classifies the
 * client mistakes and upstream shape errors Apollo and graphql-js raise without a code, masks the rest.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown, options: FormatErrorOptions = {}): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  const base = pathOf(formatted);
  if (original instanceof MissingTokenError) return { message: original.message, ...base, extensions: { code: ErrorCode.UNAUTHENTICATED } };
  if (original instanceof UpstreamError) {
    const { message, extensions } = upstreamErrorExtensions(original, options.production);
    return { message: redactSecrets(message), ...base, extensions: redactUpstream(extensions) };
  }
  const code = formatted.extensions?.code;
  const deliberate = original instanceof GraphQLError || !(original instanceof Error);
  if (deliberate && typeof code === 'string' && SAFE_CODES.has(code)) {
    const { stacktrace: _stack, exception: _exception, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, message: redactSecrets(formatted.message), extensions };
  }
  if (deliberate && isClientStatus(original)) {
    return { message: redactSecrets(formatted.message), ...base, extensions: { code: ErrorCode.BAD_REQUEST } };
  }
  if (original instanceof GraphQLError && isArgumentValueError(original)) {
    return { message: redactSecrets(formatted.message), ...base, extensions: { code: ErrorCode.BAD_USER_INPUT } };
  }
  options.onMasked?.(original);
  if (formatted.path && isResultShapeError(original)) {
    return { message: 'The upstream returned a value this field cannot hold.', ...base, extensions: { code: ErrorCode.UPSTREAM_ERROR } };
  }
  return { message: DEFAULT_MESSAGES.INTERNAL_SERVER_ERROR, ...base, extensions: { code: ErrorCode.INTERNAL_SERVER_ERROR } };
}

/** True when `formatError` hides this error's cause from the caller: it must be logged server-side. */
export function isMaskedError(error: GraphQLError): boolean {
  let masked = false;
  formatError(error.toJSON(), error, { onMasked: () => (masked = true) });
  return masked;
}

// Apollo Server raises some request errors (persisted query hash or version) as plain
// GraphQLErrors with an HTTP 4xx status and no code.
function isClientStatus(error: unknown): boolean {
  const status = (error as { extensions?: { http?: { status?: unknown } } } | null)?.extensions?.http?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

// graphql-js reading an argument's value during execution (its getArgumentValues): validation
// lets a nullable variable with a default stand where a non-null value is required, so a `null`
// given for it (`$withTags: Boolean = true`, `{"withTags": null}`, `@include(if: $withTags)`)
// fails only there. graphql-js's answer is its message as a field error (or a request error at the
// root), with no code: the caller sent the null, so it is BAD_USER_INPUT, never masked.
function isArgumentValueError(error: GraphQLError): boolean {
  return /^Argument "\w+" (?:of non-null type "[^"]+" must not be null\.$|of required type "[^"]+" was (?:not provided\.$|provided the variable "\$\w+" which was not provided a runtime value\.$)|has invalid value )/.test(
    error.message,
  );
}

// graphql-js (or graphql-jit) completing a field with what a resolver returned: a null in a non-null
// field, a scalar that cannot serialize the value, or no list for a list field. Resolvers return
// upstream data, so the upstream sent it.
function isResultShapeError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /^Cannot return null for non-nullable field |cannot represent |^Expected Iterable, but did not find one for field /.test(error.message);
}

function pathOf(formatted: GraphQLFormattedError): Pick<GraphQLFormattedError, 'path' | 'locations'> {
  return { ...(formatted.locations ? { locations: formatted.locations } : {}), ...(formatted.path ? { path: formatted.path } : {}) };
}

function redactUpstream(extensions: Record<string, unknown>): Record<string, unknown> {
  const upstream = extensions.upstream as { detail: string | null } | undefined;
  if (!upstream?.detail) return extensions;
  return { ...extensions, upstream: { ...upstream, detail: redactSecrets(upstream.detail) } };
}
