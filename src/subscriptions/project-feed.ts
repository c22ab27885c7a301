// The one poller of a project's flag activity log, shared by every subscriber of that project
// in this process. It polls with the key of a currently authorized subscriber, faster right
// after a change and slower while the log is quiet, waits out 429s, and stops when its last
// subscriber leaves. Entries are decoded once and handed to every subscriber.
import { GraphQLError } from 'graphql';
import { upstreamErrorExtensions } from '../errors.ts';
import type { ActivityLogRecord } from '../upstream-client/endpoints/activity.ts';
import type { ActivityPage } from '../upstream-client/transport/page.ts';
import { UpstreamError } from '../upstream-client/client/http.ts';
import { fingerprint, readSince, type LogPosition } from './catch-up.ts';
import { flagChangeFromEntry, type FlagChangeEvent } from './events.ts';
import type { SubscriptionOptions } from './options.ts';
import type { Subscriber } from './subscriber.ts';

export interface FeedDeps {
  /** One activity page of the project, read with `token`. */
  read(token: string, projectId: number, page: { limit: number; page: number }): Promise<ActivityPage<ActivityLogRecord>>;
  options: Readonly<SubscriptionOptions>;
  /** A poll with `token` was refused (401/403/404): its subscribers must be checked again now. */
  onRefused(token: string): void;
  /** The feed has no subscriber left and has stopped. */
  onIdle(feed: ProjectFeed): void;
  /** The log showed changes: the project's cached reads are stale for every key (docs/caching-and-quota.md). */
  onChanged?(projectId: number): void;
}

interface Emitted {
  id: string;
  event: FlagChangeEvent;
}

export class ProjectFeed {
  readonly projectId: number;
  readonly #deps: FeedDeps;
  readonly #subscribers = new Map<Subscriber, ReadonlySet<string> | null>();
  /** The last events emitted, replayed to a subscriber that joins between two polls. */
  readonly #recent: Emitted[] = [];
  #position: LogPosition | null = null;
  #timer: NodeJS.Timeout | null = null;
  #interval: number;
  #failingSince: number | null = null;
  #stopped = false;
  /** Until when the upstream asked us (429 Retry-After) not to read this log. */
  throttledUntil = 0;
  /** Upstream activity-log reads made by this feed (polls and catch-up pages). */
  polls = 0;

  constructor(projectId: number, deps: FeedDeps) {
    this.projectId = projectId;
    this.#deps = deps;
    this.#interval = deps.options.pollMinMs;
  }

  get size(): number {
    return this.#subscribers.size;
  }

  get hasTimer(): boolean {
    return this.#timer !== null;
  }

  /**
   * Adds a subscriber whose own access check read `seen` (the log's newest page at that
   * moment): it receives exactly the entries that page did not hold.
   */
  add(subscriber: Subscriber, seen: LogPosition): void {
    if (this.#position === null) {
      this.#position = seen;
      this.#subscribers.set(subscriber, null);
      this.#schedule(this.#interval);
      return;
    }
    this.#subscribers.set(subscriber, seen.newest);
    for (const { id, event } of this.#recent) if (!seen.newest.has(id)) subscriber.deliver(event);
  }

  remove(subscriber: Subscriber): void {
    if (!this.#subscribers.delete(subscriber) || this.#subscribers.size > 0) return;
    this.stop();
    this.#deps.onIdle(this);
  }

  /** An event the log does not record (e.g. a role access grant made through this gateway). */
  publish(event: FlagChangeEvent): void {
    for (const subscriber of this.#subscribers.keys()) subscriber.deliver(event);
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #schedule(ms: number): void {
    if (this.#stopped) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#poll();
    }, ms);
  }

  async #poll(): Promise<void> {
    const token = this.#pollToken();
    if (!token || !this.#position) return;
    const { pageSize, maxCatchUpPages } = this.#deps.options;
    try {
      const read = (page: { limit: number; page: number }) => {
        this.polls += 1;
        return this.#deps.read(token, this.projectId, page);
      };
      const result = await readSince(read, this.#position, pageSize, maxCatchUpPages);
      if (this.#stopped) return;
      this.#failingSince = null;
      this.#position = result.position;
      this.#confirm(token);
      if (result.entries.length > 0) this.#deps.onChanged?.(this.projectId);
      this.#emit(result.entries.map((entry) => ({ id: fingerprint(entry), event: flagChangeFromEntry(this.projectId, entry) })));
      this.#interval = result.entries.length > 0 ? this.#deps.options.pollMinMs : Math.min(this.#deps.options.pollMaxMs, Math.round(this.#interval * 1.5));
      this.#schedule(this.#interval);
    } catch (error) {
      if (!this.#stopped) this.#failed(error, token);
    }
  }

  /** The key of the subscriber whose access was confirmed most recently. */
  #pollToken(): string | null {
    let best: Subscriber | null = null;
    for (const subscriber of this.#subscribers.keys()) {
      if (!subscriber.ended && (!best || subscriber.verifiedAt > best.verifiedAt)) best = subscriber;
    }
    return best?.token ?? null;
  }

  /** A successful read with a key confirms that key's access, so its subscribers need no separate re-check. */
  #confirm(token: string): void {
    const now = Date.now();
    for (const subscriber of this.#subscribers.keys()) if (subscriber.token === token) subscriber.verifiedAt = now;
  }

  #emit(emitted: Array<{ id: string; event: FlagChangeEvent | null }>): void {
    for (const [subscriber, skip] of this.#subscribers) {
      for (const { id, event } of emitted) if (event && !skip?.has(id)) subscriber.deliver(event);
      // Entries this subscriber's own check had seen are now behind the feed's position.
      this.#subscribers.set(subscriber, null);
    }
    for (const item of emitted) if (item.event) this.#recent.push(item as Emitted);
    this.#recent.splice(0, Math.max(0, this.#recent.length - this.#deps.options.pageSize));
  }

  #failed(error: unknown, token: string): void {
    const { pollMinMs, pollMaxMs, unreachableLimitMs } = this.#deps.options;
    if (error instanceof UpstreamError && error.status === 429) {
      // Reachable but throttled: wait as long as asked (at least the current interval).
      const wait = Math.max(this.#interval, (error.retryAfter ?? pollMaxMs / 1000) * 1000);
      this.throttledUntil = Date.now() + wait;
      this.#schedule(wait);
      return;
    }
    if (error instanceof UpstreamError && (error.status === 401 || error.status === 403 || error.status === 404)) {
      this.#deps.onRefused(token);
      this.#schedule(pollMinMs);
      return;
    }
    const now = Date.now();
    this.#failingSince ??= now;
    if (now - this.#failingSince < unreachableLimitMs) {
      this.#interval = Math.min(pollMaxMs, this.#interval * 2);
      this.#schedule(Math.min(this.#interval, Math.max(pollMinMs, unreachableLimitMs - (now - this.#failingSince))));
      return;
    }
    const failure = feedError(error);
    for (const subscriber of [...this.#subscribers.keys()]) subscriber.fail(failure, false);
  }
}

/** What subscribers receive when the upstream stayed unreachable past the limit. */
function feedError(error: unknown): GraphQLError {
  if (error instanceof UpstreamError) {
    const { message, extensions } = upstreamErrorExtensions(error);
    return new GraphQLError(`Live updates stopped: ${message} Subscribe again to resume.`, { extensions });
  }
  return new GraphQLError('Live updates stopped after an internal error. Subscribe again to resume.', { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
}
