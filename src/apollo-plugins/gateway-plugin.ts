// The gateway's own work at each stage of an operation, in one request listener: Apollo Server
// awaits every request listener at every stage of every request (docs/performance.md, "Fixed
// costs"), so each concern is a function called by name here rather than a plugin of its own.
//   validation          only a limit's own error is kept (src/query-limits.ts)
//   operation resolved  admission: input limits, token, cost limit (admission.ts)
//   errors              masked errors logged with the request id (src/observability.ts)
//   answer              Cache-Control (cache-control.ts), request ids on errors, metrics, log line
// The upstream report (upstream-report.ts) and tracing listen only to the requests that ask.
import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import type { Logger } from 'pino';
import type { GatewayContext } from '../context.ts';
import { logMaskedErrors, logOperation, stampRequestIds, type AnsweredRequest } from '../observability.ts';
import { costHints } from '../query-cost.ts';
import { keepOnlyLimitErrors } from '../query-limits.ts';
import { admission } from './admission.ts';
import { cacheControl } from './cache-control.ts';

export interface GatewayPluginOptions {
  /** Operations scoring more are refused (default QUERY_LIMITS.maxCost). */
  maxCost?: number;
  /** How long answers may be kept by a private cache, in ms (`UPSTREAM_CACHE_TTL_MS`). */
  cacheTtlMs: number;
  /** Counts the answered operation (src/observability.ts `createMetrics`). */
  recordOperation: (request: AnsweredRequest) => void;
  logger: Logger;
}

export function gatewayPlugin({ maxCost, cacheTtlMs, recordOperation, logger }: GatewayPluginOptions): ApolloServerPlugin<GatewayContext> {
  const admit = admission(maxCost);
  const setCacheControl = cacheControl(cacheTtlMs);
  // It keeps no state of its own: the one listener serves every request.
  const listener: GraphQLRequestListener<GatewayContext> = {
    async validationDidStart() {
      return keepOnlyLimitErrors;
    },
    async didResolveOperation(request) {
      admit(request);
    },
    async didEncounterErrors(request) {
      logMaskedErrors(request);
    },
    async willSendResponse(request) {
      setCacheControl(request);
      stampRequestIds(request);
      recordOperation(request);
      logOperation(logger, request);
    },
  };
  return {
    async serverWillStart({ schema }) {
      costHints(schema); // read the hints at startup, not on the first request
    },
    async requestDidStart() {
      return listener;
    },
  };
}
