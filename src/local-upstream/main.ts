import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { demoSeed, startLocalUpstream, type SeedFile } from './index.ts';

/** `npm run upstream -- --port N [--seed FILE] [--db FILE]`: serves the local upstream alone. */

function readSeed(path: string | undefined): SeedFile {
  if (!path) return demoSeed(process.env.LOCAL_API_KEY || undefined);
  return JSON.parse(readFileSync(path, 'utf8')) as SeedFile;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '8010' }, host: { type: 'string', default: '127.0.0.1' }, seed: { type: 'string' }, db: { type: 'string' } },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, got "${values.port}"`);
  const upstream = await startLocalUpstream({ port, host: values.host, seed: readSeed(values.seed), dbPath: values.db });
  // One write, so whoever waits for the URL also has the keys.
  console.log([
    `Local upstream listening on ${upstream.url}`,
    ...upstream.seeded.keys.map(({ email, api_key: key }) => `  personal API key for ${email}: ${key}`),
    ...upstream.seeded.projects.map((project) => `  project ${project.id} "${project.name}": api_token ${project.api_token}`),
  ].join('\n'));
  const stop = () => void upstream.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
