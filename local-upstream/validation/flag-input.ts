import { validationError, ApiError } from '../http/errors.ts';
import type { FlagRow } from '../storage/flags.ts';
import { validateFilters, type CohortRef } from './filters.ts';
import { checkFilterSize, checkFlagCount } from './flag-limits.ts';
import { pythonType, validateFields, type FieldSpecs } from './fields.ts';

/** The writable flag fields of docs/rest-interface.md ("Feature flag"), in the real serializer's order (key before filters). */
const FLAG_FIELDS: FieldSpecs = {
  name: { kind: 'string', allowBlank: true },
  key: { kind: 'string', maxLength: 400 },
  filters: { kind: 'json' },
  deleted: { kind: 'boolean' },
  active: { kind: 'boolean' },
  created_at: { kind: 'datetime' },
  ensure_experience_continuity: { kind: 'boolean', allowNull: true },
  tags: { kind: 'stringList' },
  // A `ListField` without a child type: any list passes here; `checkEvaluationContexts` judges its items.
  evaluation_contexts: { kind: 'raw' },
  analytics_dashboards: { kind: 'integerList' },
  has_enriched_analytics: { kind: 'boolean', allowNull: true },
  // Fields of the current service's serializer that clients set (docs/rest-interface.md, "Feature flag").
  archived: { kind: 'boolean' },
  is_remote_configuration: { kind: 'boolean', allowNull: true },
  has_encrypted_payloads: { kind: 'boolean', allowNull: true },
  evaluation_runtime: { kind: 'choice', choices: ['server', 'client', 'all'], allowNull: true },
  bucketing_identifier: { kind: 'choice', choices: ['distinct_id', 'device_id'], allowNull: true },
  // Read by the update's edit-conflict check (validation/edit-conflict.ts); never stored as sent.
  version: { kind: 'integer' },
};

/** Nullable booleans the service's model stores as false. */
const FALSE_WHEN_NULL = ['is_remote_configuration', 'has_encrypted_payloads'];

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
      if (isCreate) checkFlagCount(liveFlagCount(ctx));
      const result = validateFilters(value, {
        isCreate,
        flagId: ctx.existing?.id,
        // An update checks dependencies against the stored key, even when the same PATCH renames the flag.
        flagKey: ctx.existing?.key ?? key,
        projectFlags: ctx.projectFlags,
        cohortIds: ctx.cohorts.map((cohort) => cohort.id),
        cohorts: ctx.cohorts,
        currentFilters: ctx.existing?.filters,
      });
      if (!result.ok) {
        const { code, detail, attr } = result.error;
        throw new ApiError(400, { type: 'validation_error', code, detail, attr });
      }
      checkFilterSize(result.filters);
      return result.filters;
    },
    tags: (value) => tagify(value as string[]),
    evaluation_contexts: (value) => {
      if (!Array.isArray(value)) throw validationError(`Expected a list of items but got type "${pythonType(value)}".`, 'evaluation_contexts', 'not_a_list');
      return value as unknown[];
    },
    analytics_dashboards: (value) => {
      const missing = (value as number[]).find((id) => !ctx.dashboardExists(id));
      if (missing !== undefined) throw validationError(`Invalid pk "${missing}" - object does not exist.`, 'analytics_dashboards', 'does_not_exist');
      return value;
    },
  });
  // The count guard lives in the filters' validation; a flag created without filters is counted too.
  if (isCreate && !('filters' in clean)) checkFlagCount(liveFlagCount(ctx));
  for (const field of FALSE_WHEN_NULL) if (clean[field] === null) clean[field] = false;
  checkEvaluationContexts(clean.evaluation_contexts as unknown[] | undefined);
  // Validated, never stored: the service stores evaluation contexts only for organizations in the evaluation-contexts
  // rollout, which the local upstream does not model (docs/rest-interface.md).
  delete clean.evaluation_contexts;
  checkFieldCombinations(clean, ctx.existing);
  return clean;
}

const MAX_EVALUATION_CONTEXTS = 50;
const MAX_EVALUATION_CONTEXT_LENGTH = 255;

/** `EvaluationContextSerializerMixin.validate`: at most 50 names, each a string of at most 255 characters. */
function checkEvaluationContexts(contexts: unknown[] | undefined): void {
  if (contexts === undefined) return;
  if (contexts.length > MAX_EVALUATION_CONTEXTS) {
    throw validationError(`evaluation_contexts must be a list of at most ${MAX_EVALUATION_CONTEXTS} items.`, null);
  }
  // Python counts code points.
  if (contexts.some((name) => typeof name !== 'string' || [...name].length > MAX_EVALUATION_CONTEXT_LENGTH)) {
    throw validationError('Invalid evaluation context name.', null);
  }
}

/** A field's value after this write: the request's, else the stored one, else the model default. */
function effective<K extends keyof FlagRow>(clean: Record<string, unknown>, existing: FlagRow | undefined, field: K, fallback: FlagRow[K]): unknown {
  if (field in clean) return clean[field];
  return existing ? existing[field] : fallback;
}

/** The serializer's cross-field rules, in its order; each is a non-field error (`attr` null). */
function checkFieldCombinations(clean: Record<string, unknown>, existing: FlagRow | undefined): void {
  const deviceBucketing = effective(clean, existing, 'bucketing_identifier', null) === 'device_id';
  const persists = effective(clean, existing, 'ensure_experience_continuity', false) === true;
  const alreadyCombined = existing?.bucketing_identifier === 'device_id' && existing.ensure_experience_continuity;
  if (deviceBucketing && persists && !alreadyCombined) {
    throw validationError("Cannot enable 'persist across authentication steps' when using device ID bucketing. These features are incompatible.", null);
  }
  if (effective(clean, existing, 'has_encrypted_payloads', false) === true && effective(clean, existing, 'is_remote_configuration', false) !== true) {
    throw validationError('Encrypted payloads require the flag to be a remote configuration.', null);
  }
  if (effective(clean, existing, 'archived', false) === true && effective(clean, existing, 'active', true) === true) {
    throw validationError(
      clean.archived === true
        ? 'Cannot archive an enabled feature flag. Disable it first, or send active: false in the same request.'
        : 'Cannot enable an archived feature flag. Unarchive it first.',
      null,
    );
  }
}

const liveFlagCount = (ctx: FlagInputContext): number => ctx.projectFlags.filter((flag) => !flag.deleted).length;
