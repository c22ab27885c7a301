// Apollo Server's content negotiation and automatic persisted queries, over HTTP against the
// gateway and the local upstream: the answer's media type follows the Accept header, and a
// persisted query is keyed by its SHA-256.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  it('answers in the media type the Accept header prefers', async () => {
    const apolloClient = 'application/graphql-response+json,application/json;q=0.9';
    expect((await post({ query: QUERY }, apolloClient)).contentType).toBe('application/graphql-response+json; charset=utf-8');
    expect((await post({ query: QUERY }, 'application/json')).contentType).toBe('application/json; charset=utf-8');
    expect((await post({ query: QUERY })).contentType).toBe('application/json; charset=utf-8');
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
