import type { FlagRow } from '../storage/flags.ts';
import type { Directory, UserBasic } from './directory.ts';
import { flagStatus, type FlagStatus } from './flag-status.ts';

/** `FeatureFlag.get_filters()`: filters stored without `groups` read as one condition for everyone. */
export function effectiveFilters(filters: Record<string, unknown>): Record<string, unknown> {
  if ('groups' in filters) return filters;
  const properties = Array.isArray(filters.properties) ? filters.properties : [];
  return { ...filters, groups: [{ properties, rollout_percentage: null }] };
}

function simpleRollout(filters: Record<string, unknown>): { simple: boolean; rollout: number | null } {
  const groups = Array.isArray(filters.groups) ? (filters.groups as Array<Record<string, unknown>>) : [];
  const only = groups.length === 1 ? groups[0] : undefined;
  const properties = only?.properties;
  const simple =
    only !== undefined &&
    (!Array.isArray(properties) || properties.length === 0) &&
    (filters.aggregation_group_type_index === undefined || filters.aggregation_group_type_index === null);
  const rollout = simple && typeof only.rollout_percentage === 'number' ? only.rollout_percentage : null;
  return { simple, rollout };
}

export interface FlagBody {
  id: number;
  name: string;
  key: string;
  filters: Record<string, unknown>;
  deleted: boolean;
  active: boolean;
  created_by: UserBasic | null;
  created_at: string;
  updated_at: string;
  version: number;
  last_modified_by: UserBasic | null;
  is_simple_flag: boolean;
  rollout_percentage: number | null;
  ensure_experience_continuity: boolean;
  experiment_set: number[];
  surveys: Record<string, unknown>;
  features: Record<string, unknown>;
  rollback_conditions: unknown;
  performed_rollback: boolean;
  can_edit: boolean;
  tags: string[];
  usage_dashboard: number | null;
  analytics_dashboards: number[];
  has_enriched_analytics: boolean;
  status: FlagStatus;
}

/** Output filters name the cohorts their cohort properties point at (`cohort_name`), as the real serializer does. */
function withCohortNames(filters: Record<string, unknown>, directory: Directory): Record<string, unknown> {
  const groups = Array.isArray(filters.groups) ? (filters.groups as Array<{ properties?: unknown }>) : [];
  const hasCohort = groups.some(
    (group) => Array.isArray(group?.properties) && group.properties.some((property: { type?: unknown }) => property?.type === 'cohort'),
  );
  if (!hasCohort) return filters;
  const copy = structuredClone(filters);
  for (const group of copy.groups as Array<{ properties?: unknown }>) {
    if (!Array.isArray(group?.properties)) continue;
    for (const property of group.properties as Array<Record<string, unknown>>) {
      if (property?.type === 'cohort') property.cohort_name = directory.cohortName(property.value);
    }
  }
  return copy;
}

/** The full flag record (docs/rest-interface.md, "Feature flag", plus `updated_at`, `version`, `last_modified_by` and `status` of the real service). */
export function flagBody(flag: FlagRow, users: Directory): FlagBody {
  const filters = withCohortNames(effectiveFilters(flag.filters), users);
  const { simple, rollout } = simpleRollout(filters);
  return {
    id: flag.id,
    name: flag.name,
    key: flag.key,
    filters,
    deleted: flag.deleted,
    active: flag.active,
    created_by: users.basic(flag.created_by),
    created_at: flag.created_at,
    updated_at: flag.updated_at,
    version: flag.version,
    last_modified_by: users.basic(flag.last_modified_by),
    is_simple_flag: simple,
    rollout_percentage: rollout,
    ensure_experience_continuity: flag.ensure_experience_continuity,
    experiment_set: [],
    surveys: {},
    features: {},
    rollback_conditions: flag.rollback_conditions,
    performed_rollback: flag.performed_rollback,
    can_edit: users.canEdit(flag),
    tags: flag.tags,
    usage_dashboard: flag.usage_dashboard,
    analytics_dashboards: flag.analytics_dashboards,
    has_enriched_analytics: flag.has_enriched_analytics,
    status: flagStatus(flag),
  };
}

/** `MinimalFeatureFlagSerializer`, as embedded in `my_flags`. */
export function minimalFlagBody(flag: FlagRow): Record<string, unknown> {
  return {
    id: flag.id,
    team_id: flag.project_id,
    name: flag.name,
    key: flag.key,
    filters: effectiveFilters(flag.filters),
    deleted: flag.deleted,
    active: flag.active,
    ensure_experience_continuity: flag.ensure_experience_continuity,
    has_encrypted_payloads: false,
    version: flag.version,
    evaluation_runtime: 'all',
    bucketing_identifier: null,
    evaluation_tags: [],
  };
}
