// The two list envelopes of the REST interface (docs/rest-interface.md, "Lists"), decoded and
// checked here once: a list function passes `decodePage`/`decodeActivityPage` to its call, and a
// body without the envelope's shape becomes an `UpstreamError` of kind `malformed` carrying the
// real route and status (http.ts), so every list field answers the same error code.

/** limit/offset pagination arguments of every list endpoint except the activity logs. */
export interface PageArgs {
  limit: number;
  offset: number;
}

/** The limit/offset envelope (read-only, like its records: upstream-record.ts). `next`/`previous` are absolute URLs the gateway never follows. */
export interface Page<T> {
  readonly count: number;
  readonly next: string | null;
  readonly previous: string | null;
  readonly results: readonly T[];
}

/** page/limit pagination arguments of the activity-log endpoints (`page` is 1-based). */
export interface ActivityPageArgs {
  limit: number;
  page: number;
}

/** The page/limit envelope of the activity-log endpoints. */
export interface ActivityPage<T> {
  readonly results: readonly T[];
  readonly next: string | null;
  readonly previous: string | null;
  readonly total_count: number;
}

/** Thrown by a decoder; the transport turns it into an `UpstreamError` of kind `malformed`. */
export class MalformedBody extends Error {
  override name = 'MalformedBody';
}

/** A limit/offset envelope, or MalformedBody. Items are the endpoint's records, not checked one by one. */
export function decodePage<T>(body: unknown): Page<T> {
  const envelope = objectBody(body);
  if (!isCount(envelope.count) || !Array.isArray(envelope.results)) throw new MalformedBody('a body without the list envelope (count, results)');
  return { count: envelope.count, next: urlOrNull(envelope.next), previous: urlOrNull(envelope.previous), results: envelope.results as T[] };
}

/** A page/limit envelope, or MalformedBody. */
export function decodeActivityPage<T>(body: unknown): ActivityPage<T> {
  const envelope = objectBody(body);
  if (!isCount(envelope.total_count) || !Array.isArray(envelope.results)) {
    throw new MalformedBody('a body without the activity envelope (total_count, results)');
  }
  return { total_count: envelope.total_count, next: urlOrNull(envelope.next), previous: urlOrNull(envelope.previous), results: envelope.results as T[] };
}

function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new MalformedBody('a body that is not a JSON object');
  return body as Record<string, unknown>;
}

function isCount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

function urlOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
