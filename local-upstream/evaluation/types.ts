/** Shapes shared by the evaluation modules. Filters stay loosely typed: they are stored as the client sent them. */

export interface EvaluationFlag {
  id: number;
  key: string;
  active: boolean;
  deleted: boolean;
  filters: Record<string, unknown>;
  ensure_experience_continuity: boolean;
  /** `device_id` buckets person flags by the `$device_id` person property; anything else by distinct id. */
  bucketing_identifier?: string | null;
}

export interface Person {
  distinct_id: string;
  properties: Record<string, unknown>;
}

export interface Cohort {
  id: number;
  name: string;
  is_static: boolean;
  /** Dynamic cohorts: `{ properties: { type: 'AND' | 'OR', values: [...] } }`. */
  filters: Record<string, unknown> | null;
  member_distinct_ids: string[];
}

export interface EvaluationContext {
  distinctId: string;
  /** Group type name -> group key, e.g. `{ organization: 'acme' }`. */
  groups?: Record<string, string>;
  personProperties?: Record<string, unknown>;
  /** Group type index (as a string) -> group type name. */
  groupTypeMapping?: Record<string, string>;
  cohorts?: Cohort[];
  /** The project's flags, so flag-dependency properties can be resolved. */
  flags?: EvaluationFlag[];
}

export interface FlagEvaluation {
  value: boolean | string;
  reason: string;
  conditionIndex: number | null;
  payload?: unknown;
}

export type PropertyFilter = Record<string, unknown>;
export type Condition = { properties?: unknown; rollout_percentage?: unknown; variant?: unknown };
export interface Variant {
  key: string;
  rollout_percentage: number;
}
