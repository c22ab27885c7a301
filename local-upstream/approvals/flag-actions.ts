import { isDict, pythonStr } from '../python-format.ts';
import type { FlagRow } from '../storage/flags.ts';
import type { Intent, PathValue } from './policy-engine.ts';

/**
 * The gated flag actions of the service's approvals product (`actions/feature_flags.py`): `feature_flag.enable`,
 * `feature_flag.disable` and `feature_flag.update` (a change of a rollout percentage). Each detects whether a
 * validated flag write is its kind of change, describes it as an intent, and says how a change request shows it.
 * `change` is the write's validated fields (a PATCH's filters already merged into the stored ones).
 */

export interface FlagAction {
  key: string;
  detect(flag: FlagRow | undefined, change: Record<string, unknown>): boolean;
  /** `skipFilterCleanup`: the write declared it sends no filters (a lifecycle action), so its replay keeps them as they are. */
  intent(flag: FlagRow | undefined, change: Record<string, unknown>, skipFilterCleanup: boolean): Intent;
  display(intent: Intent): Record<string, unknown>;
}

function preconditions(flag: FlagRow | undefined) {
  return { version: flag?.version ?? null, updated_at: flag?.updated_at ?? null };
}

function activeAction(key: string, verb: string, target: boolean, gateOnCreate: boolean): FlagAction {
  return {
    key,
    detect(flag, change) {
      // A new flag is enabled unless the create says otherwise (the model's default).
      if (!flag) return gateOnCreate && (change.active ?? true) === true;
      return change.active === target && flag.active !== target;
    },
    intent(flag, change, skipFilterCleanup) {
      return {
        flag_id: flag?.id ?? null,
        flag_key: flag?.key ?? change.key ?? null,
        current_state: { active: flag ? flag.active : false },
        gated_changes: 'active' in change ? { active: change.active } : {},
        full_request_data: { ...change },
        preconditions: preconditions(flag),
        skip_opportunistic_filter_cleanup: skipFilterCleanup,
      };
    },
    display(intent) {
      return {
        description: `${verb} feature flag '${pythonStr(intent.flag_key ?? 'unknown')}'`,
        before: intent.current_state,
        after: intent.full_request_data ?? intent.gated_changes,
      };
    },
  };
}

/** Where rollout percentages live in a flag's filters (`ROLLOUT_PERCENTAGE_PATHS`). */
const ROLLOUT_PATHS: ReadonlyArray<readonly string[]> = [
  ['groups', 'rollout_percentage'],
  ['holdout', 'exclusion_percentage'],
  ['multivariate', 'variants', 'rollout_percentage'],
];

/** Every rollout percentage of the filters with its path, e.g. `groups[0].rollout_percentage`. */
function rolloutPercentages(filters: unknown): PathValue[] {
  const found: PathValue[] = [];
  for (const spec of ROLLOUT_PATHS) {
    const container = spec.slice(0, -1);
    const field = spec.at(-1)!;
    let current: unknown = filters;
    for (const key of container) current = isDict(current) ? current[key] : undefined;
    const base = container.join('.');
    if (isDict(current) && field in current) found.push({ path: `${base}.${field}`, value: current[field] });
    if (Array.isArray(current)) {
      current.forEach((item, index) => {
        if (isDict(item) && field in item) found.push({ path: `${base}[${index}].${field}`, value: item[field] });
      });
    }
  }
  return found;
}

function changedPaths(before: PathValue[], after: PathValue[]): string[] {
  const old = new Map(before.map((item) => [item.path, JSON.stringify(item.value)]));
  const now = new Map(after.map((item) => [item.path, JSON.stringify(item.value)]));
  return [...new Set([...old.keys(), ...now.keys()])].filter((path) => old.get(path) !== now.get(path));
}

const updateAction: FlagAction = {
  key: 'feature_flag.update',
  detect(flag, change) {
    // A toggle without filters is the enable/disable actions' business.
    if (flag && change.active !== undefined && change.active !== flag.active && !('filters' in change)) return false;
    const filters = change.filters;
    if (!isDict(filters) || Object.keys(filters).length === 0) return false;
    return changedPaths(rolloutPercentages(flag?.filters ?? {}), rolloutPercentages(filters)).length > 0;
  },
  intent(flag, change) {
    const before = rolloutPercentages(flag?.filters ?? {});
    const after = rolloutPercentages(change.filters ?? {});
    return {
      flag_id: flag?.id ?? null,
      flag_key: flag?.key ?? change.key ?? null,
      current_state: { rollout_percentage: before },
      gated_changes: { rollout_percentage: after },
      triggered_paths: changedPaths(before, after),
      full_request_data: { ...change },
      preconditions: preconditions(flag),
    };
  },
  display(intent) {
    const before = new Map((intent.current_state.rollout_percentage as PathValue[]).map((item) => [item.path, item.value]));
    const after = new Map((intent.gated_changes.rollout_percentage as PathValue[]).map((item) => [item.path, item.value]));
    const paths = intent.triggered_paths as string[];
    const show = (value: unknown) => (value === undefined ? 'N/A' : pythonStr(value));
    const changes = paths.map((path) => `rollout percentage at ${path}: ${show(before.get(path))}% -> ${show(after.get(path))}%`);
    const description = `Update rollout percentage for feature flag '${pythonStr(intent.flag_key ?? 'unknown')}'`;
    return {
      description: changes.length ? `${description}: ${changes.join('; ')}` : description,
      before: intent.current_state,
      after: intent.gated_changes,
      triggered_paths: paths,
    };
  },
};

const ENABLE = activeAction('feature_flag.enable', 'Enable', true, true);
const DISABLE = activeAction('feature_flag.disable', 'Disable', false, false);

/** The actions each serializer method is gated on, in the order the service tries them. */
export const CREATE_ACTIONS: FlagAction[] = [ENABLE, updateAction];
export const UPDATE_ACTIONS: FlagAction[] = [ENABLE, DISABLE, updateAction];
