// Runs before `npm start` / `npm test` with whatever `node` is on PATH (possibly an old
// system Node), so it is plain JavaScript. It makes the two README commands work on a fresh
// clone: dependencies (including the pinned Node 24 binary) are installed when missing or
// older than package-lock.json.
import { existsSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';

const marker = 'node_modules/.package-lock.json';
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync('package-lock.json').mtimeMs;
if (stale) {
  console.error('Installing dependencies (npm ci)...');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
}

// The offline explorer's GraphiQL bundle (build/explorer/), rebuilt when the lock file changes.
const { buildExplorer, explorerIsStale } = await import('./build-explorer.mjs');
if (explorerIsStale()) await buildExplorer();
