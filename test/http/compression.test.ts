// Responses over 1 KB are compressed when the client accepts it (br preferred, else gzip), measured
// on a project's 50-flag list; small answers and clients that accept neither get identity. Complete
// answers are compressed without wrapping the response's methods (src/http/compression.ts).
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../gateway/helpers.ts';
import { twoOrgSeed } from '../fixtures/seed.ts';

const FLAGS = 50;
const LIST = `{ project(id: 1) { featureFlags(first: ${FLAGS}) { totalCount edges { cursor node { id key name active createdAt rolloutPercentage } } } } }`;

let stack: Stack;
beforeAll(async () => {
  const seed = twoOrgSeed();
  const flags = Array.from({ length: FLAGS - 1 }, (_, i) => ({
    project: 'Acme Web',
    key: `compressed-flag-${i}`,
    organization: seed.feature_flags?.[0]?.organization,
    filters: { groups: [{ properties: [], rollout_percentage: 50 }] },
  }));
  stack = await startStack({ seed: { ...seed, feature_flags: [...(seed.feature_flags ?? []), ...flags] } });
});
afterAll(async () => {
  await stack?.stop();
});

/** Raw bytes and headers of a POST (fetch would decode the body for us). */
function rawPost(query: string, acceptEncoding: string | null): Promise<{ encoding: string | undefined; vary: string | undefined; bytes: Buffer }> {
  const body = JSON.stringify({ query });
  const headers: http.OutgoingHttpHeaders = {
    'content-type': 'application/json',
    authorization: `Bearer ${stack.keys[0]}`,
    'content-length': Buffer.byteLength(body),
  };
  if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
  return new Promise((resolve, reject) => {
    const req = http.request(stack.gatewayUrl, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('response compression', () => {
  it(`compresses the ${FLAGS}-flag list with br or gzip, to a fraction of its size`, async () => {
    const plain = await rawPost(LIST, null);
    const gzip = await rawPost(LIST, 'gzip');
    const br = await rawPost(LIST, 'gzip, deflate, br');
    expect(plain.encoding).toBeUndefined();
    expect(JSON.parse(plain.bytes.toString()).data.project.featureFlags.edges).toHaveLength(FLAGS);

    expect(gzip.encoding).toBe('gzip');
    expect(br.encoding).toBe('br');
    expect(gunzipSync(gzip.bytes).equals(plain.bytes)).toBe(true);
    expect(brotliDecompressSync(br.bytes).equals(plain.bytes)).toBe(true);
    expect(br.vary).toMatch(/accept-encoding/i);
    // Measured on this list: 9,422 bytes plain, 816 gzip, 577 br.
    expect(plain.bytes.length).toBeGreaterThan(8000);
    expect(gzip.bytes.length).toBeLessThan(plain.bytes.length / 4);
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 4);
  });

  it('leaves answers under 1 KB alone', async () => {
    const small = await rawPost('{ project(id: 1) { name } }', 'gzip, br');
    expect(small.encoding).toBeUndefined();
  });

  it('negotiates as the compression middleware does: deflate when only it is accepted, identity when every encoding is refused', async () => {
    const deflated = await rawPost(LIST, 'deflate');
    expect(deflated.encoding).toBe('deflate');
    expect(JSON.parse(inflateSync(deflated.bytes).toString()).data.project.featureFlags.edges).toHaveLength(FLAGS);
    const refused = await rawPost(LIST, 'gzip;q=0, br;q=0, deflate;q=0');
    expect(refused.encoding).toBeUndefined();
    expect(refused.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(refused.bytes.toString()).data.project.featureFlags.edges).toHaveLength(FLAGS);
  });

  it('compresses and names Accept-Encoding without replacing any method of the response (functions stored per response kept every request alive: docs/performance.md)', async () => {
    const ownMethods: string[][] = [];
    const onFinish = (message: unknown) => {
      const { request, response } = message as { request: http.IncomingMessage; response: http.ServerResponse };
      // The local upstream runs in this process too: only the gateway's answers count.
      if (request.url === '/graphql') ownMethods.push(['write', 'end', 'writeHead', 'on'].filter((name) => Object.hasOwn(response, name)));
    };
    subscribe('http.server.response.finish', onFinish);
    try {
      expect((await rawPost(LIST, 'gzip')).encoding).toBe('gzip');
      expect((await rawPost(LIST, null)).vary).toMatch(/accept-encoding/i);
      expect((await rawPost('{ __typename }', 'br')).encoding).toBeUndefined();
    } finally {
      unsubscribe('http.server.response.finish', onFinish);
    }
    expect(ownMethods).toEqual([[], [], []]);
  });
});
