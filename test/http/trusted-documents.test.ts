// Trusted documents in their three modes, with a manifest in @apollo/generate-persisted-query-manifest's
// format read from a file: off runs anything, log runs anything and reports what is not in the
// manifest, enforce refuses it (400 OPERATION_NOT_TRUSTED, no upstream call). In every mode a
// request may send the manifest id instead of the document, by POST or GET.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalUpstream, type LocalUpstream } from '../../local-upstream/index.ts';
import { startGateway, type RunningGateway } from '../../src/server.ts';
import { ManifestError, readManifest } from '../../src/trusted-documents/manifest.ts';
import { documentHash, TrustedDocumentStore, type TrustedDocumentsMode } from '../../src/trusted-documents/store.ts';
import { postGraphQL } from '../gateway/helpers.ts';
import { KEY_A, twoOrgSeed } from '../fixtures/seed.ts';

const TRUSTED = 'query TrustedProjects { projects { totalCount } }';
const UNTRUSTED = 'query Sneaky { projects { nodes { name } } }';
const TRUSTED_ID = documentHash(TRUSTED);

const dir = mkdtempSync(join(tmpdir(), 'trusted-documents-'));
const manifestPath = join(dir, 'persisted-query-manifest.json');
writeFileSync(
  manifestPath,
  JSON.stringify({
    format: 'apollo-persisted-query-manifest',
    version: 1,
    operations: [{ id: TRUSTED_ID, name: 'TrustedProjects', type: 'query', body: TRUSTED }],
  }),
);

const logLines: string[] = [];
let upstream: LocalUpstream;
const gateways = {} as Record<TrustedDocumentsMode, RunningGateway>;

beforeAll(async () => {
  upstream = await startLocalUpstream({ seed: twoOrgSeed(), quiet: true, rateLimit: 'off' });
  const logDestination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  for (const mode of ['off', 'log', 'enforce'] as const) {
    const store = new TrustedDocumentStore();
    await store.load(readManifest(manifestPath));
    gateways[mode] = await startGateway({
      upstreamUrl: upstream.url,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'info',
      logDestination,
      trustedDocuments: { store, mode },
    });
  }
});
afterAll(async () => {
  await Promise.all(Object.values(gateways).map((g) => g.stop()));
  await upstream?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** POST with only the manifest id, the way Apollo Client's persisted-query link sends it. */
async function postId(url: string, id: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY_A}` },
    body: JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: id } } }),
  });
  return { status: res.status, ...((await res.json()) as { data?: any; errors?: any[] }) };
}

async function getId(url: string, id: string) {
  const extensions = encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash: id } }));
  const res = await fetch(`${url}?operationName=TrustedProjects&extensions=${extensions}`, {
    headers: { authorization: `Bearer ${KEY_A}`, 'apollo-require-preflight': 'true' },
  });
  return { status: res.status, ...((await res.json()) as { data?: any; errors?: any[] }) };
}

async function metric(gateway: RunningGateway, prefix: string): Promise<number> {
  const text = await (await fetch(`${gateway.baseUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

const untrustedLogs = () => logLines.filter((l) => l.includes('untrusted operation'));

describe.each(['off', 'log', 'enforce'] as const)('mode %s', (mode) => {
  it('runs a trusted document sent as text', async () => {
    const res = await postGraphQL<any>(gateways[mode].url, TRUSTED, {}, { token: KEY_A });
    expect(res.errors).toBeUndefined();
    expect(res.data.projects.totalCount).toBe(2);
  });

  it('runs the document a manifest id stands for, by POST and by GET', async () => {
    for (const res of [await postId(gateways[mode].url, TRUSTED_ID), await getId(gateways[mode].url, TRUSTED_ID)]) {
      expect(res.errors).toBeUndefined();
      expect(res.data.projects.totalCount).toBe(2);
    }
  });
});

describe('an operation not in the manifest', () => {
  it('off: runs, and nothing is logged', async () => {
    const before = untrustedLogs().length;
    const res = await postGraphQL<any>(gateways.off.url, UNTRUSTED, {}, { token: KEY_A });
    expect(res.data.projects.nodes).toHaveLength(2);
    expect(untrustedLogs()).toHaveLength(before);
  });

  it('log: runs, and is logged by hash (not text) and counted', async () => {
    const res = await postGraphQL<any>(gateways.log.url, UNTRUSTED, {}, { token: KEY_A });
    expect(res.data.projects.nodes).toHaveLength(2);
    const line = JSON.parse(untrustedLogs().at(-1)!) as Record<string, unknown>;
    expect(line).toMatchObject({ msg: 'untrusted operation', documentId: documentHash(UNTRUSTED) });
    expect(JSON.stringify(line)).not.toContain('nodes { name }');
    expect(await metric(gateways.log, 'graphql_untrusted_operations_total{action="logged"}')).toBe(1);
  });

  it('enforce: refused with 400 OPERATION_NOT_TRUSTED before any upstream call, and counted', async () => {
    upstream.resetRequests();
    const res = await postGraphQL<any>(gateways.enforce.url, UNTRUSTED, {}, { token: KEY_A });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual([{ message: 'This operation is not in the list of trusted documents.', extensions: { code: 'OPERATION_NOT_TRUSTED' } }]);
    expect(upstream.requests).toHaveLength(0);
    expect(await metric(gateways.enforce, 'graphql_refused_requests_total{code="OPERATION_NOT_TRUSTED"}')).toBe(1);
  });

  it('enforce: an unknown id is refused too', async () => {
    const res = await postId(gateways.enforce.url, documentHash(UNTRUSTED));
    expect(res.status).toBe(400);
    expect(res.errors?.[0]?.extensions?.code).toBe('OPERATION_NOT_TRUSTED');
  });
});

describe('the manifest file', () => {
  it('must be an apollo-persisted-query-manifest of version 1 with ids and bodies', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ format: 'apollo-persisted-query-manifest', version: 1, operations: [{ id: 'x' }] }));
    expect(() => readManifest(bad)).toThrow(ManifestError);
    expect(() => readManifest(bad)).toThrow(/operations\[0\] needs a non-empty string id and body/);
    expect(() => readManifest(join(dir, 'missing.json'))).toThrow(/cannot read/);
  });
});
