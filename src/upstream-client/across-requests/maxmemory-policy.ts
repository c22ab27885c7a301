// What the gateway's Redis does when it reaches its `maxmemory` (docs/caching-and-quota.md, "Redis
// and maxmemory"). Only `noeviction` keeps every key until it expires or is deleted; under any other
// policy Redis may drop a key early, and a dropped record of a spent confirmation token would let
// that token run its write again (src/mcp/spent-tokens.ts). Read with `CONFIG GET maxmemory-policy`;
// managed Redis services often refuse or rename CONFIG, and the policy is then unknown unless the
// operator states it (REDIS_MAXMEMORY_POLICY).
import { createRequire } from 'node:module';
import type { RedisClientType } from '@redis/client';

/** The one policy REDIS_MAXMEMORY_POLICY may state: the only one under which nothing is evicted. */
export const NO_EVICTION = 'noeviction';

export interface MaxmemoryPolicy {
  /** The policy's name; null when Redis refused to say and REDIS_MAXMEMORY_POLICY is unset. */
  readonly name: string | null;
  /** `redis`: Redis said (CONFIG GET); `declared`: Redis refused, REDIS_MAXMEMORY_POLICY says; `unknown`: neither. */
  readonly source: 'redis' | 'declared' | 'unknown';
}

/** Whether Redis may drop a key before it expires: true unless the policy is known to be `noeviction`. */
export function mayEvict(policy: MaxmemoryPolicy): boolean {
  return policy.name !== NO_EVICTION;
}

/** What Redis answered, else the operator's statement (`declared`, REDIS_MAXMEMORY_POLICY), else unknown. */
export function maxmemoryPolicy(answered: string | null, declared: string | null): MaxmemoryPolicy {
  if (answered) return { name: answered, source: 'redis' };
  return declared ? { name: declared, source: 'declared' } : { name: null, source: 'unknown' };
}

/**
 * `CONFIG GET maxmemory-policy`: the policy, or null when Redis refuses to say (CONFIG renamed or
 * disabled, an ACL without it, a proxy answering nothing). Rejects only when Redis does not answer.
 */
export async function readMaxmemoryPolicy(client: RedisClientType): Promise<string | null> {
  // Loaded as redis-link.ts loads the client: only when REDIS_URL asks for it.
  const { ErrorReply } = createRequire(import.meta.url)('@redis/client') as typeof import('@redis/client');
  try {
    const answer = (await client.configGet('maxmemory-policy')) as Record<string, string>;
    return answer['maxmemory-policy'] || null;
  } catch (error) {
    if (error instanceof ErrorReply) return null;
    throw error;
  }
}
