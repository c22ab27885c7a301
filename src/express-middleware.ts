// Express -> Apollo Server bridge: what `@as-integrations/express5`'s expressMiddleware does, with
// one difference that matters under load. The package reads the query string with the deprecated
// `url.parse()`, and Node 24 then checks on every call whether to print DEP0169: called from inside
// node_modules it never prints, so it never stops checking, and each check captures a stack trace
// (nodejs/node#60991). That was ~3.5% of the gateway's CPU on the benchmark.
import type { Request, RequestHandler, Response } from 'express';
import { HeaderMap, type ApolloServer, type BaseContext, type ContextFunction } from '@apollo/server';

/** Serves GraphQL over HTTP with `server` (started); `express.json()` must run first. */
export function expressMiddleware<TContext extends BaseContext>(
  server: ApolloServer<TContext>,
  options: { context: ContextFunction<[{ req: Request; res: Response }], TContext> },
): RequestHandler {
  server.assertStarted('expressMiddleware()');
  return async (req, res) => {
    if (!('body' in req)) {
      res.status(500);
      res.send('`req.body` is not set; this probably means you forgot to set up the `json` middleware before the Apollo Server middleware.');
      return;
    }
    const headers = new HeaderMap();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    const response = await server.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: req.method.toUpperCase(), headers, search: searchOf(req.url), body: req.body },
      context: () => options.context({ req, res }),
    });
    for (const [key, value] of response.headers) res.setHeader(key, value);
    res.statusCode = response.status || 200;
    if (response.body.kind === 'complete') {
      res.send(response.body.string);
      return;
    }
    for await (const chunk of response.body.asyncIterator) {
      res.write(chunk);
      (res as Response & { flush?: () => void }).flush?.();
    }
    res.end();
  };
}

/** The `?...` part of a request target, fragment excluded ('' when there is none), as url.parse's `search`. */
export function searchOf(url: string): string {
  const hash = url.indexOf('#');
  const target = hash === -1 ? url : url.slice(0, hash);
  const query = target.indexOf('?');
  return query === -1 ? '' : target.slice(query);
}
