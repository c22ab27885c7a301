// The explorer without Apollo's CDN: Chromium with every host but loopback unreachable opens the
// landing page, Sandbox's script cannot load, and the same page falls back to GraphiQL served by
// the gateway itself, with the example operation and the demo Authorization header pre-filled.
// Running the example shows data. The screenshot is left in the system temp directory.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExplorer, explorerIsStale } from '../../scripts/build-explorer.mjs';
import { startStack, type Stack } from '../gateway/helpers.ts';
import { launchChromium, OFFLINE } from './browser.ts';

export const SCREENSHOT = join(tmpdir(), 'gateway-offline-explorer.png');

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  // `npm test` builds the bundle first; a lone `vitest run` of this file may not have.
  if (explorerIsStale()) await buildExplorer();
  [stack, browser] = await Promise.all([startStack({ gateway: { demoApiKey: 'phx_test_key_alice_0000000000000000' } }), launchChromium([OFFLINE])]);
}, 60_000);
afterAll(async () => {
  await Promise.all([browser?.close(), stack?.stop()]);
});

describe('offline explorer', () => {
  it('falls back to GraphiQL from the gateway, pre-filled, and runs the example', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const cdnFailures: string[] = [];
    page.on('requestfailed', (request) => {
      if (!new URL(request.url()).hostname.match(/^(127\.0\.0\.1|localhost)$/)) cdnFailures.push(request.url());
    });
    await page.goto(stack.gatewayUrl.replace('localhost', '127.0.0.1'), { timeout: 15_000 });

    await page.locator('.graphiql-container').waitFor({ timeout: 15_000 });
    expect(cdnFailures.some((url) => url.includes('embeddable-sandbox.cdn.apollographql.com'))).toBe(true);
    await expect.poll(() => page.locator('.graphiql-query-editor').innerText(), { timeout: 10_000 }).toContain('query ProjectsAndFlags');
    expect(await page.locator('.graphiql-editor-tool').innerText()).toContain('Bearer phx_test_key_alice_0000000000000000');

    await page.locator('.graphiql-execute-button').click();
    await expect.poll(() => page.locator('.result-window').innerText(), { timeout: 10_000 }).toContain('Acme Web');
    await page.screenshot({ path: SCREENSHOT });
    await page.close();
  });
});
