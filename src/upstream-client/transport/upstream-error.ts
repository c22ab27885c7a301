// The one error type of the upstream client. `src/errors.ts` is the one place that turns it
// into a GraphQL error code; nothing else should look at `status`.

/**
 * - `http`: the upstream answered with a non-2xx status;
 * - `timeout`: the call's or the operation's deadline passed (or the caller went away);
 * - `unavailable`: no answer (connection refused or dropped, or the gateway is shutting down);
 * - `malformed`: a 2xx answer the gateway cannot use (not JSON, too large, a record of the wrong shape);
 * - `call-limit`: the operation already made as many upstream calls as it may.
 */
export type UpstreamErrorKind = 'http' | 'timeout' | 'unavailable' | 'malformed' | 'call-limit';

/** Anything that went wrong talking to the upstream. */
export class UpstreamError extends Error {
  readonly status: number | null;
  readonly kind: UpstreamErrorKind;
  /** Parsed JSON body, the raw text when it was not JSON, or null. */
  readonly body: unknown;
  /** Seconds to wait before retrying (429), from Retry-After or the throttle detail. */
  readonly retryAfter?: number;
  readonly route: string;

  constructor(init: { kind: UpstreamErrorKind; status: number | null; body: unknown; route: string; message: string; retryAfter?: number }) {
    super(init.message);
    this.name = 'UpstreamError';
    this.kind = init.kind;
    this.status = init.status;
    this.body = init.body;
    this.route = init.route;
    if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
  }
}
