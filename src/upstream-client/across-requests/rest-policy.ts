// What the work across requests (across-requests.ts) may do with one REST endpoint, declared by the
// endpoint itself, next to its endpoint function (project.ts, feature-flag.ts...): whether its answer
// may be kept and for how long, the scopes it reads, the scopes a write to it can change, the
// answers a list holds for other paths, what its records teach about other records, and the shape
// its records must have (docs/caching-and-quota.md, "Which write invalidates what").
// Adding an endpoint therefore touches its own file only.
import type { RecordFacts } from './scopes.ts';
import type { Shape } from '../transport/record-shapes.ts';

/** What a policy's functions see of one call: its route parameters, body and (once answered) answer. */
export interface CallFacts {
  readonly params: Readonly<Record<string, string | number>>;
  readonly body: unknown;
  /** The 2xx answer; undefined when the call got none (a timeout, a 5xx). */
  readonly answer?: unknown;
  /** The digest of the caller's key (token-digest.ts). */
  readonly keyHash: string;
  /** What records already read taught (a project's organization...). */
  readonly facts: RecordFacts;
}

/** An answer another answer holds, under the path of its own GET (a flags page holds each flag). */
export interface PrimedEntry {
  path: string;
  value: unknown;
  scopes: string[];
}

export interface RestPolicy {
  /** The record (alone, or as each item of `results`) of every 2xx answer, checked once (record-shapes.ts). */
  readonly shape?: Shape;
  /**
   * A read's scopes (scopes.ts): the generation counters its kept answer depends on. A GET without
   * them is never kept; with them, it is kept for the cache lifetime (or `maxAgeMs` when shorter).
   */
  readonly reads?: (call: CallFacts) => string[];
  /** Never keep this read's answer (it shows live state: activity logs, evaluation reasons). */
  readonly live?: boolean;
  /** At most this long, when shorter than `UPSTREAM_CACHE_TTL_MS`. */
  readonly maxAgeMs?: number;
  /** The scopes a write (POST, PATCH, DELETE; a GET with `getWrites`) to the endpoint can have changed. */
  readonly changes?: (call: CallFacts) => string[];
  /** Its GET changes the service (`check_for_updates`): a write, never kept nor shared. */
  readonly getWrites?: boolean;
  /** Its POST only reads (`user_blast_radius`): no write, nothing invalidated (never kept either: only GETs are). */
  readonly postReads?: boolean;
  /** Answers the answer holds for other paths, kept as the key's own (a flags page -> each flag's GET). */
  readonly primes?: (call: CallFacts & { answer: unknown }) => PrimedEntry[];
  /** Notes what the answer's records say about others (a project's organization) for later writes' scopes. */
  readonly learns?: (answer: unknown, facts: RecordFacts, call: CallFacts) => void;
}

/** A route template and its policy: what endpoint functions spread into their calls. */
export interface Endpoint {
  readonly route: string;
  readonly policy: RestPolicy;
}

export const endpoint = (route: string, policy: RestPolicy): Endpoint => ({ route, policy });

/** True when the call can change the service: any method but GET, unless its policy says otherwise. */
export function isWrite(method: string, policy: RestPolicy | undefined): boolean {
  return method === 'GET' ? policy?.getWrites === true : policy?.postReads !== true;
}
