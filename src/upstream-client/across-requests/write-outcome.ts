// Whether a write may have changed the service, from how it ended (docs/caching-and-quota.md,
// "Which write invalidates what"): only then does it invalidate what it can have changed, so a
// refused write (a garbage token's, one to ids that do not exist) flushes no one's cache.
import { UpstreamError } from '../transport/upstream-error.ts';

/** How a write ended, for what it invalidates. */
export type WriteOutcome = 'answered' | 'unanswered' | 'refused';

/**
 * 'answered': 2xx or 5xx (a 5xx may come from a proxy while the service goes on), or a 409
 * `conflict` (the service says the object changed since the caller read it: what is kept of it is
 * stale); 'unanswered': no answer (timeout, disconnect); 'refused': any other 4xx, or not sent at
 * all (the call budget, a held key).
 */
export function writeOutcome(failure: unknown): WriteOutcome {
  if (failure === undefined) return 'answered';
  if (!(failure instanceof UpstreamError)) return 'unanswered';
  if (failure.status === null) return failure.kind === 'call-limit' ? 'refused' : 'unanswered';
  if (failure.status >= 500 || (failure.status >= 200 && failure.status < 300)) return 'answered';
  return failure.status === 409 && (failure.body as { code?: unknown } | null)?.code === 'conflict' ? 'answered' : 'refused';
}
