// The /graphql handler that hands each request to Apollo Server and writes its answer. It does
// what @as-integrations/express5 does, minus two costs paid on every request there: the legacy
// `url.parse` of the whole URL (only the query string is needed), and `res.send`, which copies
// answers over 1000 characters into a Buffer so Node writes the headers and the body as two
// chunks. Here the answer string goes to `res.end` with its length, and Node sends headers and
// body in one write (docs/performance.md).
import type { Request, RequestHandler, Response } from 'express';
import { HeaderMap, type ApolloServer, type BaseContext, type HTTPGraphQLRequest } from '@apollo/server';

export type ContextFunction<TContext> = (req: Request, res: Response) => TContext | Promise<TContext>;

/** Runs `server` on requests whose JSON body (if any) `express.json` has already read. */
export function apolloHandler<TContext extends BaseContext>(server: ApolloServer<TContext>, context: ContextFunction<TContext>): RequestHandler {
  server.assertStarted('apolloHandler()');
  return async (req, res) => {
    const answer = await server.executeHTTPGraphQLRequest({ httpGraphQLRequest: graphQLRequest(req), context: async () => context(req, res) });
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    res.statusCode = answer.status ?? 200;
    if (answer.body.kind === 'complete') {
      sendComplete(res, answer.body.string);
      return;
    }
    // Incremental delivery (@defer): each part as it comes; `flush` pushes it through compression.
    for await (const chunk of answer.body.asyncIterator) {
      res.write(chunk);
      (res as Response & { flush?: () => void }).flush?.();
    }
    res.end();
  };
}

function graphQLRequest(req: Request): HTTPGraphQLRequest {
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const query = req.url.indexOf('?');
  return { method: req.method.toUpperCase(), headers, search: query === -1 ? '' : req.url.slice(query), body: req.body as unknown };
}

/** A complete answer: its length, a charset on its type (as Express sends text), one write (Node drops the body of a HEAD). */
function sendComplete(res: Response, body: string): void {
  const type = res.getHeader('content-type');
  if (typeof type === 'string' && !/;\s*charset=/i.test(type)) res.setHeader('content-type', `${type}; charset=utf-8`);
  res.setHeader('content-length', Buffer.byteLength(body));
  res.end(body);
}
