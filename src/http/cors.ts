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
  return cors<cors.CorsRequest>({
    origin: true,
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: 600,
  });
}

/** `Access-Control-Expose-Headers` as the `cors` package writes it. */
const EXPOSED = CORS_EXPOSED_HEADERS.join(',');

/**
 * The CORS step of the /graphql edge (graphql-edge.ts). Returns true when it answered the request
 * itself (a preflight). The preflight is the `cors` package's own answer; on every other request,
 * what that package adds (with `origin: true`) is three fixed headers, written here directly: the
 * package rebuilds its options object and header lists on each request (docs/performance.md,
 * "Fixed costs"). test/http/cors-step.test.ts compares both header by header.
 */
export function graphqlCorsStep(): (req: IncomingMessage, res: ServerResponse) => boolean {
  const preflight = graphqlCors();
  const answered = () => {
    throw new Error('cors: a preflight is answered, never passed on');
  };
  return (req, res) => {
    if (req.method === 'OPTIONS') {
      preflight(req, res, answered);
      return true;
    }
    const origin = req.headers.origin;
    if (origin) res.setHeader('Access-Control-Allow-Origin', origin);
    // The edge's first header: nothing to merge with yet, so `vary` would set exactly this.
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED);
    return false;
  };
}
