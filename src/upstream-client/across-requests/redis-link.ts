// The Redis connection the upstream client's state across requests shares between workers and
// replicas (docs/caching-and-quota.md): cached reads, generation counters, throttled keys and
// call counts. Redis is an accelerator here, never a dependency: every command gives up after a
// short time and its caller falls back (a miss, an unknown count), so a Redis outage costs upstream
// calls, not failed operations.
import { createRequire } from 'node:module';
import type { RedisClientType } from '@keyv/redis';

/** Every key starts with this (src/cache.ts uses the same namespace for its own entries). */
export const REDIS_PREFIX = 'graphql-gateway:upstream:';
const COMMAND_TIMEOUT_MS = 250;

export class RedisLink {
  readonly #client: RedisClientType;
  #connecting: Promise<unknown> | null = null;

  constructor(url: string) {
    // Loaded only when REDIS_URL asks for it, as src/cache.ts does; @keyv/redis re-exports node-redis.
    const { createClient } = createRequire(import.meta.url)('@keyv/redis') as typeof import('@keyv/redis');
    this.#client = createClient({ url, socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(retries * 100, 2000) } });
    this.#client.on('error', () => {});
  }

  /** Runs `command` on the connected client; rejects after a short timeout or when Redis is unreachable. */
  async run<T>(command: (client: RedisClientType) => Promise<T>): Promise<T> {
    this.#connecting ??= this.#client.connect().catch(() => {});
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Redis did not answer in time')), COMMAND_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.#connecting, timeout]);
      if (!this.#client.isReady) throw new Error('Redis is not connected');
      return await Promise.race([command(this.#client), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    if (this.#client.isOpen) await this.#client.close().catch(() => {});
  }
}
