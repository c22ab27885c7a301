import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_DELETION_DELAY_MS, demoSeed, parseDeletionDelay, startLocalUpstream, type LocalUpstream, type SeedFile } from './index.ts';

/**
 * `npm run upstream -- --port N [--seed FILE] [--db FILE] [--rate-limit posthog|off] [--latency MS|MIN-MAX]
 * [--deletion-delay MS]`: serves the local upstream alone. Without `--seed` it loads the demo seed, unless `--db` names
 * a database that already holds data (which is then served as is). The service's throttles are on unless
 * `--rate-limit off` (or `LOCAL_RATE_LIMIT=off`); `--latency` (or `LOCAL_LATENCY_MS`) adds time to every answer;
 * `--deletion-delay` (or `LOCAL_DELETION_DELAY_MS`, default 5000) is how long a deleted project stays pending.
 */

function readSeedFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read seed file ${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`Seed file ${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

function banner(upstream: LocalUpstream, seedPath: string | undefined, dbPath: string | undefined, behaviour: string): string {
  const lines = [`Local upstream listening on ${upstream.url}`, `  ${behaviour}`];
  if (!seedPath && dbPath && upstream.seeded.keys.length === 0) lines.push(`  serving the existing database ${dbPath} (no seed applied)`);
  for (const { email, api_key: key } of upstream.seeded.keys) lines.push(`  personal API key for ${email}: ${key}`);
  for (const project of upstream.seeded.projects) lines.push(`  project ${project.id} "${project.name}": api_token ${project.api_token}`);
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8010' },
      host: { type: 'string', default: '127.0.0.1' },
      seed: { type: 'string' },
      db: { type: 'string' },
      'rate-limit': { type: 'string', default: process.env.LOCAL_RATE_LIMIT || 'posthog' },
      latency: { type: 'string', default: process.env.LOCAL_LATENCY_MS || '0' },
      'deletion-delay': { type: 'string', default: process.env.LOCAL_DELETION_DELAY_MS || String(DEFAULT_DELETION_DELAY_MS) },
    },
  });
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535) throw new Error(`--port must be a port number, got "${values.port}"`);
  let deletionDelayMs: number;
  try {
    deletionDelayMs = parseDeletionDelay(values['deletion-delay']);
  } catch {
    throw new Error(`--deletion-delay must be whole milliseconds, got "${values['deletion-delay']}"`);
  }
  const seed = values.seed ? readSeedFile(values.seed) : demoSeed(process.env.LOCAL_API_KEY || undefined);
  const upstream = await startLocalUpstream({
    port,
    host: values.host, // The seed's shape is checked when it is applied, with messages that name the bad entry.
    seed: seed as SeedFile,
    seedOnlyIfEmpty: !values.seed,
    dbPath: values.db,
    rateLimit: values['rate-limit'],
    latencyMs: values.latency,
    deletionDelayMs,
  });
  // Handlers first: whoever reads the URL may send SIGTERM straight away.
  const stop = () => void upstream.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Printed once the server accepts connections, in one write, so whoever waits for the URL also has the keys.
  const throttles = values['rate-limit'] === 'off' ? 'throttles off' : `throttles ${values['rate-limit']} per personal API key`;
  console.log(
    banner(upstream, values.seed, values.db, `${throttles}; added latency ${values.latency} ms; deleted projects removed after ${deletionDelayMs} ms`),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
