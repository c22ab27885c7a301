import type { Store } from './storage/db.ts';
import { getProject, isPendingDeletion, pendingDeletionProjectIds, removeProject } from './storage/projects.ts';

/** How long a deleted project stays pending before it is removed, unless told otherwise (`--deletion-delay`). */
export const DEFAULT_DELETION_DELAY_MS = 5000;

/** A timer's longest delay: a longer one would fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** `--deletion-delay` / `LOCAL_DELETION_DELAY_MS` / the `deletionDelayMs` option: whole milliseconds from 0 to 2^31-1. */
export function parseDeletionDelay(text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value > MAX_TIMER_MS) throw new Error(`the deletion delay must be whole milliseconds from 0 to ${MAX_TIMER_MS}, got "${text}"`);
  return value;
}

/**
 * The service's background removal of a deleted project (its Temporal workflow): a DELETE only marks the project
 * `is_pending_deletion`; `deletionDelayMs` later the project and everything in it is gone (its id answers 404). A
 * timer per project, unreferenced so it never keeps the process alive; projects a previous run left pending (a
 * `--db` file) are scheduled again on start.
 */
export class ProjectDeletions {
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private stopped = false;

  private readonly store: Store;
  private readonly delayMs: number;
  private readonly log: (message: string, error: unknown) => void;

  constructor(store: Store, delayMs: number, log: (message: string, error: unknown) => void) {
    this.store = store;
    this.delayMs = delayMs;
    this.log = log;
  }

  /** Schedules every project already pending deletion. */
  resumePending(): void {
    for (const id of pendingDeletionProjectIds(this.store)) this.schedule(id);
  }

  /** Called by the DELETE inside its transaction: the timer fires after it committed, and checks again then. */
  schedule(projectId: number): void {
    if (this.stopped || this.timers.has(projectId)) return;
    const timer = setTimeout(() => this.remove(projectId), this.delayMs);
    timer.unref();
    this.timers.set(projectId, timer);
  }

  private remove(projectId: number): void {
    this.timers.delete(projectId);
    if (this.stopped) return;
    try {
      this.store.transaction(() => {
        const project = getProject(this.store, projectId);
        if (project && isPendingDeletion(project)) removeProject(this.store, projectId);
      });
    } catch (error) {
      this.log(`removing project ${projectId} failed`, error);
    }
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
