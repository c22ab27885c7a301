// Bundles the offline explorer (explorer/app.js: GraphiQL and React from npm) into
// build/explorer/app.js and app.css with esbuild. Plain JavaScript: it runs before `npm start` /
// `npm test` (scripts/ensure-install.mjs) with whatever node is on PATH, and `npm run explorer:build`.
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));
export const EXPLORER_OUT = `${root}build/explorer`;
const entry = `${root}explorer/app.js`;

/** True when the bundle is missing or older than its entry or the lock file. */
export function explorerIsStale() {
  const out = `${EXPLORER_OUT}/app.js`;
  if (!existsSync(out)) return true;
  const built = statSync(out).mtimeMs;
  return [entry, `${root}package-lock.json`].some((file) => statSync(file).mtimeMs > built);
}

export async function buildExplorer() {
  await build({
    entryPoints: { app: entry },
    outdir: EXPLORER_OUT,
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--if-stale') && !explorerIsStale()) process.exit(0);
  await buildExplorer();
}
