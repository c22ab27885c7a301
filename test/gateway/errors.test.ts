// Every error code end to end, driven by the local upstream's fault injection (and a closed
// port for an unreachable upstream).
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { postGraphQL, useStack, type Stack } from './helpers.ts';
import { KEY_A } from '../fixtures/seed.ts';
import { startGateway } from '../../src/server.ts';

// A short timeout keeps the timeout case fast; it is still far above a normal call.
const stack = useStack({ gateway: { upstreamTimeoutMs: 400 } });

const PROJECTS = '{ projects(first: 5) { totalCount } }';
const LIST_PATH = '/api/projects/';

async function firstError(fault: Parameters<Stack['upstream']['injectFault']>[0], query = PROJECTS) {
  stack.upstream.injectFault({ path: LIST_PATH, ...fault });
  const res = await stack.graphql<any>(query);
  expect(res.errors, JSON.stringify(res)).toHaveLength(1);
  return { res, error: res.errors![0]! };
}

describe('upstream statuses become error codes', () => {
  it('401 -> UNAUTHENTICATED with the upstream detail', async () => {
    const res = await stack.graphql<any>(PROJECTS, {}, { token: 'phx_not_a_real_key' });
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', upstream: { status: 401, code: 'authentication_failed' } });
    expect(JSON.stringify(res)).not.toContain('phx_not_a_real_key');
  });

  it('403 -> FORBIDDEN with the upstream detail', async () => {
    const body = JSON.stringify({
      type: 'authentication_error',
      code: 'permission_denied',
      detail: "API key missing required scope 'project:read'",
      attr: null,
    });
    const { error } = await firstError({ status: 403, body, headers: { 'content-type': 'application/json' } });
    expect(error).toMatchObject({
      message: "API key missing required scope 'project:read'",
      path: ['projects'],
      extensions: { code: 'FORBIDDEN', upstream: { status: 403, code: 'permission_denied' } },
    });
  });

  it('429 -> RATE_LIMITED with retryAfter from the Retry-After header', async () => {
    const body = JSON.stringify({ type: 'throttled_error', code: 'throttled', detail: 'Request was throttled.', attr: null });
    const { error } = await firstError({ status: 429, body, headers: { 'content-type': 'application/json', 'retry-after': '17' } });
    expect(error.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 17, upstream: { status: 429, code: 'throttled' } });
  });

  it('429 -> RATE_LIMITED with retryAfter from the throttle detail when there is no header', async () => {
    const body = JSON.stringify({ type: 'throttled_error', code: 'throttled', detail: 'Request was throttled. Expected available in 59 seconds.', attr: null });
    const { error } = await firstError({ status: 429, body, headers: { 'content-type': 'application/json' } });
    expect(error.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 59 });
  });

  it('500 -> UPSTREAM_ERROR without leaking the upstream message', async () => {
    const body = JSON.stringify({ type: 'server_error', code: 'error', detail: 'A server error occurred.', attr: null });
    const { error } = await firstError({ status: 500, body, headers: { 'content-type': 'application/json' } });
    expect(error.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', upstream: { status: 500 } });
    expect(error.message).not.toContain('server error occurred');
  });

  it('a non-JSON body on a JSON route -> UPSTREAM_ERROR', async () => {
    const { error } = await firstError({ status: 200, body: '<html>gateway timeout</html>', headers: { 'content-type': 'text/html' } });
    expect(error.extensions?.code).toBe('UPSTREAM_ERROR');
  });

  it('valid JSON that is not a pagination envelope -> UPSTREAM_ERROR', async () => {
    const { error } = await firstError({ status: 200, body: '{"items": []}', headers: { 'content-type': 'application/json' } });
    expect(error.extensions?.code).toBe('UPSTREAM_ERROR');
  });

  it('an upstream slower than the timeout -> UPSTREAM_TIMEOUT', async () => {
    const { error } = await firstError({ delayMs: 1500 });
    expect(error.extensions?.code).toBe('UPSTREAM_TIMEOUT');
  });

  it('a connection reset on every attempt -> UPSTREAM_UNAVAILABLE', async () => {
    // A first attempt and two retries of the read.
    const { error } = await firstError({ destroySocket: true, times: 3 });
    expect(error.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('the gateway recovers after faults', async () => {
    const res = await stack.graphql<any>(PROJECTS);
    expect(res.errors).toBeUndefined();
    expect(res.data?.projects.totalCount).toBe(2);
  });
});

describe('partial failure', () => {
  it('one failing field does not hide the others', async () => {
    stack.upstream.injectFault({ path: /^\/api\/projects\/\d+\/$/, status: 500, body: '{}' });
    const res = await stack.graphql<any>(
      '{ projects { nodes { name } } broken: project(id: "1") { name } org: organization(id: "0190b7a0-0000-7000-8000-00000000000a") { databaseId } }',
    );
    expect(res.data?.projects.nodes).toHaveLength(2);
    expect(res.data?.broken).toBeNull();
    expect(res.data?.org).toEqual({ databaseId: '0190b7a0-0000-7000-8000-00000000000a' });
    expect(res.errors?.map((e) => [e.path, e.extensions?.code])).toEqual([[['broken'], 'UPSTREAM_ERROR']]);
  });
});

describe('an unreachable upstream', () => {
  it('-> UPSTREAM_UNAVAILABLE', async () => {
    // Grab a free port, then close it so nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const gateway = await startGateway({ upstreamUrl: `http://127.0.0.1:${port}`, port: 0, host: '127.0.0.1' });
    try {
      const res = await postGraphQL<any>(gateway.url, PROJECTS, {}, { token: KEY_A });
      expect(res.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
      expect(res.data).toEqual({ projects: null });
    } finally {
      await gateway.stop();
    }
  });
});

describe('masking', () => {
  it('GraphQL validation errors keep their code and carry no stack trace', async () => {
    const res = await stack.graphql<any>('{ projects { nope } }');
    expect(res.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(JSON.stringify(res)).not.toContain('stacktrace');
  });
});
