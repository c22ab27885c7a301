// Helpers for the tests that start real processes (gateway CLI, local upstream CLI, redis-server).
import { fileURLToPath } from 'node:url';
import { startProgram, type ChildProgram } from '../../deploy/processes.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * `node local-upstream/main.ts --port N` with the given seed file (default: the demo seed). The service's throttles
 * are off unless `extraArgs` turns them on (`--rate-limit posthog`: the last value given wins).
 */
export function startUpstreamProcess(port: number, extraArgs: string[] = []): Promise<ChildProgram> {
  return startProgram(
    'local upstream',
    process.execPath,
    ['local-upstream/main.ts', '--port', String(port), '--rate-limit', 'off', ...extraArgs],
    /Local upstream listening on (\S+)/,
    {
      cwd: ROOT,
    },
  );
}

/**
 * `node [nodeFlags] src/main.ts [args]` (what `npm start` runs) with `env`; ready once it prints its endpoint. The
 * embedded upstream's throttles and the gateway's read cache are off unless `env` sets `LOCAL_RATE_LIMIT` or
 * `UPSTREAM_CACHE_TTL_MS`.
 */
export function startGatewayProcess(env: Record<string, string>, args: string[] = [], nodeFlags: string[] = []): Promise<ChildProgram> {
  return startProgram('gateway', process.execPath, [...nodeFlags, 'src/main.ts', ...args], /GraphQL endpoint: (\S+)\/graphql/, {
    cwd: ROOT,
    env: { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', NODE_ENV: 'development', LOCAL_RATE_LIMIT: 'off', UPSTREAM_CACHE_TTL_MS: '0', ...env },
  });
}

/** Asks `probe` up to `tries` times, 100 ms apart, until `done` holds; returns the last answer. */
export async function poll<T>(probe: () => Promise<T>, done: (value: T) => boolean, tries = 100): Promise<T> {
  let value = await probe();
  for (let i = 1; i < tries && !done(value); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await probe();
  }
  return value;
}

/** GET `url` -> status and JSON body (status 0 when nothing answers). */
export async function getJson(url: string): Promise<{ status: number; body: any }> {
  try {
    const response = await fetch(url);
    const text = await response.text();
    return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : text };
  } catch {
    return { status: 0, body: null };
  }
}
