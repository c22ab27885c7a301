import { ApiError, validationError } from '../http/errors.ts';
import { pythonInt } from '../python-values.ts';
import type { FlagRow } from '../storage/flags.ts';
import { flagConditions } from './flag-conditions.ts';

/**
 * The state rules of a flag PATCH around flag dependencies: a flag other active flags depend
 * on cannot be disabled or deleted, and a flag cannot be switched on while a flag it depends on is off.
 * Only transitions are checked, as in the real service (disabling a disabled flag is fine).
 */

const LISTED = 5;

/** The dependents' lookup compares each reference's JSON text with the flag's id (the service's SQL `prop->>'key' = id`). */
function dependencyIds(filters: Record<string, unknown>): string[] {
  return flagConditions(filters).map((property) => String(property.key));
}

/**
 * The enable check reads every stored reference with Python's `int()`; one it cannot read (an empty or
 * missing key, which creation skips) makes the service fail with a 500.
 */
function storedDependencyIds(filters: Record<string, unknown>): Set<string> {
  return new Set(
    flagConditions(filters).map((property) => {
      const id = pythonInt(property.key);
      if (id === null) throw new ApiError(500, { type: 'server_error', code: 'error', detail: 'A server error occurred.', attr: null });
      return id;
    }),
  );
}

/** The service lists the first five dependents by key, then how many more there are. */
function describe(flags: FlagRow[]): string {
  const listed = [...flags]
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, LISTED)
    .map((flag) => `${flag.key} (ID: ${flag.id})`)
    .join(', ');
  return flags.length > LISTED ? `${listed}, and ${flags.length - LISTED} more` : listed;
}

function activeDependents(flag: FlagRow, projectFlags: FlagRow[]): FlagRow[] {
  return projectFlags.filter((other) => other.id !== flag.id && other.active && !other.deleted && dependencyIds(other.filters).includes(String(flag.id)));
}

export function checkFlagTransition(flag: FlagRow, changes: { active?: unknown; deleted?: unknown }, projectFlags: FlagRow[]): void {
  if (changes.deleted === true && !flag.deleted) {
    const dependents = activeDependents(flag, projectFlags);
    if (dependents.length) {
      throw validationError(
        `Cannot delete this feature flag because other flags depend on it: ${describe(dependents)}. Please update or disable the dependent flags first.`,
        null,
      );
    }
  }
  if (changes.active === false && flag.active) {
    const dependents = activeDependents(flag, projectFlags);
    if (dependents.length) {
      throw validationError(
        `Cannot disable this feature flag because other flags depend on it: ${describe(dependents)}. Please update or disable the dependent flags first.`,
        null,
      );
    }
  }
  if (changes.active === true && !flag.active) {
    // The service reads the dependencies from the stored filters, not from filters sent in the same write.
    const ids = storedDependencyIds(flag.filters);
    const disabled = projectFlags.filter((other) => ids.has(String(other.id)) && !other.deleted && !other.active);
    if (disabled.length) {
      throw validationError(
        `Cannot enable this feature flag because it depends on disabled flags: ${describe(disabled)}. Please enable the dependency flags first.`,
        null,
      );
    }
  }
}
