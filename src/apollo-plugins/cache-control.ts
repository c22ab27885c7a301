// Cache-Control on every GraphQL answer (docs/caching-and-quota.md, "HTTP caching and routers"):
// answers depend on the caller's key, so only a private cache (a browser, or a router's cache scoped
// per key) may keep them, and `Vary: Authorization` (set at the edge, src/http/graphql-edge.ts) tells
// every cache so. A query answered without errors may be kept until the first of the cached upstream
// answers it used expires in the gateway's own read cache, so a downstream copy never outlives what
// the gateway itself would serve. Not kept at all: mutations, answers with errors, answers built on
// something the gateway never caches (an activity log, a POST that reads, the key's quota), and
// answers carrying the request's own upstream report.
// Set by the gateway's request listener (gateway-plugin.ts) as the answer is sent.
import type { GraphQLRequestContextWillSendResponse } from '@apollo/server';
import { OperationTypeNode } from 'graphql';
import type { GatewayContext } from '../context.ts';

export type CacheControl = (request: GraphQLRequestContextWillSendResponse<GatewayContext>) => void;

/** Kept by no cache: also what the edge sets on every /graphql answer before Apollo Server decides (src/http/graphql-edge.ts). */
export const NOT_KEPT = 'private, no-store';
/** Kept, but checked with the gateway before each use: what the cache being off, or an entry about to expire, allows. */
export const REVALIDATED = 'private, no-cache';

export function cacheControl(cacheTtlMs: number, now: () => number = Date.now): CacheControl {
  return ({ response, operation, contextValue }) => {
    const single = response.body.kind === 'single' ? response.body.singleResult : null;
    const query = operation?.operation === OperationTypeNode.QUERY && single !== null && !single.errors?.length;
    const keepable = query && !contextValue.report.notKeepable && !contextValue.wantsReport;
    response.http.headers.set('cache-control', keepable ? kept(cacheTtlMs, contextValue.report.firstExpiry, now()) : NOT_KEPT);
  };
}

/** `max-age`: whole seconds left before the first cached answer used expires (the full lifetime when none was used). */
function kept(cacheTtlMs: number, firstExpiry: number | null, now: number): string {
  const remainingMs = firstExpiry === null ? cacheTtlMs : Math.min(cacheTtlMs, firstExpiry - now);
  const maxAge = Math.floor(remainingMs / 1000);
  return maxAge > 0 ? `private, max-age=${maxAge}` : REVALIDATED;
}
