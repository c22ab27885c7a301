// Runs before `npm start` / `npm test` with whatever `node` is on PATH (possibly an old
// system Node), so it is plain JavaScript. It makes the two README commands work on a fresh
// clone: dependencies (including the pinned Node 24 binary) are installed when missing or
// older than package-lock.json or a patch of patches/ (which `npm ci` applies: patches/README.md).
// Then it checks that the Node npm runs the scripts with is 24, so a wrong Node fails here with
// a clear message instead of deep inside a TypeScript file.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { execFileSync, execSync } from 'node:child_process';

const REQUIRED_MAJOR = 24;

const marker = 'node_modules/.package-lock.json';
const patches = existsSync('patches') ? readdirSync('patches').filter((name) => name.endsWith('.patch')) : [];
const inputs = ['package-lock.json', ...patches.map((name) => `patches/${name}`)];
const stale = !existsSync(marker) || inputs.some((input) => statSync(marker).mtimeMs < statSync(input).mtimeMs);
if (stale) {
  console.error('Installing dependencies (npm ci)...');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
}

// npm puts node_modules/.bin (the pinned `node` devDependency) first on the scripts' PATH.
const pinned = 'node_modules/.bin/node';
const version = existsSync(pinned) ? execFileSync(pinned, ['--version'], { encoding: 'utf8' }).trim() : process.version;
if (Number(version.replace(/^v/, '').split('.')[0]) !== REQUIRED_MAJOR) {
  console.error(
    `Node ${REQUIRED_MAJOR} required: the scripts would run with Node ${version}. Run \`npm ci\` to install the pinned Node ${REQUIRED_MAJOR}, or use Node ${REQUIRED_MAJOR} (.nvmrc).`,
  );
  process.exit(1);
}

// The offline explorer's GraphiQL bundle (build/explorer/), rebuilt when the lock file changes.
const { buildExplorer, explorerIsStale } = await import('./build-explorer.mjs');
if (explorerIsStale()) await buildExplorer();
