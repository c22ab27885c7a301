import type { Store } from '../storage/db.ts';
import { findCohortByName, insertCohort, projectCohorts, type CohortRow } from '../storage/people.ts';
import type { ProjectRow } from '../storage/projects.ts';
import { isDict } from '../python-format.ts';

/**
 * The cohorts `copy_flags` brings along. A flag's cohort properties point at cohorts by id, and cohorts at other
 * cohorts; the service copies every cohort the flag reaches, children before parents, reusing (never
 * overwriting) a cohort of the same name in the target, and points the copies at the target's ids. A static
 * cohort is copied without its members, as the service's cohort serializer creates it.
 */
export class CohortCopier {
  private readonly store: Store;
  private readonly target: ProjectRow;
  private readonly userId: number;
  private readonly source: Map<number, CohortRow>;
  private readonly copied = new Map<number, number>();
  private readonly visiting = new Set<number>();

  constructor(store: Store, sourceProject: ProjectRow, target: ProjectRow, userId: number) {
    this.store = store;
    this.target = target;
    this.userId = userId;
    this.source = new Map(projectCohorts(store, sourceProject.id).map((cohort) => [cohort.id, cohort]));
  }

  /** The flag's filters with every cohort reference pointing at the target's copy. */
  remapFlagFilters(filters: Record<string, unknown>): Record<string, unknown> {
    const copy = structuredClone(filters);
    for (const group of Array.isArray(copy.groups) ? copy.groups : []) {
      if (isDict(group)) this.remap(group.properties);
    }
    return copy;
  }

  /** Rewrites cohort references in a property list or a nested `{type, values}` group, in place. */
  private remap(node: unknown): void {
    if (Array.isArray(node)) return node.forEach((child) => this.remap(child));
    if (!isDict(node)) return;
    if (Array.isArray(node.values)) return this.remap(node.values);
    if (node.type !== 'cohort') return;
    const copy = this.copy(Number(node.value));
    if (copy !== undefined) node.value = copy;
  }

  private copy(id: number): number | undefined {
    const cohort = this.source.get(id);
    if (!cohort || this.visiting.has(id)) return this.copied.get(id);
    if (this.copied.has(id)) return this.copied.get(id);
    this.visiting.add(id);
    const filters = cohort.filters === null ? null : structuredClone(cohort.filters);
    this.remap(filters?.properties);
    this.visiting.delete(id);
    const destination =
      findCohortByName(this.store, this.target.id, cohort.name) ??
      insertCohort(this.store, { ...cohort, filters, project_id: this.target.id, created_by: this.userId, member_distinct_ids: [] });
    this.copied.set(id, destination.id);
    return destination.id;
  }
}
