// The /graphql edge as a plain node:http request listener, in front of Express (docs/http-edge.md):
//
//   CORS -> JSON body -> trusted documents (when configured) -> Apollo Server, and a last-resort
//   handler for anything that throws. Answers are compressed as they are sent (compression.ts).
//
// Express stays for every other route. Through Express, each request to /graphql paid for the
// framework itself (re-prototyping req/res, the router, its layers and debug calls, finalhandler)
// before any of these steps ran (docs/performance.md, "Fixed costs").
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApolloServer, BaseContext } from '@apollo/server';
import express, { type Response } from 'express';
import type { Logger } from 'pino';
import { NOT_KEPT } from '../apollo-plugins/cache-control.ts';
import type { GatewayMetrics } from '../observability.ts';
import type { TrustedDocuments } from '../trusted-documents/store.ts';
import { apolloHandler, searchOf, type ContextFunction } from './apollo-handler.ts';
import { graphqlCorsStep } from './cors.ts';
import { jsonBody, REFUSED } from './json-body.ts';
import { trustedDocumentsGate } from './trusted-documents.ts';
import { unexpectedErrors } from './unexpected-errors.ts';

export const GRAPHQL_PATH = '/graphql';

export interface GraphQLEdgeOptions<TContext extends BaseContext> {
  server: ApolloServer<TContext>;
  context: ContextFunction<TContext>;
  metrics: GatewayMetrics;
  logger: Logger;
  trustedDocuments: TrustedDocuments | undefined;
}

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** The listener that serves /graphql (every method: GET, POST, the OPTIONS preflight, and the refusals of the others). */
export function graphqlEdge<TContext extends BaseContext>(options: GraphQLEdgeOptions<TContext>): RequestListener {
  const observers = { metrics: options.metrics, logger: options.logger };
  const cors = graphqlCorsStep();
  const readBody = jsonBody(observers);
  const gate = options.trustedDocuments ? trustedDocumentsGate(options.trustedDocuments, observers) : undefined;
  const apollo = apolloHandler(options.server, options.context);
  const unexpected = unexpectedErrors(options.logger);

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (cors(req, res)) return;
    perKeyAnswer(res);
    const body = await readBody(req, res);
    if (body === REFUSED) return;
    const request = { search: searchOf(req.url), body };
    if (gate && !(await gate(req, res, request))) return;
    await apollo(req, res, request);
  }

  return (req, res) => {
    serve(req, res).catch((error: unknown) => unexpected(error, req, res));
  };
}

/**
 * Every answer depends on the caller's key: a cache must tell keys apart (`Vary: Authorization`), and
 * keeps nothing unless Apollo Server's answer says it may (apollo-plugins/cache-control.ts sets
 * Cache-Control on every operation's answer; refusals and Apollo's own HTTP errors keep this one).
 * The preflight goes without: no HTTP cache keeps an OPTIONS answer.
 */
function perKeyAnswer(res: ServerResponse): void {
  // Express's `res.vary` is the `vary` package's append, and needs nothing of Express.
  express.response.vary.call(res as Response, 'Authorization');
  res.setHeader('cache-control', NOT_KEPT);
}

/**
 * True for the request target every client uses: `/graphql`, with or without a query string. Other
 * spellings Express's routing also accepts for the mount (`/graphql/`, `/GraphQL`, a path below it)
 * go through Express, which hands them to the same listener (src/server.ts).
 */
export function isGraphQLTarget(url: string | undefined): boolean {
  return url !== undefined && url.startsWith(GRAPHQL_PATH) && (url.length === GRAPHQL_PATH.length || url[GRAPHQL_PATH.length] === '?');
}
