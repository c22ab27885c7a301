// Mounts live updates on the gateway's HTTP server: graphql-ws (`graphql-transport-ws`) on
// WebSocket upgrades of the GraphQL path, and GraphQL over SSE (graphql-sse) on
// `<GraphQL path>/stream`. Both run subscriptions through execute.ts with the same schema,
// validation rules, input limits and error formatting as HTTP; SSE bodies are read as /graphql's are.
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import type { Request, RequestHandler, Response } from 'express';
import { GraphQLError, type ExecutionResult, type GraphQLSchema, type ParseOptions, type ValidationRule } from 'graphql';
import { WebSocketServer, type WebSocket } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { createHandler } from 'graphql-sse/lib/use/express';
import type { Logger } from 'pino';
import { createEventContext, type GatewayContext } from '../context.ts';
import { jsonBody, MAX_BODY_BYTES, REFUSED } from '../http/json-body.ts';
import type { GatewayMetrics } from '../observability.ts';
import type { UpstreamTransport } from '../upstream-client/client/http.ts';
import { subscribeWithEventContext } from './execute.ts';
import type { ConnectionBudget, SubscriptionHub } from './hub.ts';
import { attachLive } from './live-context.ts';
import { formatErrors, formatResult, isRefusal, subscriptionOperation, tokenFrom } from './operation.ts';

export interface LiveTransportsOptions {
  httpServer: http.Server;
  /** The GraphQL path, e.g. `/graphql`. */
  path: string;
  schema: GraphQLSchema;
  validationRules: readonly ValidationRule[];
  /** graphql-js parse options (the token limit), as for HTTP. */
  parseOptions: ParseOptions;
  hub: SubscriptionHub;
  transport: UpstreamTransport;
  logger: Logger;
  /** Counts the SSE bodies refused as /graphql's are. */
  metrics: GatewayMetrics;
}

export interface LiveTransports {
  /** Express handler to mount on `<path>/stream` before any body parser. */
  sseHandler: RequestHandler;
  /** Closes every WebSocket and ends every subscription. */
  close(): Promise<void>;
}

export function mountLiveTransports(options: LiveTransportsOptions): LiveTransports {
  // A message is held whole before it is parsed: at most what /graphql accepts as a body (ws closes with 1009 beyond).
  const webSockets = new WebSocketServer({ noServer: true, maxPayload: MAX_BODY_BYTES });
  const wsServer = useServer(graphqlWsOptions(options), webSockets, options.hub.options.heartbeatMs);
  const onUpgrade = (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== options.path) return;
    webSockets.handleUpgrade(request, socket, head, (ws) => webSockets.emit('connection', ws, request));
  };
  options.httpServer.on('upgrade', onUpgrade);
  return {
    sseHandler: sseHandler(options),
    async close() {
      options.httpServer.off('upgrade', onUpgrade);
      options.hub.close();
      await wsServer.dispose();
    },
  };
}

/** A context for one key, with the hub and the connection's budget attached. */
function liveContext(options: LiveTransportsOptions, token: string | null, budget: ConnectionBudget): GatewayContext {
  const eventContext = () => createEventContext(token, options.transport, options.logger);
  return attachLive(eventContext(), { hub: options.hub, budget, eventContext });
}

type WsExtra = { socket: WebSocket; request: http.IncomingMessage };

function graphqlWsOptions(options: LiveTransportsOptions): Parameters<typeof useServer<Record<string, unknown>, WsExtra>>[0] {
  const budgets = new WeakMap<WebSocket, ConnectionBudget>();
  return {
    schema: options.schema,
    onSubscribe: (ctx, _id, payload) => {
      const operation = subscriptionOperation(options, payload);
      if (isRefusal(operation)) return operation;
      let budget = budgets.get(ctx.extra.socket);
      if (!budget) budgets.set(ctx.extra.socket, (budget = { open: 0 }));
      const token = tokenFrom(ctx.connectionParams, ctx.extra.request.headers.authorization);
      return { schema: options.schema, ...operation, contextValue: liveContext(options, token, budget) };
    },
    subscribe: subscribeWithEventContext,
    onNext: (_ctx, _id, _payload, _args, result) => formatResult(result, options.logger),
    onError: (_ctx, _id, _payload, errors) => formatErrors(errors, options.logger),
  };
}

function sseHandler(options: LiveTransportsOptions): RequestHandler {
  // Single-connection mode: operations of one reserved stream share its budget.
  const streams = new Map<string, ConnectionBudget>();
  const budgetOf = (req: Request): { budget: ConnectionBudget; release: () => void } => {
    const stream = req.get('x-graphql-event-stream-token') ?? (typeof req.query.token === 'string' ? req.query.token : undefined);
    if (!stream) return { budget: { open: 0 }, release: () => {} };
    const budget = streams.get(stream) ?? { open: 0 };
    streams.set(stream, budget);
    return { budget, release: () => budget.open === 0 && streams.delete(stream) };
  };
  const handler = createHandler<Record<string, unknown>>({
    schema: options.schema,
    onSubscribe: (req, params) => {
      const operation = subscriptionOperation(options, params);
      if (isRefusal(operation)) return sseRefusal(operation);
      const { budget } = budgetOf(req.raw);
      const token = tokenFrom(undefined, req.raw.headers.authorization);
      return { schema: options.schema, ...operation, contextValue: liveContext(options, token, budget) as unknown as Record<string, unknown> };
    },
    subscribe: subscribeWithEventContext,
    onNext: (_ctx, _req, result) => formatResult(result as never, options.logger) as never,
    onComplete: (_ctx, req) => budgetOf(req.raw).release(),
  });
  const readBody = postBody(options);
  const serve = async (req: Request, res: Response) => {
    if (await readBody(req, res)) await handler(req, res);
  };
  return (req, res, next) => {
    serve(req, res).catch(next);
  };
}

/**
 * A refusal as graphql-sse streams it (onNext formats its errors). graphql-sse takes an object for a
 * result only when it has a `data` key, and otherwise answers "Unable to detect operation AST";
 * an undefined `data` is left out of the event, as a request error has none.
 */
function sseRefusal(errors: readonly GraphQLError[]): ExecutionResult {
  return { data: undefined, errors };
}

/**
 * Reads a POST's JSON body as /graphql does (the same size limit and refusals) and hands it to
 * graphql-sse, which would otherwise read any body whole, however large. Resolves to false when
 * the request was refused. A body neither reader takes (another Content-Type) stays unread:
 * graphql-sse answers 415, or 'Missing query' when the type only contains `application/json`.
 */
function postBody(options: LiveTransportsOptions): (req: Request, res: Response) => Promise<boolean> {
  const readBody = jsonBody({ metrics: options.metrics, logger: options.logger });
  return async (req, res) => {
    if (req.method !== 'POST') return true;
    const body = await readBody(req, res);
    if (body === REFUSED) return false;
    req.body = body ?? {};
    return true;
  };
}
