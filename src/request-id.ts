// Request ids: the caller's `x-request-id` when it is a sane token, else a fresh UUID. The id is
// forwarded upstream, put on every log line of the operation and returned in error extensions,
// so it must never carry anything that could split a header or a log line.
import { randomUUID } from 'node:crypto';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:/+=-]{1,128}$/;

/** The caller's request id when usable, else a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return value && SAFE_REQUEST_ID.test(value) ? value : randomUUID();
}
