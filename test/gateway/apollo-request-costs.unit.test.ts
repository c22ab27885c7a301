// Fixed costs Apollo Server pays per request, which the patch (patches/README.md, "@apollo/server")
// removes without changing an answer: the query's hash is node:crypto's one-shot hash, the answer's
// media type is negotiated once per distinct Accept header, and no Negotiator is made to choose an
// incremental delivery format a request cannot ask for.
import { createHash } from 'node:crypto';
import { ApolloServer, HeaderMap } from '@apollo/server';
import { buildSchema } from 'graphql';
import Negotiator from 'negotiator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { executorGateway } from '../../src/execution/executor-gateway.ts';

const server = new ApolloServer({
  gateway: executorGateway(buildSchema('type Query { hello: String }'), () => Promise.resolve({ data: { hello: 'hi' } })),
});
beforeAll(() => server.start());
afterAll(() => server.stop());

async function post(body: Record<string, unknown>, accept?: string) {
  const headers = new HeaderMap([['content-type', 'application/json']]);
  if (accept) headers.set('accept', accept);
  const answer = await server.executeHTTPGraphQLRequest({
    httpGraphQLRequest: { method: 'POST', headers, search: '', body },
    context: () => Promise.resolve({}),
  });
  const text = answer.body.kind === 'complete' ? answer.body.string : '';
  return { status: answer.status ?? 200, contentType: answer.headers.get('content-type'), body: JSON.parse(text) as Record<string, unknown> };
}

describe('Apollo Server per request', () => {
  it("negotiates the answer's media type once per distinct Accept header, and not at all for the incremental format", async () => {
    const mediaType = vi.spyOn(Negotiator.prototype, 'mediaType');
    try {
      // What Apollo Client sends, five times: one negotiation, the same answer each time.
      const apolloClient = 'application/graphql-response+json,application/json;q=0.9';
      for (let i = 0; i < 5; i += 1) {
        const answer = await post({ query: '{ hello }' }, apolloClient);
        expect(answer.contentType).toBe('application/graphql-response+json; charset=utf-8');
        expect(answer.body).toEqual({ data: { hello: 'hi' } });
      }
      expect(mediaType).toHaveBeenCalledTimes(1);
      // Another header is negotiated on its own; none (the bench's clients) needs no negotiation.
      expect((await post({ query: '{ hello }' }, 'application/json')).contentType).toBe('application/json; charset=utf-8');
      expect((await post({ query: '{ hello }' })).contentType).toBe('application/json; charset=utf-8');
      expect(mediaType).toHaveBeenCalledTimes(2);
    } finally {
      mediaType.mockRestore();
    }
  });

  it('still refuses a request whose Accept header allows no JSON answer', async () => {
    for (let i = 0; i < 2; i += 1) {
      const answer = await post({ query: '{ hello }' }, 'text/plain');
      expect(answer.status).toBe(406);
    }
  });

  it("keys automatic persisted queries by the query's SHA-256: the right hash registers it, a wrong one is refused", async () => {
    const query = '{ hello }';
    const sha256Hash = createHash('sha256').update(query).digest('hex');
    const persisted = (hash: string) => ({ persistedQuery: { version: 1, sha256Hash: hash } });
    expect((await post({ query, extensions: persisted(sha256Hash) })).body).toEqual({ data: { hello: 'hi' } });
    expect((await post({ extensions: persisted(sha256Hash) })).body).toEqual({ data: { hello: 'hi' } });
    const wrong = await post({ query, extensions: persisted('0'.repeat(64)) });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toMatch(/provided sha does not match query/);
  });
});
