// One upstream answer's status and body turned into a value or an `UpstreamError`. exchange.ts
// reads it off the wire; body-release.ts hands its body over once and frees it.
import type { AnswerHeaders } from './tuning/exchange.ts';
import { MalformedBody } from './page.ts';
import { checkRecords, type Shape } from './record-shapes.ts';
import { UpstreamError } from './upstream-error.ts';

interface Call {
  method: string;
  route: string;
  /** Checks and shapes a 2xx JSON body (page.ts decoders); throws `MalformedBody`. */
  decode?: (body: unknown) => unknown;
  /** The endpoint's declared record shape (rest-policy.ts). */
  policy?: { shape?: Shape | undefined };
}

/**
 * Status + body -> the parsed JSON value, or an `UpstreamError`. Only a DELETE may answer without a
 * body (204): every other call reads a record or a list from its answer, so an empty 2xx body is
 * as malformed as one that is not JSON (UPSTREAM_ERROR, never a null read as "nothing there").
 */
export function interpretResponse(call: Call, status: number, text: string, headers: AnswerHeaders): unknown {
  const parsed = parseBody(text);
  if (status >= 200 && status < 300) {
    if (isBlank(text) && call.method === 'DELETE') return null;
    if (isBlank(text) || !parsed.ok) {
      throw new UpstreamError({
        kind: 'malformed',
        status,
        body: text.slice(0, 500),
        route: call.route,
        message: `Upstream ${call.method} ${call.route} answered ${status} with ${isBlank(text) ? 'an empty body' : 'a body that is not JSON'}`,
      });
    }
    if (call.policy?.shape && call.method !== 'DELETE') checkRecords(call.policy.shape, call.method, call.route, status, parsed.value);
    return decoded(call, status, parsed.value);
  }
  const body = parsed.ok ? parsed.value : text.slice(0, 500) || null;
  const retryAfter = status === 429 ? retryAfterSeconds(headers['retry-after'], body) : undefined;
  throw new UpstreamError({
    kind: 'http',
    status,
    body,
    route: call.route,
    message: `Upstream ${call.method} ${call.route} answered ${status}`,
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  });
}

function decoded(call: Call, status: number, value: unknown): unknown {
  if (!call.decode) return value;
  try {
    return call.decode(value);
  } catch (error) {
    if (!(error instanceof MalformedBody)) throw error;
    throw new UpstreamError({
      kind: 'malformed',
      status,
      body: JSON.stringify(value).slice(0, 500),
      route: call.route,
      message: `Upstream ${call.method} ${call.route} answered ${status} with ${error.message}`,
    });
  }
}

function parseBody(text: string): { ok: true; value: unknown } | { ok: false } {
  if (isBlank(text)) return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

// Without `trim()`, which may copy a whole page to find out; a JSON body fails at its first character.
const isBlank = (text: string) => /^\s*$/.test(text);

/** Retry-After header (seconds or HTTP date), else the DRF throttle detail "Expected available in N seconds". */
export function retryAfterSeconds(header: string | string[] | undefined, body: unknown): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value) {
    if (/^\d+$/.test(value.trim())) return Number(value.trim());
    const date = Date.parse(value);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - Date.now()) / 1000));
  }
  const detail = typeof body === 'object' && body !== null ? (body as { detail?: unknown }).detail : undefined;
  const match = typeof detail === 'string' ? /available in (\d+) seconds?/i.exec(detail) : null;
  return match?.[1] ? Number(match[1]) : undefined;
}
