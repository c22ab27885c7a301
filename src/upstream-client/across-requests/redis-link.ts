// The one Redis connection of a gateway process (docs/caching-and-quota.md, "Redis"): the upstream
// client's cached reads, generation counters, throttled keys and call counts, and the shared
// key-value cache of src/cache.ts (persisted queries) all go through it. Redis is an accelerator
// here, never a dependency, and it sits behind a circuit: a command that fails or takes longer than
// COMMAND_TIMEOUT_MS opens it, the connection is dropped (a hung Redis would otherwise queue every
// later command behind the lost ones), and until a probe gets an answer every command fails at
// once, so callers work from this process's memory. Before the circuit closes again, the recovery
// tasks run (read-cache.ts replays the invalidations it could not send).
//
// Every key is under `graphql-gateway:<namespace>:` (CACHE_NAMESPACE, by default derived from the
// upstream's origin), so deployments that share one Redis share nothing. What Redis does when full
// (its maxmemory-policy, maxmemory-policy.ts) is read on each connection and rechecked now and then.
import { hash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { RedisClientType } from '@redis/client';
import { maxmemoryPolicy, readMaxmemoryPolicy, type MaxmemoryPolicy } from './maxmemory-policy.ts';

/** A command that gets no answer within this is given up and opens the circuit. */
export const COMMAND_TIMEOUT_MS = 100;
/** While the circuit is open, a probe (a fresh connection and a PING) is tried at most this often. */
const PROBE_EVERY_MS = 1000;
/** A probe's budget: a new connection (TCP, TLS, the client's handshake) and a PING. */
const PROBE_TIMEOUT_MS = 1000;
/**
 * How long a read of the maxmemory-policy is trusted on one connection: whoever else uses the Redis
 * may change it meanwhile (CONFIG SET), and it is read again after this at the next need.
 */
export const POLICY_RECHECK_MS = 60_000;

export interface RedisLinkOptions {
  /** REDIS_MAXMEMORY_POLICY: the policy the operator states, trusted only when Redis refuses CONFIG. */
  declaredMaxmemoryPolicy?: string | null;
  /** Default POLICY_RECHECK_MS. */
  policyRecheckMs?: number;
}

/** What a recovery task gets: commands sent although the circuit is still open. */
export type RedisCommand = <T>(command: (client: RedisClientType) => Promise<T>) => Promise<T>;

export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

export class RedisLink {
  /** Every key of this gateway starts with `graphql-gateway:<namespace>:`. */
  readonly namespace: string;
  /** REDIS_URL (may carry a password: src/cache.ts shows it redacted). */
  readonly url: string;
  #client: RedisClientType | null = null;
  #connected: Promise<RedisClientType> | null = null;
  #open = false;
  #outages = 0;
  #probing = false;
  #probedAt = 0;
  #closed = false;
  readonly #recoveryTasks: Array<(run: RedisCommand) => Promise<void>> = [];
  readonly #declaredPolicy: string | null;
  readonly #policyRecheckMs: number;
  /** The policy read on the current connection, and when; dropped with the connection. */
  #policy: { read: Promise<MaxmemoryPolicy>; at: number } | null = null;
  readonly #policyListeners: Array<(policy: MaxmemoryPolicy) => void> = [];

  constructor(url: string, namespace: string, options: RedisLinkOptions = {}) {
    this.url = url;
    this.namespace = namespace;
    this.#declaredPolicy = options.declaredMaxmemoryPolicy ?? null;
    this.#policyRecheckMs = options.policyRecheckMs ?? POLICY_RECHECK_MS;
    // Connect at once, so the first request does not pay the connection.
    void this.#connect();
  }

  /** `graphql-gateway:<namespace>:<suffix>`. */
  key(suffix: string): string {
    return `graphql-gateway:${this.namespace}:${suffix}`;
  }

  /** False while the circuit is open: commands fail at once and callers work from memory. */
  get available(): boolean {
    return !this.#open;
  }

  /** How many times the circuit opened: a new count starts a new period of working from memory. */
  get outages(): number {
    return this.#outages;
  }

  /** How long one read of the maxmemory-policy is trusted (POLICY_RECHECK_MS unless the options changed it). */
  get policyRecheckMs(): number {
    return this.#policyRecheckMs;
  }

  /** `listener` hears every policy Redis answered (each new read, not the reuses of one): src/redis-eviction-watch.ts. */
  onPolicyRead(listener: (policy: MaxmemoryPolicy) => void): void {
    this.#policyListeners.push(listener);
  }

  /** `task` runs after a probe succeeded, before the circuit closes; if it fails, the circuit stays open. */
  onRecovery(task: (run: RedisCommand) => Promise<void>): void {
    this.#recoveryTasks.push(task);
  }

  /** Runs `command`; rejects at once while the circuit is open, after COMMAND_TIMEOUT_MS when Redis does not answer. */
  async run<T>(command: (client: RedisClientType) => Promise<T>): Promise<T> {
    if (this.#open) {
      this.#probeWhenDue();
      throw new RedisUnavailableError('Redis is not answering (circuit open)');
    }
    try {
      return await this.#send(command, COMMAND_TIMEOUT_MS);
    } catch (error) {
      // Also while the connection is still being made: a Redis that accepts and never answers
      // looks the same. A slow connection is made by the probe (with a longer deadline) instead.
      this.#trip();
      throw error;
    }
  }

  /**
   * Redis's maxmemory-policy: read once per connection (a reconnection reads it again) and again
   * when the last read is older than POLICY_RECHECK_MS. Rejects as `run` does when Redis does not answer.
   */
  maxmemoryPolicy(): Promise<MaxmemoryPolicy> {
    const now = Date.now();
    if (this.#policy && now - this.#policy.at < this.#policyRecheckMs) return this.#policy.read;
    const read = this.run(readMaxmemoryPolicy).then((answered) => {
      const answer = maxmemoryPolicy(answered, this.#declaredPolicy);
      for (const listener of this.#policyListeners) listener(answer);
      return answer;
    });
    const policy = { read, at: now };
    this.#policy = policy;
    read.catch(() => {
      if (this.#policy === policy) this.#policy = null;
    });
    return read;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const client = this.#client;
    this.#client = null;
    this.#connected = null;
    if (!client?.isOpen) return;
    // Lets the last commands land, but a Redis that does not answer must not hold the shutdown.
    const closed = client.close().catch(() => {});
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, COMMAND_TIMEOUT_MS).unref())]);
    if (client.isOpen) client.destroy();
  }

  #send<T>(command: (client: RedisClientType) => Promise<T>, timeoutMs: number): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RedisUnavailableError('Redis did not answer in time')), timeoutMs);
    });
    const answer = (this.#connected ?? this.#connect()).then(command);
    return Promise.race([answer, timeout]).finally(() => clearTimeout(timer));
  }

  #connect(): Promise<RedisClientType> {
    if (this.#closed) return Promise.reject(new RedisUnavailableError('closed'));
    // Loaded only when REDIS_URL asks for it (node-redis's core client).
    const { createClient } = createRequire(import.meta.url)('@redis/client') as typeof import('@redis/client');
    // No reconnecting of its own: the circuit's probe makes the next connection.
    const client = createClient({ url: this.url, disableOfflineQueue: true, socket: { connectTimeout: PROBE_TIMEOUT_MS, reconnectStrategy: false } });
    // A connection that fails or ends (Redis restarted, a proxy closed it) opens the circuit.
    const lost = () => {
      if (this.#client === client) this.#trip();
    };
    client.on('error', lost);
    client.on('end', lost);
    this.#client = client;
    const connected = client.connect().then(() => client);
    this.#connected = connected;
    connected.catch(lost);
    return connected;
  }

  /** Opens the circuit and drops the connection (its queued commands fail at once). */
  #trip(): void {
    if (!this.#open) {
      this.#open = true;
      this.#outages++;
      this.#probedAt = Date.now();
    }
    // The next connection may reach another Redis (a failover) or one restarted with another policy.
    this.#policy = null;
    const client = this.#client;
    this.#client = null;
    this.#connected = null;
    if (client?.isOpen) client.destroy();
  }

  #probeWhenDue(): void {
    if (this.#probing || this.#closed || Date.now() - this.#probedAt < PROBE_EVERY_MS) return;
    this.#probing = true;
    void this.#probe().finally(() => {
      this.#probing = false;
      this.#probedAt = Date.now();
    });
  }

  async #probe(): Promise<void> {
    const run: RedisCommand = (command) => this.#send(command, PROBE_TIMEOUT_MS);
    try {
      await run((client) => client.ping());
      for (const task of this.#recoveryTasks) await task(run);
      this.#open = false;
    } catch {
      const client = this.#client;
      this.#client = null;
      this.#connected = null;
      if (client?.isOpen) client.destroy();
    }
  }
}

/**
 * CACHE_NAMESPACE, or a short digest of the upstream's origin: a staging and a production gateway
 * sharing a Redis (other origins) share no key, while replicas of one deployment share theirs.
 */
export function cacheNamespace(explicit: string | null | undefined, upstreamUrl: string): string {
  return explicit || hash('sha256', new URL(upstreamUrl).origin, 'base64url').slice(0, 12);
}
