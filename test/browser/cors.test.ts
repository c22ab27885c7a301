// A browser app on another origin calls the gateway with the headers real client libraries add:
// Apollo Client's clientAwareness (apollographql-client-name/-version), OpenTelemetry web
// instrumentation (traceparent, tracestate, baggage), a request id. Chromium runs the preflight.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../gateway/helpers.ts';
import { launchChromium, servePage } from './browser.ts';

let stack: Stack;
let browser: Browser;
let page: { url: string; close(): Promise<void> };

beforeAll(async () => {
  [stack, browser, page] = await Promise.all([startStack(), launchChromium(), servePage('<!doctype html><title>frontend</title><p>app</p>')]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), page?.close(), stack?.stop()]);
});

describe('CORS from a second origin in Chromium', () => {
  it('a cross-origin POST with the standard client headers passes its preflight and reads data', async () => {
    // The page is on 127.0.0.1:<p1>, the gateway on localhost:<p2>: two origins.
    expect(new URL(page.url).origin).not.toBe(new URL(stack.gatewayUrl).origin);
    const tab = await browser.newPage();
    await tab.goto(page.url, { timeout: 10_000 });
    const result = await tab.evaluate(
      async ({ url, key }) => {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${key}`,
            'apollographql-client-name': 'web-app',
            'apollographql-client-version': '1.2.3',
            traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
            tracestate: 'vendor=value',
            baggage: 'userId=alice',
            'x-request-id': 'browser-request-1',
            'x-upstream-report': '1',
          },
          body: JSON.stringify({ query: '{ projects { totalCount } }' }),
        });
        return { status: response.status, body: (await response.json()) as { data: { projects: { totalCount: number } } } };
      },
      { url: stack.gatewayUrl, key: stack.keys[0] },
    );
    expect(result.status).toBe(200);
    expect(result.body.data.projects.totalCount).toBe(2);
    await tab.close();
  });

  it('a header outside the list still fails its preflight (the list is an allow-list)', async () => {
    const tab = await browser.newPage();
    await tab.goto(page.url, { timeout: 10_000 });
    const failed = await tab.evaluate(async (url) => {
      try {
        await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-not-allowed': '1' }, body: '{"query":"{ __typename }"}' });
        return false;
      } catch {
        return true;
      }
    }, stack.gatewayUrl);
    expect(failed).toBe(true);
    await tab.close();
  });
});
