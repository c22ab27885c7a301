import type { FlagRow } from '../storage/flags.ts';
import type { Directory, UserBasic } from './directory.ts';
import { flagStatus, type FlagStatus } from './flag-status.ts';

/** `FeatureFlag.get_filters()`: filters stored without `groups` read as one condition for everyone. */
export function effectiveFilters(filters: Record<string, unknown>): Record<string, unknown> {
  if ('groups' in filters) return filters;
  const properties = Array.isArray(filters.properties) ? filters.properties : [];
  return { ...filters, groups: [{ properties, rollout_percentage: null }] };
}

export function variantCount(flag: FlagRow): number {
  // `effectiveFilters` only adds `groups`, so the stored filters have the variants as they are read.
  const variants = (flag.filters.multivariate as { variants?: unknown[] } | null | undefined)?.variants;
  return Array.isArray(variants) ? variants.length : 0;
}

const MAX_EXPERIMENT_VARIANTS = 20;

/** A flag can back an experiment when it is multivariate with 2 to 20 variants (the record's `is_eligible_for_experiment`). */
export function isEligibleForExperiment(flag: FlagRow): boolean {
  const count = variantCount(flag);
  return count >= 2 && count <= MAX_EXPERIMENT_VARIANTS;
}

export interface FlagBody {
  id: number;
  name: string;
  key: string;
  filters: Record<string, unknown>;
  deleted: boolean;
  active: boolean;
  archived: boolean;
  created_by: UserBasic | null;
  created_at: string;
  updated_at: string;
  version: number;
  last_modified_by: UserBasic | null;
  ensure_experience_continuity: boolean;
  experiment_set: number[];
  experiment_set_metadata: unknown[];
  surveys: unknown[];
  features: unknown[];
  can_edit: boolean;
  tags: string[];
  evaluation_contexts: string[];
  usage_dashboard: number | null;
  analytics_dashboards: number[];
  has_enriched_analytics: boolean;
  user_access_level: string;
  is_remote_configuration: boolean;
  has_encrypted_payloads: boolean;
  status: FlagStatus;
  evaluation_runtime: string | null;
  bucketing_identifier: string | null;
  last_called_at: string | null;
  is_used_in_replay_settings: boolean;
  is_eligible_for_experiment: boolean;
}

type Property = Record<string, unknown>;

/**
 * Output filters name what their properties point at, as the real serializer does: a cohort property gets
 * `cohort_name`, a `$group_key` property `group_key_names` (each listed group's display name).
 */
function withDisplayNames(filters: Record<string, unknown>, directory: Directory, projectId: number): Record<string, unknown> {
  const groups = Array.isArray(filters.groups) ? (filters.groups as Array<{ properties?: unknown }>) : [];
  const named = (property: Property) => property?.type === 'cohort' || isGroupKeyProperty(property);
  if (!groups.some((group) => Array.isArray(group?.properties) && group.properties.some(named))) return filters;
  const copy = structuredClone(filters);
  const properties = (copy.groups as Array<{ properties?: unknown }>).flatMap((group) =>
    Array.isArray(group?.properties) ? (group.properties as Property[]) : [],
  );
  for (const property of properties) if (property?.type === 'cohort') property.cohort_name = directory.cohortName(property.value);
  const groupKeyProperties = properties.filter(isGroupKeyProperty);
  if (groupKeyProperties.length) {
    const names = groupKeyNames(copy, groupKeyProperties, directory, projectId);
    if (names) for (const property of groupKeyProperties) property.group_key_names = names;
  }
  return copy;
}

function isGroupKeyProperty(property: Property): boolean {
  return property?.type === 'group' && property.key === '$group_key';
}

/**
 * One map for every `$group_key` property: each listed key of the flag's aggregation group types (flag-level and
 * per condition set) to its display name; null when the flag aggregates by no group type.
 */
function groupKeyNames(filters: Record<string, unknown>, properties: Property[], directory: Directory, projectId: number): Record<string, string> | null {
  const conditions = Array.isArray(filters.groups) ? (filters.groups as Property[]) : [];
  const indices = new Set(
    [filters.aggregation_group_type_index, ...conditions.map((group) => group?.aggregation_group_type_index)].filter(Number.isInteger) as number[],
  );
  if (indices.size === 0) return null;
  const keys = new Set(
    properties.flatMap((property): unknown[] => (Array.isArray(property.value) ? property.value : property.value == null ? [] : [property.value])).map(String),
  );
  const names: Record<string, string> = {};
  for (const index of indices) {
    for (const key of keys) {
      const name = directory.groupName(projectId, index, key);
      if (name !== null) names[key] = name;
    }
  }
  return names;
}

/** Whether the project's session recordings are gated on this flag (`session_recording_linked_flag`). */
export function linkedInReplaySettings(project: { settings: Record<string, unknown> }, flagId: number): boolean {
  const linked = project.settings.session_recording_linked_flag;
  return typeof linked === 'object' && linked !== null && (linked as { id?: unknown }).id === flagId;
}

/**
 * The full flag record: the current service's `FeatureFlagSerializer` fields, key for key (docs/rest-interface.md,
 * "Feature flag", names the version). Experiments, surveys, early access features and evaluation contexts do not
 * exist locally, so their lists are empty; the local upstream records no flag calls, so `last_called_at` is null.
 */
export function flagBody(flag: FlagRow, users: Directory): FlagBody {
  const filters = withDisplayNames(effectiveFilters(flag.filters), users, flag.project_id);
  return {
    id: flag.id,
    name: flag.name,
    key: flag.key,
    filters,
    deleted: flag.deleted,
    active: flag.active,
    archived: flag.archived,
    created_by: users.basic(flag.created_by),
    created_at: flag.created_at,
    updated_at: flag.updated_at,
    version: flag.version,
    last_modified_by: users.basic(flag.last_modified_by),
    ensure_experience_continuity: flag.ensure_experience_continuity,
    experiment_set: [],
    experiment_set_metadata: [],
    surveys: [],
    features: [],
    can_edit: users.canEdit(flag),
    tags: flag.tags,
    evaluation_contexts: [],
    usage_dashboard: flag.usage_dashboard,
    analytics_dashboards: flag.analytics_dashboards,
    has_enriched_analytics: flag.has_enriched_analytics,
    user_access_level: users.accessLevel(flag),
    is_remote_configuration: flag.is_remote_configuration,
    has_encrypted_payloads: flag.has_encrypted_payloads,
    status: flagStatus(flag),
    evaluation_runtime: flag.evaluation_runtime,
    bucketing_identifier: flag.bucketing_identifier,
    last_called_at: null,
    is_used_in_replay_settings: users.replayLinkedFlagId(flag.project_id) === flag.id,
    is_eligible_for_experiment: isEligibleForExperiment(flag),
  };
}

/** `MinimalFeatureFlagSerializer`, as embedded in `my_flags`: the same stored values as the full record. */
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
    version: flag.version,
    evaluation_runtime: flag.evaluation_runtime,
    bucketing_identifier: flag.bucketing_identifier,
    evaluation_contexts: [],
  };
}
