// undici and Node failures -> `UpstreamError`s: timeouts and connection errors get their own
// kinds, and so does an answer that breaks HTTP (like a dropped connection, nothing usable
// arrived: a read is retried, a write may have been applied); anything else is passed through
// (a programming error, masked by the error formatter).
import { undiciErrors } from './tuning/undici-pool.ts';
import type { AbortCause } from './call-deadline.ts';
import { UpstreamError } from './upstream-error.ts';

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
]);

const ABORT_MESSAGES: Record<AbortCause, string> = {
  'call-deadline': 'did not finish before its deadline',
  deadline: 'was cut off by the operation deadline',
  'client-gone': 'was cancelled: the caller disconnected',
  shutdown: 'was cancelled: the gateway is shutting down',
};

/** The error for a call aborted by its deadline, its operation or the gateway's shutdown. */
export function abortedCall(cause: AbortCause, route: string, status: number | null): UpstreamError {
  const kind = cause === 'shutdown' ? 'unavailable' : 'timeout';
  return new UpstreamError({ kind, status, body: null, route, message: `Upstream call to ${route} ${ABORT_MESSAGES[cause]}` });
}

export function asUpstreamError(error: unknown, route: string, status: number | null): unknown {
  if (error instanceof UpstreamError) return error;
  const code = errorCode(error);
  if (code && TIMEOUT_CODES.has(code)) {
    return new UpstreamError({ kind: 'timeout', status, body: null, route, message: `Upstream call to ${route} timed out` });
  }
  if ((code && UNAVAILABLE_CODES.has(code)) || error instanceof undiciErrors.SocketError || isBrokenAnswer(error)) {
    return new UpstreamError({ kind: 'unavailable', status, body: null, route, message: `Upstream unavailable for ${route} (${code ?? 'socket closed'})` });
  }
  return error;
}

/** The upstream's bytes were not a valid HTTP answer (llhttp's parser errors), or not the length they declared. */
function isBrokenAnswer(error: unknown): boolean {
  return (
    error instanceof undiciErrors.HTTPParserError ||
    error instanceof undiciErrors.ResponseContentLengthMismatchError ||
    error instanceof undiciErrors.HeadersOverflowError
  );
}

// Connection errors arrive as undici errors or Node system errors, sometimes wrapped (AggregateError, cause).
function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && code !== 'UND_ERR') return code;
  if (Array.isArray(errors) && errors.length > 0) return errorCode(errors[0]);
  return cause ? errorCode(cause) : undefined;
}
