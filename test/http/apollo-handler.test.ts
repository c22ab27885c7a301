// The /graphql handler (src/http/apollo-handler.ts) in place of @as-integrations/express5: answers
// keep their exact byte length and a charset, GET reads its query string.
import { describe, expect, it } from 'vitest';
import { useStack } from '../gateway/helpers.ts';

const stack = useStack();

describe('the /graphql handler', () => {
  it('sends the exact byte length of an answer holding non-ASCII text, as UTF-8 JSON', async () => {
    const query = '{ project(id: "ünïcødé-ïd") { name } }';
    const res = await fetch(stack.gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${stack.keys[0]}` },
      body: JSON.stringify({ query }),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.toString('utf8')).toContain('ünïcødé-ïd');
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('reads a GET operation from the query string, after the mount path', async () => {
    const url = `${stack.gatewayUrl}?query=${encodeURIComponent('query Probe { __typename }')}&operationName=Probe`;
    const res = await fetch(url, { headers: { 'apollo-require-preflight': 'true' } });
    expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('adds a charset to a type without one (the landing page)', async () => {
    const page = await fetch(stack.gatewayUrl, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });
});
