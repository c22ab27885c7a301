// Cache-Control on every GraphQL answer (docs/caching-and-quota.md, "HTTP caching"): answers depend on
// the caller's key, so only a private cache (a browser, or a router's cache scoped per key) may keep
// them. A query answered without errors may be kept as long as the gateway's own read cache keeps
// its upstream answers (`UPSTREAM_CACHE_TTL_MS`); a mutation or an answer with errors is not kept.
// Set by the gateway's request listener (gateway-plugin.ts) as the answer is sent.
import type { GraphQLRequestContextWillSendResponse } from '@apollo/server';
import { OperationTypeNode } from 'graphql';
import type { GatewayContext } from '../context.ts';

export type CacheControl = (request: GraphQLRequestContextWillSendResponse<GatewayContext>) => void;

export function cacheControl(cacheTtlMs: number): CacheControl {
  const maxAge = Math.floor(cacheTtlMs / 1000);
  const cacheable = maxAge > 0 ? `private, max-age=${maxAge}` : 'private, no-cache';
  return ({ response, operation }) => {
    const single = response.body.kind === 'single' ? response.body.singleResult : null;
    const keepable = operation?.operation === OperationTypeNode.QUERY && single !== null && !single.errors?.length;
    response.http.headers.set('cache-control', keepable ? cacheable : 'private, no-store');
  };
}
