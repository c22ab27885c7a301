// Once the connection is done with an answer, the request's loaders let go of everything they read
// (docs/performance.md, "What survives a scavenge"): the domain caches are emptied and the domain
// loaders dropped, so nothing that still points at the finished request reaches its upstream pages.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext, type GatewayContext } from '../../src/context.ts';
import { UpstreamTransport } from '../../src/upstream-client/client/http.ts';
import { ProjectFlag } from '../../src/upstream-client/endpoints/feature-flag.ts';

const transport = new UpstreamTransport({ upstreamUrl: 'http://127.0.0.1:9' });
let server: http.Server;
let baseUrl: string;
const seen: { context: GatewayContext; loader: GatewayContext['loaders']['featureFlag']; heldWhileRunning: boolean; closed: Promise<void> }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const context = createContext(req, res, transport, pino({ level: 'silent' }));
    const loader = context.loaders.featureFlag;
    loader.remember(3, { id: 7, key: 'beta' } as ProjectFlag['record']);
    const heldWhileRunning = loader.cache.arrived('item:3/7') !== undefined;
    seen.push({ context, loader, heldWhileRunning, closed: new Promise((resolve) => res.once('close', () => setImmediate(resolve))) });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await transport.close();
});

describe('loaders of a finished request', () => {
  it('hold what they read while the request runs, nothing once the answer is sent; a late field gets fresh ones', async () => {
    await (await fetch(baseUrl)).text();
    const { context, loader, heldWhileRunning, closed } = seen.at(-1)!;
    expect(heldWhileRunning).toBe(true);
    await closed;
    expect(loader.cache.arrived('item:3/7')).toBeUndefined();
    expect(context.loaders.featureFlag).not.toBe(loader);
    expect(context.loaders.featureFlag.cache.arrived('item:3/7')).toBeUndefined();
  });
});
