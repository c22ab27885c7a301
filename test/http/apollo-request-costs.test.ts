// Fixed costs Apollo Server pays per request, which the patch (patches/README.md, "@apollo/server")
// removes without changing an answer, checked over HTTP against the gateway and the local upstream:
// the query's hash is node:crypto's one-shot hash, the answer's media type is negotiated once per
// distinct Accept header, and no Negotiator is made to choose an incremental delivery format a
// request cannot ask for.
import { createHash } from 'node:crypto';
import Negotiator from 'negotiator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStack, type Stack } from '../gateway/helpers.ts';

const QUERY = '{ project(id: 1) { name } }';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function post(body: Record<string, unknown>, accept?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${stack.keys[0]}` };
  if (accept) headers.accept = accept;
  const response = await fetch(stack.gatewayUrl, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, contentType: response.headers.get('content-type'), body: (await response.json()) as Record<string, unknown> };
}

describe('Apollo Server per request', () => {
  it("negotiates the answer's media type once per distinct Accept header, and not at all for the incremental format", async () => {
    const mediaType = vi.spyOn(Negotiator.prototype, 'mediaType');
    // Negotiations are remembered for the life of the process: a media range no other test sends
    // (at a weight that changes no outcome) makes these headers new to it.
    const unseen = `application/x-unseen-${process.pid}-${Date.now()};q=0.01`;
    try {
      // What Apollo Client sends, five times: one negotiation, the same answer each time.
      const apolloClient = `application/graphql-response+json,application/json;q=0.9,${unseen}`;
      for (let i = 0; i < 5; i += 1) {
        const answer = await post({ query: QUERY }, apolloClient);
        expect(answer.contentType).toBe('application/graphql-response+json; charset=utf-8');
        expect(answer.body).toEqual({ data: { project: { name: 'Acme Web' } } });
      }
      expect(mediaType).toHaveBeenCalledTimes(1);
      // Each other header is negotiated once: anything (fetch's default), then `application/json`.
      for (const accept of [`*/*,${unseen}`, `application/json,${unseen}`, `*/*,${unseen}`, `application/json,${unseen}`]) {
        expect((await post({ query: QUERY }, accept)).contentType).toBe('application/json; charset=utf-8');
      }
      expect(mediaType).toHaveBeenCalledTimes(3);
    } finally {
      mediaType.mockRestore();
    }
  });

  it('still refuses a request whose Accept header allows no JSON answer', async () => {
    for (let i = 0; i < 2; i += 1) expect((await post({ query: QUERY }, 'text/plain')).status).toBe(406);
  });

  it("keys automatic persisted queries by the query's SHA-256: the right hash registers it, a wrong one is refused", async () => {
    const sha256Hash = createHash('sha256').update(QUERY).digest('hex');
    const persisted = (hash: string) => ({ persistedQuery: { version: 1, sha256Hash: hash } });
    const expected = { data: { project: { name: 'Acme Web' } } };
    expect((await post({ query: QUERY, extensions: persisted(sha256Hash) })).body).toEqual(expected);
    expect((await post({ extensions: persisted(sha256Hash) })).body).toEqual(expected);
    const wrong = await post({ query: QUERY, extensions: persisted('0'.repeat(64)) });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toMatch(/provided sha does not match query/);
  });
});
