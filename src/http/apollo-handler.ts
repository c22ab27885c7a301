// The last step of /graphql: hands the request to Apollo Server and writes its answer. It does what
// @as-integrations/express5 does, minus two costs paid on every request there: the legacy
// `url.parse` of the whole URL (only the query string is needed), and `res.send`, which copies
// answers over 1000 characters into a Buffer so Node writes the headers and the body as two
// chunks. Here the answer string goes to `res.end` with its length, and Node sends headers and
// body in one write (docs/performance.md).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HeaderMap, type ApolloServer, type BaseContext, type HTTPGraphQLRequest } from '@apollo/server';
import { compressStream, sendAnswer } from './compression.ts';

export type ContextFunction<TContext> = (req: IncomingMessage, res: ServerResponse) => TContext | Promise<TContext>;

/** What the edge read of a request: its query string (`?...` or '') and its parsed JSON body. */
export interface EdgeRequest {
  search: string;
  body: unknown;
}

export type GraphQLHandler = (req: IncomingMessage, res: ServerResponse, request: EdgeRequest) => Promise<void>;

/** Runs `server` on a request whose JSON body (if any) the edge has already read. */
export function apolloHandler<TContext extends BaseContext>(server: ApolloServer<TContext>, context: ContextFunction<TContext>): GraphQLHandler {
  server.assertStarted('apolloHandler()');
  return async (req, res, request) => {
    const answer = await server.executeHTTPGraphQLRequest({ httpGraphQLRequest: graphQLRequest(req, request), context: async () => context(req, res) });
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    res.statusCode = answer.status ?? 200;
    if (answer.body.kind === 'complete') {
      await sendComplete(req, res, answer.body.string);
      return;
    }
    // Incremental delivery (@defer): each part as it comes, through the compression middleware;
    // `flush` pushes it through.
    compressStream(req, res);
    for await (const chunk of answer.body.asyncIterator) {
      res.write(chunk);
      (res as ServerResponse & { flush?: () => void }).flush?.();
    }
    res.end();
  };
}

function graphQLRequest(req: IncomingMessage, { search, body }: EdgeRequest): HTTPGraphQLRequest {
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return { method: (req.method ?? 'GET').toUpperCase(), headers, search, body };
}

/** The query string of a request target (`/graphql?query=...` -> `?query=...`), without building a URL object. */
export function searchOf(url = ''): string {
  const query = url.indexOf('?');
  return query === -1 ? '' : url.slice(query);
}

/** A complete answer: a charset on its type (as Express sends text), then its length and one write, compressed when it should be (Node drops the body of a HEAD). */
function sendComplete(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> | undefined {
  const type = res.getHeader('content-type');
  if (typeof type === 'string' && !/;\s*charset=/i.test(type)) res.setHeader('content-type', `${type}; charset=utf-8`);
  return sendAnswer(req, res, body);
}
