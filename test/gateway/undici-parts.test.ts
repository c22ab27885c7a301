// The gateway loads undici's Pool without undici's index (src/upstream-client/transport/tuning/undici-pool.ts):
// the index would also load fetch, WebSocket, the caches and Node's own bundled undici.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const PROBE = `
import { createRequire } from 'node:module';
await import('./src/server.ts');
await import('./src/readiness.ts');
const loaded = Object.keys(createRequire(import.meta.url)('module')._cache);
const undici = loaded.filter((file) => file.includes('/node_modules/undici/'));
process.stdout.write(JSON.stringify({
  index: undici.some((file) => file.endsWith('/node_modules/undici/index.js')),
  fetch: undici.some((file) => file.includes('/lib/web/fetch/')),
  pool: undici.some((file) => file.endsWith('/lib/dispatcher/pool.js')),
}));
`;

describe('undici without its index', () => {
  it('the server and readiness modules load the Pool, not the index or fetch', () => {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', PROBE], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ index: false, fetch: false, pool: true });
  });
});
