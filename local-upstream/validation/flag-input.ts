import { validationError, ApiError } from '../http/errors.ts';
import type { FlagRow } from '../storage/flags.ts';
import { validateFilters, type CohortRef, type FlagRef } from './filters.ts';
import { validateFields, type FieldSpecs } from './fields.ts';

/** The writable flag fields of docs/rest-interface.md ("Feature flag"), in the real serializer's order (key before filters). */
const FLAG_FIELDS: FieldSpecs = {
  name: { kind: 'string', allowBlank: true },
  key: { kind: 'string', maxLength: 400 },
  filters: { kind: 'json' },
  deleted: { kind: 'boolean' },
  active: { kind: 'boolean' },
  created_at: { kind: 'datetime' },
  ensure_experience_continuity: { kind: 'boolean', allowNull: true },
  rollback_conditions: { kind: 'json', allowNull: true },
  performed_rollback: { kind: 'boolean', allowNull: true },
  tags: { kind: 'stringList' },
  analytics_dashboards: { kind: 'integerList' },
  has_enriched_analytics: { kind: 'boolean', allowNull: true },
};

const KEY_PATTERN = /^[a-zA-Z0-9_-]+$/;

export interface FlagInputContext {
  /** The flag being updated; undefined on create. */
  existing?: FlagRow;
  /** Every flag of the project, deleted ones included. */
  projectFlags: FlagRow[];
  cohorts: CohortRef[];
  dashboardExists: (id: number) => boolean;
}

/** `tagify`: trimmed, lower-cased, de-duplicated. */
function tagify(tags: string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim().toLowerCase()).filter(Boolean))];
}

/** Validates a create (no `existing`) or PATCH body; returns the cleaned fields to store. */
export function validateFlagInput(body: Record<string, unknown>, ctx: FlagInputContext): Record<string, unknown> {
  const isCreate = ctx.existing === undefined;
  const flagRefs: FlagRef[] = ctx.projectFlags.map((flag) => ({
    id: flag.id,
    key: flag.key,
    active: flag.active,
    deleted: flag.deleted,
    filters: flag.filters,
  }));
  let key = ctx.existing?.key ?? '';
  const clean = validateFields(body, FLAG_FIELDS, isCreate ? ['key'] : [], {
    key: (value) => {
      const text = value as string;
      const taken = ctx.projectFlags.some((flag) => flag.key === text && !flag.deleted && flag.id !== ctx.existing?.id);
      if (taken) throw validationError('There is already a feature flag with this key.', 'key', 'unique');
      if (!KEY_PATTERN.test(text)) throw validationError('Only letters, numbers, hyphens (-) & underscores (_) are allowed.', 'key', 'invalid_key');
      key = text;
      return text;
    },
    filters: (value) => {
      const result = validateFilters(value, {
        isCreate,
        flagId: ctx.existing?.id,
        flagKey: key,
        projectFlags: flagRefs,
        cohortIds: ctx.cohorts.map((cohort) => cohort.id),
        cohorts: ctx.cohorts,
        currentFilters: ctx.existing?.filters,
      });
      if (!result.ok) {
        const { code, detail, attr } = result.error;
        throw new ApiError(400, { type: 'validation_error', code, detail, attr });
      }
      return result.filters;
    },
    tags: (value) => tagify(value as string[]),
    analytics_dashboards: (value) => {
      const missing = (value as number[]).find((id) => !ctx.dashboardExists(id));
      if (missing !== undefined) throw validationError(`Invalid pk "${missing}" - object does not exist.`, 'analytics_dashboards', 'does_not_exist');
      return value;
    },
  });
  if (clean.active === true) clean.performed_rollback = false;
  return clean;
}
