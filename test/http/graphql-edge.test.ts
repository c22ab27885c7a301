// The /graphql edge as its own request listener (src/http/graphql-edge.ts) answers as the Express
// middleware chain did: the headers CORS and compression add to every answer, the preflight, every
// shape of JSON body (read by read-json.ts or by body-parser), the other spellings of the path, and
// a GraphQL-shaped 500 for what fails outside Apollo Server.
import http from 'node:http';
import net from 'node:net';
import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import type { KeyValueCache } from '@apollo/utils.keyvaluecache';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../../src/server.ts';
import { TrustedDocumentStore } from '../../src/trusted-documents/store.ts';
import { startStack, type Stack } from '../gateway/helpers.ts';

const logLines: string[] = [];
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

/** A trusted-document store whose cache is down: every lookup rejects. */
const brokenCache: KeyValueCache<string> = {
  get: () => Promise.reject(new Error('cache unreachable')),
  set: () => Promise.reject(new Error('cache unreachable')),
  delete: () => Promise.reject(new Error('cache unreachable')),
};

let stack: Stack;
let broken: RunningGateway;
beforeAll(async () => {
  stack = await startStack({ gateway: { logLevel: 'info', logDestination: logSink } });
  broken = await startGateway({
    upstreamUrl: stack.upstream.url,
    port: 0,
    host: '127.0.0.1',
    logLevel: 'info',
    logDestination: logSink,
    trustedDocuments: { store: new TrustedDocumentStore(brokenCache), mode: 'enforce' },
  });
});
afterAll(async () => {
  await Promise.all([broken?.stop(), stack?.stop()]);
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request with exactly these headers and body bytes (fetch would add and normalize headers). */
function raw(method: string, path: string, headers: http.OutgoingHttpHeaders, body?: string | Buffer, options: { chunked?: boolean } = {}): Promise<Raw> {
  const { port } = new URL(stack.gatewayUrl);
  const sent: http.OutgoingHttpHeaders = { ...headers };
  if (body !== undefined && !options.chunked) sent['content-length'] = Buffer.byteLength(body);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: sent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined && options.chunked) {
      const bytes = Buffer.from(body);
      req.write(bytes.subarray(0, 10));
      req.end(bytes.subarray(10));
    } else req.end(body);
  });
}

const json = () => ({ 'content-type': 'application/json', authorization: `Bearer ${stack.keys[0]}` });
const typename = JSON.stringify({ query: '{ __typename }' });
const TYPENAME = '{"data":{"__typename":"Query"}}\n';
const NOT_JSON = { errors: [{ message: 'The request body is not valid JSON.', extensions: { code: 'BAD_REQUEST' } }] };

async function refusedCount(code: string): Promise<number> {
  const text = await (await fetch(`${stack.gateway.baseUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`graphql_refused_requests_total{code="${code}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('headers on every answer', () => {
  it('names Origin, Authorization and Accept-Encoding in Vary even when the client accepts no encoding, and exposes the request id', async () => {
    const res = await raw('POST', '/graphql', { ...json(), 'x-request-id': 'edge-1' }, typename);
    expect(res.text).toBe(TYPENAME);
    expect(res.headers.vary).toBe('Origin, Authorization, Accept-Encoding');
    expect(res.headers['access-control-expose-headers']).toBe('x-request-id,retry-after');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['x-request-id']).toBe('edge-1');
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('reflects the caller origin, and the landing page gets the same headers', async () => {
    const res = await raw('POST', '/graphql', { ...json(), origin: 'https://app.example' }, typename);
    expect(res.headers['access-control-allow-origin']).toBe('https://app.example');
    const page = await raw('GET', '/graphql', { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.headers.vary).toBe('Origin, Authorization, Accept-Encoding');
    const gzipped = await raw('GET', '/graphql', { accept: 'text/html', 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toBe('Origin, Authorization, Accept-Encoding');
  });

  it('answers the preflight itself: 204, the allow-lists and their max age, an empty body', async () => {
    const res = await raw('OPTIONS', '/graphql', { origin: 'https://app.example', 'access-control-request-method': 'POST' });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': 'https://app.example',
      'access-control-allow-methods': 'GET,POST,OPTIONS',
      'access-control-max-age': '600',
      'access-control-expose-headers': 'x-request-id,retry-after',
      'content-length': '0',
      vary: 'Origin',
    });
    expect(res.headers['access-control-allow-headers']).toContain('apollographql-client-name');
  });
});

describe('JSON bodies, read with or without body-parser', () => {
  const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
  it.each<[string, () => http.OutgoingHttpHeaders, string | Buffer]>([
    ['a byte-order mark', json, Buffer.concat([BOM, Buffer.from(typename)])],
    ['leading whitespace', json, `\r\n\t ${typename}`],
    ['charset=UTF-8', () => ({ ...json(), 'content-type': 'application/json; charset=UTF-8' }), typename],
    ['charset without a space', () => ({ ...json(), 'content-type': 'application/json;charset=utf-8' }), typename],
    ['another Unicode charset (body-parser)', () => ({ ...json(), 'content-type': 'application/json; charset=utf-16le' }), Buffer.from(typename, 'utf16le')],
    ['a gzip-compressed body (body-parser)', () => ({ ...json(), 'content-encoding': 'gzip' }), gzipSync(typename)],
  ])('runs the operation of a body with %s', async (_case, headers, body) => {
    const res = await raw('POST', '/graphql', headers(), body);
    expect(res.status).toBe(200);
    expect(res.text).toBe(TYPENAME);
  });

  it('refuses what strict JSON refuses (a bare value), and leaves an empty body to Apollo Server', async () => {
    const bare = await raw('POST', '/graphql', json(), 'null');
    expect([bare.status, JSON.parse(bare.text)]).toEqual([400, NOT_JSON]);
    const empty = await raw('POST', '/graphql', json(), '');
    expect(empty.status).toBe(400);
    expect(JSON.parse(empty.text).errors[0].message).toBe('POST body missing, invalid Content-Type, or JSON object has no keys.');
  });

  it.each<[string, () => http.OutgoingHttpHeaders, string | Buffer, { chunked?: boolean }, number, string]>([
    [
      'a charset that is not Unicode',
      () => ({ ...json(), 'content-type': 'application/json; charset=latin1' }),
      typename,
      {},
      415,
      'The request body has an unsupported charset; send UTF-8 JSON.',
    ],
    [
      'an unknown content encoding',
      () => ({ ...json(), 'content-encoding': 'xyz' }),
      typename,
      {},
      415,
      'The request body has an unsupported content encoding.',
    ],
    ...[
      ['a plain body that says it is gzip', 'gzip', typename],
      ['a plain body that says it is deflate', 'deflate', typename],
      ['a plain body that says it is br', 'br', typename],
      ['a truncated gzip body', 'gzip', gzipSync(typename).subarray(0, 12)],
    ].map(([name, encoding, body]): [string, () => http.OutgoingHttpHeaders, string | Buffer, { chunked?: boolean }, number, string] => [
      name as string,
      () => ({ ...json(), 'content-encoding': encoding as string }),
      body!,
      {},
      400,
      'The request body could not be decoded as its Content-Encoding says.',
    ]),
    [
      'a chunked body over 1 MB',
      json,
      JSON.stringify({ query: `# ${'x'.repeat(1024 * 1024)}\n{ __typename }` }),
      { chunked: true },
      413,
      'The request body is larger than 1048576 bytes.',
    ],
  ])('refuses %s with a GraphQL-shaped BAD_REQUEST', async (_case, headers, body, options, status, message) => {
    const res = await raw('POST', '/graphql', headers(), body, options);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(res.text)).toEqual({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] });
  });

  it('counts and logs a body cut short as a refused BAD_REQUEST', async () => {
    const before = await refusedCount('BAD_REQUEST');
    const { port } = new URL(stack.gatewayUrl);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(`POST /graphql HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"query":`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await expect.poll(() => refusedCount('BAD_REQUEST'), { timeout: 5_000 }).toBe(before + 1);
    expect(logLines.join('')).toContain('"errors":["BAD_REQUEST"]');
  });
});

describe('the path', () => {
  it.each(['/graphql/', '/GraphQL', '/graphql?from=test'])('%s reaches the same edge (through Express for the other spellings)', async (path) => {
    const res = await raw('POST', path, json(), typename);
    expect(res.text).toBe(TYPENAME);
    expect(res.headers.vary).toBe('Origin, Authorization, Accept-Encoding');
  });

  it('leaves the other routes to Express', async () => {
    const health = await raw('GET', '/healthz', {});
    expect([health.status, health.text]).toEqual([200, '{"status":"ok"}']);
    expect((await raw('GET', '/graphqlx', {})).status).toBe(404);
  });
});

describe('a failure outside Apollo Server', () => {
  it('is a GraphQL-shaped 500 whose cause stays in the log', async () => {
    const { port } = new URL(broken.url);
    const res = await fetch(`http://127.0.0.1:${port}/graphql`, { method: 'POST', headers: json(), body: typename });
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({ errors: [{ message: 'Internal server error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
    expect(logLines.join('')).toContain('unexpected error at the HTTP edge');
    expect(logLines.join('')).toContain('cache unreachable');
  });
});
