import { allFlags, type FlagRow } from '../storage/flags.ts';
import type { Store } from '../storage/db.ts';
import { effectiveFilters } from '../serializers/flags.ts';
import { isDict, pythonStr } from '../python-format.ts';
import { pythonInt } from '../python-values.ts';
import { conditionGroups, flagConditions } from '../validation/flag-conditions.ts';

/**
 * How `copy_flags` carries a flag's dependencies (`type: flag` conditions naming another flag by id) to another
 * project (docs/rest-interface.md, "Copying flags across projects"). A dependency's id means nothing in the target,
 * so the service finds the source flag it names, then the target's flag with the same key: an enabled one takes the
 * condition; otherwise the condition is dropped with a warning. With `copy_dependencies`, the missing dependencies
 * (and theirs) are copied first, so the conditions find them.
 */

type Dict = Record<string, unknown>;

const MAX_COPY_DEPENDENCY_FLAGS = 50;
const UNGATED_GROUP_WARNING =
  'A condition group now has no remaining constraints and will match all users at its rollout percentage — review and re-gate it before re-enabling this flag.';

/** A refusal of the whole copy with `copy_dependencies` (400 `{error}` in the service). */
export class DependencyCopyRefused extends Error {}

/** The source flags a flag's dependency references name: reference → key, and which of those keys are disabled. */
export interface SourceDependencies {
  keys: Map<string, string>;
  disabled: Set<string>;
}

/** A reference as the service normalizes it: text stripped, a non-negative integer as text; anything else names nothing. */
function normalizedReference(reference: unknown): string | null {
  if (typeof reference === 'string') return reference.trim() || null;
  if (typeof reference === 'number' && Number.isInteger(reference)) return reference >= 0 ? String(reference) : null;
  return null;
}

/** The distinct references of a flag's `type: flag` conditions, in order. */
function dependencyReferences(filters: Dict): string[] {
  const references = new Set<string>();
  for (const prop of flagConditions(filters)) {
    const reference = normalizedReference(prop.key);
    if (reference !== null) references.add(reference);
  }
  return [...references];
}

/** Each reference's live source flag: by id when it is all digits and names one, otherwise by key. */
function resolveReferences(sourceFlags: FlagRow[], references: string[]): Map<string, FlagRow> {
  const resolved = new Map<string, FlagRow>();
  for (const reference of references) {
    const id = /^\p{Nd}+$/u.test(reference) ? pythonInt(reference) : null;
    const flag = sourceFlags.find((candidate) => String(candidate.id) === id) ?? sourceFlags.find((candidate) => candidate.key === reference);
    if (flag) resolved.set(reference, flag);
  }
  return resolved;
}

export function sourceDependencies(store: Store, source: FlagRow): SourceDependencies {
  const resolved = resolveReferences(allFlags(store, source.project_id), dependencyReferences(effectiveFilters(source.filters)));
  const keys = new Map([...resolved].map(([reference, flag]) => [reference, flag.key]));
  const disabled = new Set([...resolved.values()].filter((flag) => !flag.active).map((flag) => flag.key));
  return { keys, disabled };
}

/** The live flags of a project by key. */
export function liveFlagsByKey(store: Store, projectId: number): Map<string, FlagRow> {
  return new Map(allFlags(store, projectId).map((flag) => [flag.key, flag]));
}

/** Points the condition at the target's enabled flag of its key and answers null, or answers why it must be dropped. */
function remapCondition(prop: Dict, source: SourceDependencies, target: Map<string, FlagRow>): string | null {
  const reference = normalizedReference(prop.key);
  const key = reference === null ? undefined : source.keys.get(reference);
  if (key === undefined) {
    return `Removed a flag dependency (source flag reference ${pythonStr(prop.key)}) because the dependency flag could not be resolved in the source project.`;
  }
  if (source.disabled.has(key)) return `Removed dependency on flag '${key}' because that flag is disabled in the source project.`;
  const targetFlag = target.get(key);
  if (targetFlag && !targetFlag.active) return `Removed dependency on flag '${key}' because that flag is disabled in the target project.`;
  if (!targetFlag) return `Removed dependency on flag '${key}' because no flag with that key exists in the target project.`;
  prop.key = String(targetFlag.id);
  return null;
}

/**
 * Points each dependency condition of `filters` (a copy, changed in place) at the target's flag of the same key, or
 * drops it; returns the warnings, one per dropped condition plus one per group left with no condition.
 */
export function remapFlagDependencies(filters: Dict, source: SourceDependencies, target: Map<string, FlagRow>): string[] {
  const warnings: string[] = [];
  if (flagConditions(filters).length === 0) return warnings;
  for (const group of conditionGroups(filters)) {
    // A group without conditions keeps its shape (no `properties: []` added).
    if (!Array.isArray(group.properties) || group.properties.length === 0) continue;
    let dropped = false;
    const kept = group.properties.filter((prop: unknown) => {
      if (!isDict(prop) || prop.type !== 'flag') return true;
      const reason = remapCondition(prop, source, target);
      if (reason !== null) warnings.push(reason);
      dropped ||= reason !== null;
      return reason === null;
    });
    if (dropped && kept.length === 0) warnings.push(UNGATED_GROUP_WARNING);
    group.properties = kept;
  }
  return warnings;
}

/** The source flags a flag depends on, directly or not, each after its own dependencies, and who depends on whom. */
export interface DependencyGraph {
  flags: FlagRow[];
  roots: FlagRow[];
  edges: Map<number, Set<number>>;
}

/** Walks the source flag's dependencies; a cycle, an unresolvable reference or more than 50 flags refuse the copy. */
export function dependencyGraph(store: Store, root: FlagRow): DependencyGraph {
  const sourceFlags = allFlags(store, root.project_id);
  const visited = new Set<number>();
  const visiting = new Set<number>();
  const discovered = new Set<number>();
  const flags: FlagRow[] = [];
  const edges = new Map<number, Set<number>>();
  const visit = (flag: FlagRow): void => {
    if (visiting.has(flag.id)) {
      throw new DependencyCopyRefused(
        "A circular flag dependency was detected, so dependencies can't be copied automatically. Copy the flag without dependencies or remove the cycle first.",
      );
    }
    if (visited.has(flag.id)) return;
    visiting.add(flag.id);
    const references = dependencyReferences(effectiveFilters(flag.filters));
    const resolved = resolveReferences(sourceFlags, references);
    const direct = new Set<number>();
    for (const reference of references) {
      const dependency = resolved.get(reference);
      if (!dependency) {
        throw new DependencyCopyRefused(
          `Removed a flag dependency (source flag reference ${reference}) because the dependency flag could not be resolved in the source project.`,
        );
      }
      if (dependency.id !== root.id) direct.add(dependency.id);
      if (dependency.id !== root.id && !visited.has(dependency.id) && !visiting.has(dependency.id) && !discovered.has(dependency.id)) {
        discovered.add(dependency.id);
        if (discovered.size > MAX_COPY_DEPENDENCY_FLAGS) {
          throw new DependencyCopyRefused(
            "This flag depends on more than 50 flags, so dependencies can't be copied automatically. Copy the flag without dependencies or reduce the dependency chain.",
          );
        }
      }
      visit(dependency);
    }
    edges.set(flag.id, direct);
    visiting.delete(flag.id);
    visited.add(flag.id);
    if (flag.id !== root.id) flags.push(flag);
  };
  visit(root);
  const rootDependencies = edges.get(root.id) ?? new Set();
  return { flags, roots: flags.filter((flag) => rootDependencies.has(flag.id)), edges };
}

/** For one target: the dependency keys to copy, those an enabled target flag satisfies, and why others cannot be copied. */
export interface DependencyPlan {
  copy: Set<string>;
  reuse: Set<string>;
  warnings: string[];
}

/** What one dependency needs in the target, or null when it (or one of its own dependencies) cannot be copied. */
type Decision = { copy: Set<string>; reuse: Set<string> } | null;

/**
 * Plans one target: a dependency whose key has an enabled flag there is reused; one disabled in the source or in the
 * target is not copied, nor is any flag depending on it (each says why once); the others are copied.
 */
export function dependencyPlan(graph: DependencyGraph, target: Map<string, FlagRow>): DependencyPlan {
  const byId = new Map(graph.flags.map((flag) => [flag.id, flag]));
  const decisions = new Map<number, Decision>();
  const warnings: string[] = [];
  const decide = (id: number): Decision => {
    if (decisions.has(id)) return decisions.get(id)!;
    const flag = byId.get(id);
    if (!flag) return { copy: new Set(), reuse: new Set() };
    const decision = decideFlag(graph, flag, target, warnings, (child) => decide(child));
    decisions.set(id, decision);
    return decision;
  };
  const plan: DependencyPlan = { copy: new Set(), reuse: new Set(), warnings };
  for (const root of graph.roots) {
    const decision = decide(root.id);
    decision?.copy.forEach((key) => plan.copy.add(key));
    decision?.reuse.forEach((key) => plan.reuse.add(key));
  }
  return plan;
}

function decideFlag(graph: DependencyGraph, flag: FlagRow, target: Map<string, FlagRow>, warnings: string[], decide: (id: number) => Decision): Decision {
  if (!flag.active) {
    warnings.push(`Cannot automatically copy dependency flag '${flag.key}' because it is disabled in the source project.`);
    return null;
  }
  const targetFlag = target.get(flag.key);
  if (targetFlag?.active) return { copy: new Set(), reuse: new Set([flag.key]) };
  if (targetFlag) {
    warnings.push(
      `Dependency copying isn't available because flag '${flag.key}' is disabled in the target project. Copy this flag without dependencies to leave that target flag unchanged.`,
    );
    return null;
  }
  const needs = { copy: new Set([flag.key]), reuse: new Set<string>() };
  let blocked = false;
  const order = (id: number) => graph.flags.findIndex((candidate) => candidate.id === id);
  const children = [...(graph.edges.get(flag.id) ?? [])].filter((id) => order(id) >= 0).sort((a, b) => order(a) - order(b));
  for (const child of children) {
    const decision = decide(child);
    if (decision === null) blocked = true;
    decision?.copy.forEach((key) => needs.copy.add(key));
    decision?.reuse.forEach((key) => needs.reuse.add(key));
  }
  return blocked ? null : needs;
}
