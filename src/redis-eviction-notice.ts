// The line main.ts logs at start about the gateway's Redis when full (docs/caching-and-quota.md,
// "Redis and maxmemory"): an error when its maxmemory-policy may evict what this gateway must not
// lose, a warning when the policy could not be read. Only what this gateway keeps is named: the
// records of spent MCP confirmation tokens (with MCP writes) and trusted documents (with a
// manifest). Cached reads and persisted queries are read again when lost.
import { setTimeout as sleep } from 'node:timers/promises';
import { mayEvict, type MaxmemoryPolicy } from './upstream-client/across-requests/maxmemory-policy.ts';
import type { RedisLink } from './upstream-client/across-requests/redis-link.ts';

export interface StartNotice {
  level: 'error' | 'warn' | 'info';
  message: string;
}

/** What this gateway keeps in Redis that must not be evicted. */
export interface KeptInRedis {
  /** MCP_MUTATIONS=explicit: spent confirmation tokens. */
  spentTokens: boolean;
  /** TRUSTED_DOCUMENTS: the manifest's documents, shared with replicas whose manifest lacks them. */
  trustedDocuments: boolean;
}

const FIX = 'Set maxmemory-policy noeviction on this Redis, or give the gateway a Redis of its own (docs/caching-and-quota.md, "Redis and maxmemory").';

/**
 * At start the link may still be connecting, within one command's 100 ms: a read that fails is
 * asked again after the link's circuit had time to probe (once a second, with a second's budget).
 */
const START_READS = 4;
const BETWEEN_READS_MS = 1_100;

/** Asks `redis` its policy; null when nothing this gateway keeps is at risk. */
export async function redisEvictionNotice(redis: RedisLink, kept: KeptInRedis): Promise<StartNotice | null> {
  if (!kept.spentTokens && !kept.trustedDocuments) return null;
  const policy = await readAtStart(redis);
  if (policy) return evictionNotice(policy, kept);
  return {
    level: 'warn',
    message: `Redis's maxmemory-policy could not be read: Redis did not answer in time. ${unknownRisks(kept)} It is read again on each connection.`,
  };
}

async function readAtStart(redis: RedisLink): Promise<MaxmemoryPolicy | null> {
  for (let read = 1; ; read++) {
    try {
      return await redis.maxmemoryPolicy();
    } catch {
      if (read >= START_READS) return null;
      await sleep(BETWEEN_READS_MS);
    }
  }
}

export function evictionNotice(policy: MaxmemoryPolicy, kept: KeptInRedis): StartNotice | null {
  if (policy.source === 'unknown') {
    const message = `Redis's maxmemory-policy could not be read (Redis refused CONFIG GET). ${unknownRisks(kept)} Once the policy is noeviction, set REDIS_MAXMEMORY_POLICY=noeviction to say so (docs/mcp.md, "Writes").`;
    return { level: 'warn', message };
  }
  if (!mayEvict(policy)) {
    return policy.source === 'declared'
      ? { level: 'info', message: 'Redis refused CONFIG GET: its maxmemory-policy is taken as noeviction from REDIS_MAXMEMORY_POLICY.' }
      : null;
  }
  const risks = evictionRisks(policy.name!, kept);
  if (risks.length === 0) return null;
  return {
    level: 'error',
    message: `Redis's maxmemory-policy is ${policy.name}: Redis may evict keys before they expire. At risk: ${risks.join('; ')}. ${FIX}`,
  };
}

/** Under `allkeys-*` any key may go; under `volatile-*` only keys with a TTL, which trusted documents have not. */
function evictionRisks(policy: string, kept: KeptInRedis): string[] {
  const risks: string[] = [];
  if (kept.spentTokens)
    risks.push('the records of spent MCP confirmation tokens (an evicted one lets its token run its write again), so confirmed MCP writes are refused');
  if (kept.trustedDocuments && !policy.startsWith('volatile-'))
    risks.push('trusted documents registered by one replica (the others would no longer know them)');
  return risks;
}

function unknownRisks(kept: KeptInRedis): string {
  const risks: string[] = [];
  if (kept.spentTokens) risks.push('confirmed MCP writes are refused, since a record of a spent confirmation token could be evicted and the token run again');
  if (kept.trustedDocuments) risks.push('trusted documents registered by one replica could be evicted and become unknown to the others');
  return `Until it is known, ${risks.join('; ')}.`;
}
