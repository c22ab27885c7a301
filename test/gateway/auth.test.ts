// Token handling: no token -> UNAUTHENTICATED before any upstream call (introspection
// excepted); the caller's token, and nothing else of theirs, reaches the upstream; two
// callers in parallel never see each other's data.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { expectNoErrors, postGraphQL, useStack } from './helpers.ts';
import { KEY_A, KEY_B } from '../fixtures/seed.ts';
import { bearerToken } from '../../src/context.ts';
import { startGateway } from '../../src/server.ts';

const stack = useStack();

describe('bearer token parsing', () => {
  it.each<[string | undefined, string | null]>([
    ['Bearer phx_abc', 'phx_abc'],
    ['  Bearer   phx_abc  ', 'phx_abc'],
    ['bearer phx_abc', 'phx_abc'],
    ['Basic dXNlcjpwYXNz', null],
    ['Bearer ', null],
    ['phx_abc', null],
    [undefined, null],
  ])('%j -> %j', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });
});

describe('without a token', () => {
  it('refuses data operations with UNAUTHENTICATED and makes no upstream call', async () => {
    stack.upstream.resetRequests();
    for (const query of [
      '{ projects { totalCount } }',
      '{ __typename projects { totalCount } }',
      'mutation { createProject(input: { name: "x" }) { project { id } } }',
      '{ organization(id: "0190b7a0-0000-7000-8000-00000000000a") { id } }',
    ]) {
      const res = await stack.graphql<any>(query, {}, { token: null, report: true });
      expect(res.status).toBe(401);
      expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect(res.data ?? null).toBeNull();
    }
    expect(stack.upstream.requests).toHaveLength(0);
  });

  it('hides data fields behind fragments too', async () => {
    const res = await stack.graphql<any>('query { ...F } fragment F on Query { __typename projects { totalCount } }', {}, { token: null });
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('still serves introspection (Sandbox) and the federation SDL', async () => {
    const res = await stack.graphql<any>('query IntrospectionQuery { __schema { queryType { name } types { name } } }', {}, { token: null });
    expect(res.data?.__schema.queryType.name).toBe('Query');
    expect(res.data?.__schema.types.map((t: { name: string }) => t.name)).toContain('Project');
    const sdl = await stack.graphql<any>('{ _service { sdl } __typename }', {}, { token: null });
    expect(sdl.data?._service.sdl).toContain('type Project');
  });
});

describe('token forwarding', () => {
  it("sends the caller's key and nothing else of theirs (no Origin, cookies or custom headers)", async () => {
    // The local upstream does not expose request headers, so a tiny recording server stands in for it here.
    const seen: http.IncomingHttpHeaders[] = [];
    const recorder = http.createServer((req, res) => {
      seen.push(req.headers);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ count: 0, next: null, previous: null, results: [] }));
    });
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
    const gateway = await startGateway({
      upstreamUrl: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}/ignored/path`,
      port: 0,
      host: '127.0.0.1',
    });
    try {
      const res = await postGraphQL<any>(
        gateway.url,
        '{ projects { totalCount } }',
        {},
        {
          token: KEY_A,
          headers: { cookie: 'sessionid=abc', origin: 'https://evil.test', 'x-forwarded-for': '10.0.0.1', 'apollo-require-preflight': 'true' },
        },
      );
      expect(expectNoErrors(res).projects.totalCount).toBe(0);
      expect(seen).toHaveLength(1);
      const headers = seen[0]!;
      expect(headers.authorization).toBe(`Bearer ${KEY_A}`);
      for (const name of ['cookie', 'origin', 'x-forwarded-for', 'apollo-require-preflight', 'referer']) expect(headers[name]).toBeUndefined();
    } finally {
      await gateway.stop();
      await new Promise<void>((resolve) => recorder.close(() => resolve()));
    }
  });

  it('CORS preflight allows the headers Sandbox and clients send', async () => {
    const res = await fetch(stack.gatewayUrl, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://studio.apollographql.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-upstream-report',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://studio.apollographql.com');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-upstream-report');
  });

  it('CSRF prevention refuses simple GET requests without a preflight header', async () => {
    const res = await fetch(`${stack.gatewayUrl}?query=${encodeURIComponent('{ __typename }')}`);
    expect(res.status).toBe(400);
  });
});

describe('token isolation under concurrency', () => {
  it('two callers with different keys in parallel each see only their own organization', async () => {
    const query = '{ projects { totalCount nodes { name organization { databaseId } } } }';
    const runs = Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? KEY_A : KEY_B));
    const results = await Promise.all(runs.map((token) => stack.graphql<any>(query, {}, { token }).then((res) => ({ token, res }))));
    for (const { token, res } of results) {
      const names = expectNoErrors(res)
        .projects.nodes.map((p: { name: string }) => p.name)
        .sort();
      expect(names).toEqual(token === KEY_A ? ['Acme App', 'Acme Web'] : ['Globex Site']);
    }
  });
});
