// Live updates of one gateway: the hub (one activity-log poller per project) and the
// graphql-ws and graphql-sse transports in front of it. server.ts mounts it in two lines.
import type http from 'node:http';
import type { Logger } from 'pino';
import type { GatewayMetrics } from '../observability.ts';
import { parseOptions, queryLimitRules } from '../query-limits.ts';
import { gatewaySchema } from '../schema.ts';
import type { UpstreamTransport } from '../upstream-client/client/http.ts';
import { SubscriptionHub } from './hub.ts';
import { subscriptionOptions, type SubscriptionOptions } from './options.ts';
import { mountLiveTransports, type LiveTransports } from './transports.ts';

export interface LiveUpdates extends LiveTransports {
  hub: SubscriptionHub;
}

export function startLiveUpdates(init: {
  httpServer: http.Server;
  path: string;
  transport: UpstreamTransport;
  logger: Logger;
  metrics: GatewayMetrics;
  options?: Partial<SubscriptionOptions> | undefined;
}): LiveUpdates {
  const hub = new SubscriptionHub(init.transport, subscriptionOptions(init.options));
  const transports = mountLiveTransports({
    httpServer: init.httpServer,
    path: init.path,
    schema: gatewaySchema(),
    validationRules: queryLimitRules(),
    parseOptions,
    hub,
    transport: init.transport,
    logger: init.logger,
    metrics: init.metrics,
  });
  return { hub, ...transports };
}
