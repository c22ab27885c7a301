// What the gateway's Redis does when full may change while the gateway runs (docs/caching-and-quota.md,
// "Redis and maxmemory"): whoever shares the Redis runs `CONFIG SET maxmemory-policy allkeys-lru`, or a
// failover lands on another Redis. Confirmed MCP writes are then refused from the next read of the
// policy on, so the operator must hear it: one log line each time what the policy puts at risk
// changes (src/redis-eviction-notice.ts words it), and a gauge of whether spent confirmation tokens
// are safe. The policy is read at least once per RedisLink's recheck interval, here if nothing else
// asked. The first read of the process is the start line's to tell (logged here, or by a cluster's
// primary): nothing more is logged for it, unless Redis did not answer at start (the start line
// warned so), and then once it does. A read that fails (Redis not answering) changes nothing, and a
// reconnection that reads the same policy logs nothing.
import type { Logger } from 'pino';
import { Gauge, type Registry } from 'prom-client';
import { lateReadNotice, policyChangeNotice, readAtStart, startNotice, type KeptInRedis } from './redis-eviction-notice.ts';
import { mayEvict, type MaxmemoryPolicy } from './upstream-client/across-requests/maxmemory-policy.ts';
import type { RedisLink } from './upstream-client/across-requests/redis-link.ts';

/** Reads no more often than this, whatever the link's recheck interval (tests set it to 0). */
const MIN_READ_EVERY_MS = 100;

/** Watches `redis`'s policy while something `kept` is there, after logging the start line if `startLine`; returns what stops it. */
export function watchEvictionPolicy(redis: RedisLink, kept: KeptInRedis, logger: Logger, registry: Registry, startLine: boolean): () => void {
  if (!kept.spentTokens && !kept.trustedDocuments) return () => {};
  const safe = kept.spentTokens ? spentTokensGauge(registry) : null;
  let last: MaxmemoryPolicy | null = null;
  let unansweredAtStart = false;
  redis.onPolicyRead((policy) => {
    safe?.set(mayEvict(policy) ? 0 : 1);
    const notice = last ? policyChangeNotice(last, policy, kept) : unansweredAtStart ? lateReadNotice(policy, kept) : null;
    last = policy;
    if (notice) logger[notice.level]({ maxmemoryPolicy: policy.name, source: policy.source }, notice.message);
  });
  if (startLine) {
    void readAtStart(redis).then((policy) => {
      unansweredAtStart = policy === null;
      const notice = startNotice(policy, kept);
      if (notice) logger[notice.level](notice.message);
    });
  }
  const read = () => void redis.maxmemoryPolicy().catch(() => {});
  const timer = setInterval(read, Math.max(MIN_READ_EVERY_MS, redis.policyRecheckMs)).unref();
  return () => clearInterval(timer);
}

/** Under WORKERS=N, the cluster's /metrics shows the lowest: one worker refusing is what to alert on. */
function spentTokensGauge(registry: Registry): Gauge {
  return new Gauge({
    name: 'mcp_spent_tokens_safe',
    help: '1 when the Redis recording spent MCP confirmation tokens keeps them until they expire (its maxmemory-policy is noeviction), 0 when it may evict them, its policy is unknown or not read yet: confirmed MCP writes are then refused.',
    registers: [registry],
    aggregator: 'min',
  });
}
