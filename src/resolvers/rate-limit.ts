// `Query.rateLimit`: the caller's key against the upstream's quota (docs/caching-and-quota.md, "Quota").
import type { GatewayContext } from '../context.ts';
import { rateLimitSummary, type RateLimitSummary } from '../upstream-client/across-requests/across-requests.ts';

/** The key's counts once the operation's other upstream calls are done, so `cost` includes them; null without a key. */
export async function rateLimitOf(ctx: GatewayContext): Promise<RateLimitSummary | null> {
  // The key's counts change with every call: no cache may keep an answer showing them.
  ctx.report.markNotKeepable();
  await ctx.report.idle();
  const quota = await ctx.client.keyQuota();
  return quota && rateLimitSummary(quota.windows, ctx.report.upstreamCalls, quota.heldForSeconds);
}
