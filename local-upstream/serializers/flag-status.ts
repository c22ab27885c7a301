import { pythonStr } from '../python-format.ts';
import type { FlagRow } from '../storage/flags.ts';

/**
 * The flag serializer's `status` (the `FeatureFlagStatus` name), after posthog/models/feature_flag/flag_status.py:
 * DELETED when soft-deleted; ARCHIVED when archived; STALE when fully rolled out and created more than 30 days ago; otherwise ACTIVE.
 * The real service also answers INACTIVE for flags not called in 30 days (its `last_called_at`, fed by usage
 * events); the local upstream records no calls, so it never claims that.
 */
export type FlagStatus = 'ACTIVE' | 'STALE' | 'ARCHIVED' | 'DELETED';

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

/** The variant every user gets: a full condition's override, else the variant at 100%. */
function winningVariant(filters: Record<string, unknown>, multivariate: Record<string, unknown>): unknown {
  const override = conditionsOf(filters).find((group) => isFullCondition(group) && group.variant)?.variant;
  const variants = Array.isArray(multivariate.variants) ? (multivariate.variants as Array<Record<string, unknown>>) : [];
  return override ?? variants.find((variant) => variant?.rollout_percentage === 100)?.key ?? '';
}

/**
 * Why the flag serves one value to everyone (the service's wording), or null when it does not. Stored filters as
 * written (not `get_filters()`): empty filters are legacy "on for everyone".
 */
function rolledOutReason(flag: FlagRow): string | null {
  const multivariate = flag.filters.multivariate;
  // Python truthiness: null and an empty object both mean "not multivariate".
  if (multivariate && typeof multivariate === 'object' && Object.keys(multivariate).length > 0) {
    const filters = multivariate as Record<string, unknown>;
    return multivariateFullyRolledOut(flag.filters, filters)
      ? `This flag will always use the variant "${pythonStr(winningVariant(flag.filters, filters))}"`
      : null;
  }
  const full = Object.keys(flag.filters).length === 0 || conditionsOf(flag.filters).some(isFullCondition);
  return full ? 'This boolean flag will always evaluate to "true"' : null;
}

const isOld = (flag: FlagRow, now: number) => now - Date.parse(flag.created_at) > STALE_AFTER_MS;

export function flagStatus(flag: FlagRow, now = Date.now()): FlagStatus {
  if (flag.deleted) return 'DELETED';
  if (flag.archived) return 'ARCHIVED';
  return flag.active && isOld(flag, now) && rolledOutReason(flag) !== null ? 'STALE' : 'ACTIVE';
}

/** `GET .../feature_flags/{id}/status/`: the record's status in lower case, the service's reason and a rollout summary. */
export function flagStatusReport(flag: FlagRow, now = Date.now()): Record<string, unknown> {
  const status = flagStatus(flag, now);
  return { status: status.toLowerCase(), reason: statusReason(flag, status), rollout: rolloutSummary(flag) };
}

function statusReason(flag: FlagRow, status: FlagStatus): string {
  if (status === 'DELETED') return 'Flag has been deleted';
  if (status === 'ARCHIVED') return 'Flag has been archived';
  if (!flag.active) return 'Flag is disabled (not evaluated for staleness)';
  // The local upstream records no flag calls, so only the configuration speaks.
  return status === 'STALE' ? rolledOutReason(flag)! : 'Flag has no usage data yet';
}

/** The service's rollout summary: a missing rollout counts as 100 here, unlike in "fully rolled out". */
function rolloutSummary(flag: FlagRow): Record<string, unknown> {
  const conditions = conditionsOf(flag.filters);
  const percentages = conditions.map((group) => (typeof group.rollout_percentage === 'number' ? group.rollout_percentage : 100));
  const variants = (flag.filters.multivariate as { variants?: unknown } | null | undefined)?.variants;
  return {
    effectively_full_rollout: rolledOutReason(flag) !== null,
    has_targeting_conditions: conditions.some((group) => Array.isArray(group.properties) && group.properties.length > 0),
    max_rollout_percentage: percentages.length ? Math.max(...percentages) : null,
    is_multivariate: Array.isArray(variants) && variants.length > 0,
  };
}
