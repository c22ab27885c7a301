// CORS for /graphql: any origin (callers authenticate with their own key, never with cookies), and
// the request headers that standard browser clients add, so their preflight passes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from 'cors';

/** Request headers a browser on another origin may send. */
export const CORS_ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'accept',
  // Gateway features.
  'x-upstream-report',
  'x-request-id',
  // graphql-sse's single-connection mode names its reserved stream with it.
  'x-graphql-event-stream-token',
  // Apollo Server's CSRF prevention and Apollo Client's clientAwareness.
  'apollo-require-preflight',
  'x-apollo-operation-name',
  'apollographql-client-name',
  'apollographql-client-version',
  // W3C trace context and baggage (OpenTelemetry web instrumentation).
  'traceparent',
  'tracestate',
  'baggage',
];

/** Response headers a browser script may read. */
export const CORS_EXPOSED_HEADERS = ['x-request-id', 'retry-after'];

export function graphqlCors() {
  // Lists handed over joined: `cors` joins an array again on every request.
  return cors<cors.CorsRequest>({
    origin: true,
    methods: 'GET,POST,OPTIONS',
    allowedHeaders: CORS_ALLOWED_HEADERS.join(','),
    exposedHeaders: CORS_EXPOSED_HEADERS.join(','),
    maxAge: 600,
  });
}

/**
 * The CORS step of the /graphql edge (graphql-edge.ts): the `cors` package's middleware, run on
 * the edge's plain node:http request. Returns true when it answered the request itself (a
 * preflight); its callback runs, synchronously, for every other request.
 */
export function graphqlCorsStep(): (req: IncomingMessage, res: ServerResponse) => boolean {
  const middleware = graphqlCors();
  return (req, res) => {
    let passedOn = false;
    middleware(req, res, () => {
      passedOn = true;
    });
    return !passedOn;
  };
}
