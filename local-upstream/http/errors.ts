/**
 * Errors in the real service's envelope (drf-exceptions-hog): `{type, code, detail, attr}`, first error only.
 * Handlers throw an `ApiError`; the server turns it into the response and rolls the transaction back.
 */

export interface ErrorEnvelope {
  type: string;
  code: string;
  detail: string;
  attr: string | null;
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Record<string, string>;

  constructor(status: number, body: unknown, headers: Record<string, string> = {}) {
    super(typeof body === 'object' && body !== null && 'detail' in body ? String(body.detail) : `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

function envelope(type: string, code: string, detail: string, attr: string | null = null): ErrorEnvelope {
  return { type, code, detail, attr };
}

export function validationError(detail: string, attr: string | null, code = 'invalid_input'): ApiError {
  return new ApiError(400, envelope('validation_error', code, detail, attr));
}

export function notAuthenticated(): ApiError {
  return new ApiError(401, envelope('authentication_error', 'not_authenticated', 'Authentication credentials were not provided.'));
}

export function authenticationFailed(detail: string): ApiError {
  return new ApiError(401, envelope('authentication_error', 'authentication_failed', detail));
}

export function permissionDenied(detail: string): ApiError {
  return new ApiError(403, envelope('authentication_error', 'permission_denied', detail));
}

export function notFound(detail = 'Not found.'): ApiError {
  return new ApiError(404, envelope('invalid_request', 'not_found', detail));
}

export function methodNotAllowed(method: string): ApiError {
  return new ApiError(405, envelope('invalid_request', 'method_not_allowed', `Method "${method}" not allowed.`));
}

export function parseError(message: string): ApiError {
  return new ApiError(400, envelope('invalid_request', 'parse_error', `JSON parse error - ${message}`));
}

export function unsupportedMediaType(contentType: string): ApiError {
  return new ApiError(415, envelope('invalid_request', 'unsupported_media_type', `Unsupported media type "${contentType}" in request.`));
}

export const SERVER_ERROR_BODY: ErrorEnvelope = envelope('server_error', 'error', 'A server error occurred.');

/**
 * A refusal whose writes stand: the service answers an approval-gated change with 409 after it has stored the change
 * request that now awaits approval, so the server commits this request's transaction instead of rolling it back.
 */
export class RefusalKeepingWrites extends ApiError {}

/** Ad-hoc action bodies of the real service that are not the envelope (`{success:false,error}`, `{error}`). */
export function plainError(status: number, body: Record<string, unknown>): ApiError {
  return new ApiError(status, body);
}
