// The CORS step of the /graphql edge writes the `cors` package's headers itself on requests that
// are not preflights (src/http/cors.ts): here both run on the same requests and their headers are
// compared name by name, in order.
import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { graphqlCors, graphqlCorsStep } from '../../src/http/cors.ts';

function exchange(method: string, headers: http.IncomingHttpHeaders): [http.IncomingMessage, http.ServerResponse] {
  const req = new http.IncomingMessage(new net.Socket());
  req.method = method;
  req.headers = headers;
  return [req, new http.ServerResponse(req)];
}

/** What an answer carries after the step: status, and headers in the order they were set. */
function written(res: http.ServerResponse) {
  return { status: res.statusCode, headers: res.getHeaderNames().map((name) => [name, res.getHeader(name)]) };
}

const REQUESTS: Array<[string, http.IncomingHttpHeaders]> = [
  ['POST', {}],
  ['POST', { origin: 'https://app.example' }],
  ['POST', { origin: '' }],
  ['GET', { origin: 'null' }],
  ['PUT', { origin: 'https://app.example' }],
  ['OPTIONS', { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' }],
  ['OPTIONS', {}],
];

describe('the CORS step of the /graphql edge', () => {
  it.each(REQUESTS)('%s %o: the same headers as the cors package', (method, headers) => {
    const [packageReq, packageRes] = exchange(method, headers);
    let passedOn = false;
    void graphqlCors()(packageReq, packageRes, () => {
      passedOn = true;
    });
    const [stepReq, stepRes] = exchange(method, headers);
    const answered = graphqlCorsStep()(stepReq, stepRes);

    expect(answered).toBe(!passedOn);
    expect(answered).toBe(method === 'OPTIONS');
    expect(written(stepRes)).toEqual(written(packageRes));
  });
});
