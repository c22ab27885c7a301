import type { FlagRow } from '../storage/flags.ts';

/**
 * The flag serializer's `status` (the `FeatureFlagStatus` name), after posthog/models/feature_flag/flag_status.py:
 * DELETED when soft-deleted; STALE when fully rolled out and created more than 30 days ago; otherwise ACTIVE.
 * The real service also answers INACTIVE for flags not called in 30 days (its `last_called_at`, fed by usage
 * events); the local upstream records no calls, so it never claims that.
 */
export type FlagStatus = 'ACTIVE' | 'STALE' | 'DELETED';

const STALE_AFTER_MS = 30 * 86_400_000;

type Condition = { properties?: unknown; rollout_percentage?: unknown; variant?: unknown };

function conditionsOf(filters: Record<string, unknown>): Condition[] {
  return Array.isArray(filters.groups) ? (filters.groups as Condition[]).filter((group) => group && typeof group === 'object') : [];
}

/** A condition for everyone: exactly 100% (a null rollout does not count) and no properties. */
function isFullCondition(group: Condition): boolean {
  const properties = Array.isArray(group.properties) ? group.properties : [];
  return group.rollout_percentage === 100 && properties.length === 0;
}

/** Some variant always wins: a full condition plus either a variant at 100% or that condition's variant override. */
function multivariateFullyRolledOut(filters: Record<string, unknown>, multivariate: Record<string, unknown>): boolean {
  const variants = Array.isArray(multivariate.variants) ? (multivariate.variants as Array<Record<string, unknown>>) : [];
  const variantAtFull = variants.some((variant) => variant?.rollout_percentage === 100);
  const full = conditionsOf(filters).filter(isFullCondition);
  return full.length > 0 && (variantAtFull || full.some((group) => Boolean(group.variant)));
}

/** Stored filters as written (not `get_filters()`): empty filters are legacy "on for everyone". */
function fullyRolledOut(flag: FlagRow): boolean {
  if (!flag.active) return false;
  const multivariate = flag.filters.multivariate;
  // Python truthiness: null and an empty object both mean "not multivariate".
  if (multivariate && typeof multivariate === 'object' && Object.keys(multivariate).length > 0) {
    return multivariateFullyRolledOut(flag.filters, multivariate as Record<string, unknown>);
  }
  return Object.keys(flag.filters).length === 0 || conditionsOf(flag.filters).some(isFullCondition);
}

export function flagStatus(flag: FlagRow, now = Date.now()): FlagStatus {
  if (flag.deleted) return 'DELETED';
  const old = now - Date.parse(flag.created_at) > STALE_AFTER_MS;
  return old && fullyRolledOut(flag) ? 'STALE' : 'ACTIVE';
}
