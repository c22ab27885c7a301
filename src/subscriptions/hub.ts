import { randomUUID } from 'node:crypto';
// The live-update hub of one gateway process: opens subscriptions (cap checks, the
// subscriber's own access check), shares one ProjectFeed per project, re-checks each
// subscriber's key periodically, and tears everything down when subscribers leave.
import { GraphQLError } from 'graphql';
import { upstreamErrorExtensions } from '../errors.ts';
import type { ActivityLogRecord } from '../upstream-client/endpoints/activity.ts';
import { listAllFeatureFlagsActivity } from '../upstream-client/endpoints/feature-flag.ts';
import type { ActivityPage } from '../upstream-client/transport/page.ts';
import { UpstreamError, type UpstreamTransport } from '../upstream-client/client/http.ts';
import { UpstreamReport } from '../upstream-client/transport/report.ts';
import { currentPosition, type LogPosition } from './catch-up.ts';
import type { FlagChangeEvent } from './events.ts';
import type { SubscriptionOptions } from './options.ts';
import { ProjectFeed } from './project-feed.ts';
import { Subscriber } from './subscriber.ts';

/** Open subscriptions of one WebSocket connection or SSE stream. */
export interface ConnectionBudget {
  open: number;
}

export interface OpenRequest {
  token: string;
  projectId: number;
  keys: readonly string[] | null;
  budget: ConnectionBudget;
}

export interface HubStats {
  feeds: number;
  subscribers: number;
  /** Poll and re-check timers still armed (0 once everyone has left). */
  timers: number;
  /** Activity-log reads made by feeds (polls and catch-up pages), since the hub started. */
  polls: number;
  /** Access checks made (at subscribe time and periodic re-checks). */
  checks: number;
}

export class SubscriptionHub {
  readonly options: Readonly<SubscriptionOptions>;
  readonly #transport: UpstreamTransport;
  readonly #feeds = new Map<number, ProjectFeed>();
  readonly #rechecks = new Map<Subscriber, NodeJS.Timeout>();
  readonly #checking = new Map<string, Promise<void>>();
  #reserved = 0;
  #pollsOfStoppedFeeds = 0;
  #checks = 0;

  constructor(transport: UpstreamTransport, options: Readonly<SubscriptionOptions>) {
    this.#transport = transport;
    this.options = options;
  }

  /** Checks the caps and the key, then joins the project's feed. Throws a GraphQLError with a code. */
  async open(request: OpenRequest): Promise<Subscriber> {
    this.#reserve(request.budget);
    let subscriber: Subscriber;
    let seen: LogPosition;
    try {
      seen = await this.#checkAccess(request.token, request.projectId);
      subscriber = new Subscriber({ ...request, maxQueued: this.options.maxQueuedEvents, verifiedAt: Date.now() });
    } catch (error) {
      this.#unreserve(request.budget);
      throw error;
    }
    subscriber.onEnd(() => this.#release(subscriber, request.budget));
    this.#feedOf(request.projectId).add(subscriber, seen);
    this.#armRecheck(subscriber);
    return subscriber;
  }

  /** Delivers an event the activity log does not record to the project's subscribers. */
  publish(event: FlagChangeEvent): void {
    this.#feeds.get(event.projectId)?.publish(event);
  }

  hasSubscribers(projectId: number): boolean {
    return (this.#feeds.get(projectId)?.size ?? 0) > 0;
  }

  stats(): HubStats {
    const feeds = [...this.#feeds.values()];
    return {
      feeds: feeds.length,
      subscribers: this.#rechecks.size,
      timers: this.#rechecks.size + feeds.filter((feed) => feed.hasTimer).length,
      polls: this.#pollsOfStoppedFeeds + feeds.reduce((sum, feed) => sum + feed.polls, 0),
      checks: this.#checks,
    };
  }

  /** Completes every subscription and stops every feed (server shutdown). */
  close(): void {
    for (const subscriber of [...this.#rechecks.keys()]) void subscriber.return();
  }

  #reserve(budget: ConnectionBudget): void {
    if (this.#reserved >= this.options.maxPerProcess) {
      throw tooMany(`This gateway serves at most ${this.options.maxPerProcess} subscriptions; try again later.`);
    }
    if (budget.open >= this.options.maxPerConnection) {
      throw tooMany(`At most ${this.options.maxPerConnection} subscriptions may be open on one connection.`);
    }
    this.#reserved += 1;
    budget.open += 1;
  }

  #unreserve(budget: ConnectionBudget): void {
    this.#reserved -= 1;
    budget.open -= 1;
  }

  #release(subscriber: Subscriber, budget: ConnectionBudget): void {
    this.#unreserve(budget);
    clearTimeout(this.#rechecks.get(subscriber));
    this.#rechecks.delete(subscriber);
    this.#feeds.get(subscriber.projectId)?.remove(subscriber);
  }

  #feedOf(projectId: number): ProjectFeed {
    let feed = this.#feeds.get(projectId);
    if (!feed) {
      feed = new ProjectFeed(projectId, {
        read: (token, id, page) => this.#read(token, id, page),
        options: this.options,
        onRefused: (token) => this.#recheckKey(token, projectId),
        onChanged: (id) => void this.#transport.acrossRequests.projectChanged(id),
        onIdle: (idle) => {
          this.#pollsOfStoppedFeeds += idle.polls;
          if (this.#feeds.get(projectId) === idle) this.#feeds.delete(projectId);
        },
      });
      this.#feeds.set(projectId, feed);
    }
    return feed;
  }

  #read(token: string, projectId: number, page: { limit: number; page: number }): Promise<ActivityPage<ActivityLogRecord>> {
    // The feed backs off on 429 by itself (Retry-After), so the transport must not retry for it.
    const scope = this.#transport.openScope(randomUUID());
    scope.retries = false;
    return listAllFeatureFlagsActivity(this.#transport.clientFor(token, new UpstreamReport(), scope), projectId, page);
  }

  /** Subscribe-time check: the key reads the project's flag activity; the page read is its starting point. */
  async #checkAccess(token: string, projectId: number): Promise<LogPosition> {
    this.#checks += 1;
    try {
      return await currentPosition((page) => this.#read(token, projectId, page), this.options.pageSize);
    } catch (error) {
      throw accessError(error, false);
    }
  }

  #armRecheck(subscriber: Subscriber): void {
    const timer = setTimeout(() => void this.#recheck(subscriber), this.options.recheckMs);
    this.#rechecks.set(subscriber, timer);
  }

  /** Periodic re-check; a poll made with the same key since then counts as one. */
  async #recheck(subscriber: Subscriber): Promise<void> {
    if (subscriber.ended) return;
    // While the upstream throttles this project's log, the re-check waits too (it reads the same log).
    const throttled = (this.#feeds.get(subscriber.projectId)?.throttledUntil ?? 0) > Date.now();
    if (!throttled && Date.now() - subscriber.verifiedAt >= this.options.recheckMs * 0.9) await this.#verify(subscriber);
    if (!subscriber.ended) this.#armRecheck(subscriber);
  }

  /** A poll with `token` was refused: check every subscriber of that key on the project now. */
  #recheckKey(token: string, projectId: number): void {
    for (const subscriber of this.#rechecks.keys()) {
      if (subscriber.token === token && subscriber.projectId === projectId) void this.#verify(subscriber);
    }
  }

  /** One cheap read per (key, project) at a time, shared by that key's subscribers. */
  async #verify(subscriber: Subscriber): Promise<void> {
    const id = `${subscriber.projectId}\n${subscriber.token}`;
    let pending = this.#checking.get(id);
    if (!pending) {
      this.#checks += 1;
      pending = this.#read(subscriber.token, subscriber.projectId, { limit: 1, page: 1 }).then(() => undefined);
      this.#checking.set(id, pending);
      void pending.catch(() => {}).finally(() => this.#checking.delete(id));
    }
    try {
      await pending;
      subscriber.verifiedAt = Date.now();
    } catch (error) {
      // Only a refusal ends a subscription here; an unreachable upstream is the feed's to report.
      if (isRefusal(error)) subscriber.fail(accessError(error, true), true);
    }
  }
}

function isRefusal(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError && (error.status === 401 || error.status === 403 || error.status === 404);
}

/** A failed access check as the subscriber sees it; a project that vanishes from a key's view later is FORBIDDEN. */
function accessError(error: unknown, lost: boolean): GraphQLError {
  if (!(error instanceof UpstreamError))
    return error instanceof GraphQLError ? error : new GraphQLError('Access check failed.', { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  const { message, extensions } = upstreamErrorExtensions(error);
  if (lost && error.status === 404) return new GraphQLError('This key can no longer read the project.', { extensions: { ...extensions, code: 'FORBIDDEN' } });
  return new GraphQLError(lost ? `Access to the project was lost: ${message}` : message, { extensions });
}

function tooMany(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' } });
}
