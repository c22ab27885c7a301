// `npm run build`: JavaScript for production images (the Dockerfile's build stage). Node 24 runs
// the TypeScript sources directly, but stripping types at every start costs ~26 MB of memory
// per process and slows starts; tsc emits the same modules as plain JavaScript into dist/, and
// the files read at run time (the SDL, the local upstream's data) are copied next to them.
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
rmSync(`${ROOT}dist`, { recursive: true, force: true });
execFileSync(process.execPath, [`${ROOT}node_modules/typescript/bin/tsc`, '-p', `${ROOT}tsconfig.build.json`], { stdio: 'inherit' });
cpSync(`${ROOT}schema`, `${ROOT}dist/schema`, { recursive: true });
cpSync(`${ROOT}local-upstream/data`, `${ROOT}dist/local-upstream/data`, { recursive: true });
process.stdout.write('Built dist/ (node dist/src/main.js)\n');
