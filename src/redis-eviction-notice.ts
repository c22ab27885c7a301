// The lines about the gateway's Redis when full (docs/caching-and-quota.md, "Redis and maxmemory"):
// at start (src/redis-eviction-watch.ts, or a cluster's primary in main.ts), an error when its maxmemory-policy may evict what this gateway must not lose,
// a warning when the policy could not be read; later (src/redis-eviction-watch.ts), one line each
// time what the policy puts at risk changes. Only what this gateway keeps is named: the records of
// spent MCP confirmation tokens (with MCP writes) and trusted documents (with a manifest). Cached
// reads and persisted queries are read again when lost.
import { setTimeout as sleep } from 'node:timers/promises';
import { mayEvict, type MaxmemoryPolicy } from './upstream-client/across-requests/maxmemory-policy.ts';
import type { RedisLink } from './upstream-client/across-requests/redis-link.ts';

export interface PolicyNotice {
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

/** What a gateway with these settings (Config or GatewayOptions, same names) keeps in Redis. */
export function keptInRedis(settings: { mcpMutations?: string | undefined; trustedDocuments?: unknown }): KeptInRedis {
  return { spentTokens: settings.mcpMutations === 'explicit', trustedDocuments: settings.trustedDocuments !== undefined };
}

const DECLARE = 'Once the policy is noeviction, set REDIS_MAXMEMORY_POLICY=noeviction to say so (docs/mcp.md, "Writes").';
const FIX = 'Set maxmemory-policy noeviction on this Redis, or give the gateway a Redis of its own (docs/caching-and-quota.md, "Redis and maxmemory").';

/**
 * At start the link may still be connecting, within one command's 100 ms: a read that fails is
 * asked again after the link's circuit had time to probe (once a second, with a second's budget).
 */
const START_READS = 4;
const BETWEEN_READS_MS = 1_100;

/** Asks `redis` its policy; null when nothing this gateway keeps is at risk. */
export async function redisEvictionNotice(redis: RedisLink, kept: KeptInRedis): Promise<PolicyNotice | null> {
  if (!kept.spentTokens && !kept.trustedDocuments) return null;
  return startNotice(await readAtStart(redis), kept);
}

/** The start line for the policy `readAtStart` read, or for none (Redis did not answer). */
export function startNotice(policy: MaxmemoryPolicy | null, kept: KeptInRedis): PolicyNotice | null {
  if (policy) return evictionNotice(policy, kept);
  return {
    level: 'warn',
    message: `Redis's maxmemory-policy could not be read: Redis did not answer in time. ${unknownRisks(kept)} It is logged once Redis answers.`,
  };
}

/** The policy, read as the start line reads it: null when Redis did not answer in its first seconds. */
export async function readAtStart(redis: RedisLink): Promise<MaxmemoryPolicy | null> {
  for (let read = 1; ; read++) {
    try {
      return await redis.maxmemoryPolicy();
    } catch {
      if (read >= START_READS) return null;
      await sleep(BETWEEN_READS_MS);
    }
  }
}

export function evictionNotice(policy: MaxmemoryPolicy, kept: KeptInRedis): PolicyNotice | null {
  if (policy.source === 'unknown') {
    const message = `Redis's maxmemory-policy could not be read (Redis refused CONFIG GET). ${unknownRisks(kept)} ${DECLARE}`;
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

/**
 * The line for a policy read at run time that puts at risk something else than `previous` did (a
 * `CONFIG SET` by whoever shares the Redis, a failover to another one): an error when something is
 * at risk now, info when nothing is any more; null when the risk is the same.
 */
export function policyChangeNotice(previous: MaxmemoryPolicy, policy: MaxmemoryPolicy, kept: KeptInRedis): PolicyNotice | null {
  const risk = riskOf(policy, kept);
  if (risk === riskOf(previous, kept)) return null;
  const change = `Redis's maxmemory-policy changed from ${policyName(previous)} to ${policyName(policy)}`;
  if (risk === null) {
    const writes = kept.spentTokens ? ' Confirmed MCP writes are accepted again.' : '';
    return { level: 'info', message: `${change}: nothing this gateway keeps there is at risk of eviction any more.${writes}` };
  }
  if (risk === UNKNOWN) return { level: 'error', message: `${change}. ${unknownRisks(kept)} ${DECLARE}` };
  return { level: 'error', message: `${change}: Redis may evict keys before they expire. At risk: ${evictionRisks(risk, kept).join('; ')}. ${FIX}` };
}

/** The line for the first policy read after Redis did not answer at start (the start line warned so). */
export function lateReadNotice(policy: MaxmemoryPolicy, kept: KeptInRedis): PolicyNotice {
  const read = "Redis's maxmemory-policy, unread at start (Redis did not answer), is now read";
  if (riskOf(policy, kept) === null) {
    const writes = kept.spentTokens ? ' Confirmed MCP writes are accepted.' : '';
    return { level: 'info', message: `${read}: ${policyName(policy)}, nothing this gateway keeps there is at risk of eviction.${writes}` };
  }
  return { level: 'error', message: `${read}. ${evictionNotice(policy, kept)!.message}` };
}

const UNKNOWN = '(unknown)';

/** What is at risk under `policy`, as the policy that puts it there (or UNKNOWN); null when nothing is. */
function riskOf(policy: MaxmemoryPolicy, kept: KeptInRedis): string | null {
  if (!mayEvict(policy)) return null;
  if (policy.source === 'unknown') return UNKNOWN;
  return evictionRisks(policy.name!, kept).length > 0 ? policy.name : null;
}

function policyName(policy: MaxmemoryPolicy): string {
  if (policy.source === 'unknown') return 'unknown (Redis refused CONFIG GET)';
  return policy.source === 'declared' ? `${policy.name} (REDIS_MAXMEMORY_POLICY, Redis refused CONFIG GET)` : policy.name!;
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
