// The CORS step of the /graphql edge (src/http/cors.ts) is the `cors` package's middleware run on
// the edge's plain node:http request: it answers preflights itself and passes every other request
// on, with the package's headers.
import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { CORS_ALLOWED_HEADERS, graphqlCorsStep } from '../../src/http/cors.ts';

function exchange(method: string, headers: http.IncomingHttpHeaders): [http.IncomingMessage, http.ServerResponse] {
  const req = new http.IncomingMessage(new net.Socket());
  req.method = method;
  req.headers = headers;
  return [req, new http.ServerResponse(req)];
}

describe('the CORS step of the /graphql edge', () => {
  it.each(['POST', 'GET', 'PUT'])('passes a %s on with the headers a browser on another origin needs', (method) => {
    const [req, res] = exchange(method, { origin: 'https://app.example' });
    expect(graphqlCorsStep()(req, res)).toBe(false);
    expect(res.getHeader('access-control-allow-origin')).toBe('https://app.example');
    expect(res.getHeader('vary')).toBe('Origin');
    expect(res.getHeader('access-control-expose-headers')).toBe('x-request-id,retry-after');
  });

  it('allows no origin when the request names none', () => {
    const [req, res] = exchange('POST', {});
    expect(graphqlCorsStep()(req, res)).toBe(false);
    expect(res.getHeader('access-control-allow-origin')).toBeUndefined();
  });

  it('answers a preflight itself: 204, the methods, the allowed headers and how long to keep them', () => {
    const [req, res] = exchange('OPTIONS', {
      origin: 'https://app.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization',
    });
    expect(graphqlCorsStep()(req, res)).toBe(true);
    expect(res.statusCode).toBe(204);
    expect(res.getHeader('access-control-allow-methods')).toBe('GET,POST,OPTIONS');
    expect(res.getHeader('access-control-allow-headers')).toBe(CORS_ALLOWED_HEADERS.join(','));
    expect(res.getHeader('access-control-max-age')).toBe('600');
  });
});
