// The /mcp route of one gateway (docs/mcp.md): the tools built once from the operations, and the
// endpoint that serves them through the gateway's Apollo Server.
import { readFileSync } from 'node:fs';
import type { ApolloServer } from '@apollo/server';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { GatewayContext } from '../context.ts';
import { gatewaySchema } from '../schema.ts';
import type { GatewayTracer } from '../tracing.ts';
import { buildCatalog, shippedOperations, type McpTool, type OperationSource } from './catalog.ts';
import { Confirmations } from './confirmation.ts';
import { mcpEndpoint } from './endpoint.ts';
import { executeThrough, type ContextOfHeaders } from './execute.ts';
import { allowedHosts } from './hosts.ts';
import { ToolCallObserver } from './observe.ts';
import type { McpMutations } from './settings.ts';
import { MemorySpentTokens, RedisSpentTokens, type SpentTokens } from './spent-tokens.ts';
import type { RedisLink } from '../upstream-client/across-requests/redis-link.ts';

export { isMcpTarget } from './endpoint.ts';

/** The MCP settings of `GatewayOptions` (src/server.ts), under the names of `Config`. */
export interface McpSettings {
  /** The tools, already built (main.ts builds them to check them before anything starts); when absent, built from the two below. */
  mcpTools?: ReadonlyMap<string, McpTool>;
  /** The operations served as tools; default the shipped ones (src/mcp/operations/). */
  mcpOperations?: readonly OperationSource[];
  /** MCP_MUTATIONS (default `off`): the tools built when `mcpTools` is absent; `explicit` also says spent confirmation tokens are kept (in Redis, with one). */
  mcpMutations?: McpMutations;
  /** MCP_ALLOWED_HOSTS, besides loopback. */
  mcpAllowedHosts?: readonly string[];
  /** MCP_CONFIRMATION_SECRET (default: random per start). */
  mcpConfirmationSecret?: string;
  /** Where a worker without Redis records spent confirmation tokens: its primary (src/cluster-spent-tokens.ts). */
  mcpSpentTokens?: SpentTokens;
}

export interface McpRouteParts {
  server: ApolloServer<GatewayContext>;
  context: ContextOfHeaders;
  logger: Logger;
  registry: Registry;
  tracer: GatewayTracer;
  /** The gateway's Redis link (REDIS_URL), where spent confirmation tokens are shared by every replica. */
  redis: RedisLink | null;
}

/** The `version` of package.json (next to src/ from the sources, beside dist/ once built), sent in `initialize`. */
function gatewayVersion(): string {
  for (const path of ['../../package.json', '../../../package.json']) {
    try {
      const { name, version } = JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (name === 'posthog-graphql-gateway' && version) return version;
    } catch {
      // not there: the next place
    }
  }
  return '0.0.0';
}

/** The /mcp listener. Throws `McpCatalogError` when the operations cannot all be tools. */
export function mcpRoute(settings: McpSettings, parts: McpRouteParts) {
  const tools = settings.mcpTools ?? buildCatalog(gatewaySchema(), settings.mcpOperations ?? shippedOperations(), settings.mcpMutations ?? 'off');
  return mcpEndpoint(
    {
      tools,
      execute: executeThrough(parts.server, parts.context),
      allowedHosts: allowedHosts(settings.mcpAllowedHosts),
      confirmations: new Confirmations(settings.mcpConfirmationSecret, spentTokens(settings, parts.redis)),
      observer: new ToolCallObserver(parts.registry, parts.logger, parts.tracer),
      version: gatewayVersion(),
    },
    parts.logger,
  );
}

/** Redis when there is one (every replica sees a use), else the primary's record, else this process's. */
function spentTokens(settings: McpSettings, redis: RedisLink | null): SpentTokens {
  if (redis) return new RedisSpentTokens(redis);
  return settings.mcpSpentTokens ?? new MemorySpentTokens();
}
