// What Apollo Server hands the compiled executor (src/execution/executor-gateway.ts) in gateway
// mode: `response.http` is patched (patches/README.md) to a class instance instead of an object
// literal with a getter and a setter made per request, which kept every request's objects alive
// through young-generation collections (docs/performance.md, "What survives a scavenge"). The
// patched object must still write the status and headers through to the HTTP answer.
import { ApolloServer, HeaderMap } from '@apollo/server';
import type { GatewayExecutor } from '@apollo/server-gateway-interface';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { executorGateway } from '../../src/execution/executor-gateway.ts';

describe("the gateway request context's response.http", () => {
  it('has no accessors of its own, and its status and headers reach the HTTP answer', async () => {
    const schema = buildSchema('type Query { hello: String }');
    let ownStatus: PropertyDescriptor | undefined = { value: 'not called' };
    const executor: GatewayExecutor = (request) => {
      const http = request.response!.http!;
      ownStatus = Object.getOwnPropertyDescriptor(http, 'status');
      http.status = 203;
      http.headers.set('x-from-executor', 'yes');
      return Promise.resolve({ data: { hello: `status was ${String(http.status)}` } });
    };
    const server = new ApolloServer({ gateway: executorGateway(schema, executor) });
    await server.start();
    try {
      const headers = new HeaderMap([['content-type', 'application/json']]);
      const answer = await server.executeHTTPGraphQLRequest({
        httpGraphQLRequest: { method: 'POST', headers, search: '', body: { query: '{ hello }' } },
        context: () => Promise.resolve({}),
      });
      expect(ownStatus).toBeUndefined();
      expect(answer.status).toBe(203);
      expect(answer.headers.get('x-from-executor')).toBe('yes');
      expect(answer.body.kind === 'complete' && JSON.parse(answer.body.string)).toEqual({ data: { hello: 'status was 203' } });
    } finally {
      await server.stop();
    }
  });
});
