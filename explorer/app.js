// The offline explorer: GraphiQL from npm, bundled by scripts/build-explorer.mjs and served by the
// gateway from its own origin. explorer/fallback.js loads it when Apollo Sandbox's CDN script could
// not load; it opens on Sandbox's own example operation and headers (the landing page's
// `embeddedSandboxConfig`), against the endpoint the page was served from.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import 'graphiql/style.css';

const initialState = window.embeddedSandboxConfig?.initialState ?? {};
const endpoint = window.location.href.split('#')[0];

/** POSTs the operation with the headers of GraphiQL's header editor. */
async function fetcher(params, options) {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...options?.headers },
    body: JSON.stringify(params),
  });
  return response.json();
}

const root = document.getElementById('graphiql-root');
createRoot(root).render(
  createElement(GraphiQL, {
    fetcher,
    defaultQuery: initialState.document ?? '',
    query: initialState.document ?? '',
    headers: JSON.stringify(initialState.headers ?? {}, null, 2),
    defaultEditorToolsVisibility: 'headers',
    shouldPersistHeaders: false,
  }),
);
