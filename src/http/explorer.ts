// The offline explorer. Apollo Sandbox stays the landing page, but it loads its code from Apollo's
// CDN; when that script cannot load, explorer/fallback.js (added to the same page) replaces it with
// GraphiQL bundled from npm (scripts/build-explorer.mjs) and served from the gateway's own origin.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import express from 'express';
import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { responseCompression } from './compression.ts';

/** Where the explorer's files are served. */
export const EXPLORER_PATH = '/explorer';

const FALLBACK_SCRIPT = fileURLToPath(new URL('../../explorer/fallback.js', import.meta.url));
const BUNDLE_DIR = fileURLToPath(new URL('../../build/explorer/', import.meta.url));

/** `/explorer/fallback.js` and the GraphiQL bundle (`app.js`, `app.css`), compressed. */
export function explorerRoutes(): express.Router {
  const router = express.Router();
  router.use(responseCompression());
  router.get('/fallback.js', (_req, res) => {
    res.sendFile(FALLBACK_SCRIPT);
  });
  router.use(express.static(BUNDLE_DIR, { maxAge: '1h' }));
  return router;
}

/** True when the GraphiQL bundle has been built (`npm start` and `npm test` build it). */
export function explorerBundleBuilt(): boolean {
  return existsSync(`${BUNDLE_DIR}app.js`);
}

/**
 * Wraps a landing-page plugin: its page loads explorer/fallback.js after Sandbox's own script, and
 * its Content-Security-Policy lets the page use the gateway's own stylesheet (scripts from 'self'
 * are already allowed).
 */
export function withOfflineExplorer<T extends BaseContext>(landingPage: ApolloServerPlugin<T>): ApolloServerPlugin<T> {
  return {
    async serverWillStart(service) {
      const listener = await landingPage.serverWillStart?.(service);
      if (!listener?.renderLandingPage) return listener;
      const inner = listener.renderLandingPage.bind(listener);
      return {
        ...listener,
        async renderLandingPage() {
          const page = await inner();
          const html = page.html;
          return { html: async () => withFallback(typeof html === 'string' ? html : await html()) };
        },
      };
    },
  };
}

function withFallback(html: string): string {
  return html.replace(/style-src /, "style-src 'self' ").replace('</body>', `<script src="${EXPLORER_PATH}/fallback.js"></script>\n</body>`);
}
