import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalUpstream, type SeedFile } from '../../local-upstream/index.ts';
import { LEVEL, seedFlag, seedOrganization, seedPlugin, seedProject, seedRole, rollout, seedUser } from '../fixtures/seed.ts';
import { client } from './helpers.ts';

const ORG = '0190d000-0000-7000-8000-0000000000c1';
const KEY = 'phx_fixture_key_0123456789abcdefghijklmnopqrs';
const ROLE = '0190d000-0000-7000-8000-0000000000c2';
const seed: SeedFile = {
  organizations: [seedOrganization(ORG, 'Fixture Org')],
  users: [seedUser('fixture@fixture.test', KEY, ORG, LEVEL.admin, { first_name: 'Fix', last_name: 'Ture', scopes: ['*'] })],
  roles: [seedRole(ROLE, ORG, 'Fixture role')],
  projects: [
    seedProject(ORG, 'Fixture project', {
      api_token: 'phc_fixture_project_token_0123456789',
      persons: [{ distinct_id: 'fixture-person', properties: { email: 'a@b.c' } }],
    }),
  ],
  feature_flags: [
    seedFlag('Fixture project', 'fixture-flag', { filters: rollout(100) }),
    seedFlag('Fixture project', 'fixture-variants', {
      filters: {
        ...rollout(100),
        multivariate: {
          variants: [
            { key: 'a', rollout_percentage: 50 },
            { key: 'b', rollout_percentage: 50 },
          ],
        },
      },
    }),
  ],
  plugins: [seedPlugin(ORG, 'source', 'Fixture plugin')],
};
const dir = mkdtempSync(join(tmpdir(), 'local-upstream-'));
/** The same seed as a file, for the CLI's --seed. */
const SEED_FILE = join(dir, 'seed.json');
writeFileSync(SEED_FILE, JSON.stringify(seed));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('persistence with a database file', () => {
  it('keeps data across a restart and seeds nothing twice', async () => {
    const dbPath = join(dir, 'restart.db');
    const first = await startLocalUpstream({ seed, dbPath, quiet: true, rateLimit: 'off' });
    const api1 = client(first, KEY);
    const project = (await api1.get('/api/projects/')).body.results[0].id;
    const created = await api1.post(`/api/projects/${project}/feature_flags/`, { key: 'written-before-restart' });
    const seededFlag = (await api1.get(`/api/projects/${project}/feature_flags/?search=fixture-flag`)).body.results[0];
    await api1.patch(`/api/projects/${project}/feature_flags/${seededFlag.id}/`, { name: 'edited before restart' });
    await api1.patch(`/api/projects/${project}/`, { timezone: 'Europe/Paris' });
    await first.stop();

    const second = await startLocalUpstream({ seed, dbPath, quiet: true, rateLimit: 'off' });
    try {
      const api2 = client(second, KEY);
      const projects = await api2.get('/api/projects/');
      expect(projects.body.count).toBe(1);
      expect(projects.body.results[0]).toMatchObject({ id: project, timezone: 'Europe/Paris' });
      const flags = await api2.get(`/api/projects/${project}/feature_flags/`);
      expect(flags.body.results.map((flag: { key: string }) => flag.key).sort()).toEqual(['fixture-flag', 'fixture-variants', 'written-before-restart']);
      expect((await api2.get(`/api/projects/${project}/feature_flags/${created.body.id}/`)).body.key).toBe('written-before-restart');
      expect((await api2.get(`/api/projects/${project}/feature_flags/${seededFlag.id}/`)).body.name).toBe('edited before restart');
      expect((await api2.get(`/api/organizations/${ORG}/plugins/`)).body.count).toBe(1);
      const roleAccess = await api2.post(`/api/projects/${project}/feature_flags/${seededFlag.id}/role_access/`, { role_id: ROLE });
      expect(roleAccess.status).toBe(201);
    } finally {
      await second.stop();
    }
  });

  it('keeps in-memory databases apart', async () => {
    const a = await startLocalUpstream({ seed, quiet: true, rateLimit: 'off' });
    const b = await startLocalUpstream({ seed, quiet: true, rateLimit: 'off' });
    try {
      const project = (await client(a, KEY).get('/api/projects/')).body.results[0].id;
      await client(a, KEY).post(`/api/projects/${project}/feature_flags/`, { key: 'only-in-a' });
      expect((await client(b, KEY).get(`/api/projects/${project}/feature_flags/?search=only-in-a`)).body.count).toBe(0);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('fails to start on a seed flag whose project does not exist', async () => {
    await expect(startLocalUpstream({ seed: { ...seed, feature_flags: [{ project: 'Nowhere', key: 'x' }] }, quiet: true, rateLimit: 'off' })).rejects.toThrow(
      'no project named "Nowhere"',
    );
  });
});

/** Spawns the CLI and resolves with the first URL it prints. */
function startCli(args: string[]): Promise<{ url: string; output: () => string; stop: () => Promise<void> }> {
  const child = spawn(join(process.cwd(), 'node_modules/.bin/node'), ['local-upstream/main.ts', ...args], {
    cwd: process.cwd(),
    env: { ...process.env, LOCAL_API_KEY: 'phx_cli_demo_key' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`CLI printed no URL: ${output}`)), 15_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/[\w.:[\]-]+/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        url: match[0],
        output: () => output,
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`CLI exited with ${code}: ${output}`));
    });
  });
}

describe('CLI', () => {
  it('serves a seed file on --port 0, prints its URL and keys, and persists to --db', async () => {
    const dbPath = join(dir, 'cli.db');
    const cli = await startCli(['--port', '0', '--seed', SEED_FILE, '--db', dbPath]);
    try {
      expect(cli.output()).toContain(KEY);
      const response = await fetch(`${cli.url}/api/projects/`, { headers: { authorization: `Bearer ${KEY}` } });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { results: Array<{ name: string }> }).results[0]!.name).toBe('Fixture project');
    } finally {
      await cli.stop();
    }
    const again = await startCli(['--port', '0', '--seed', SEED_FILE, '--db', dbPath]);
    try {
      const response = await fetch(`${again.url}/api/projects/`, { headers: { authorization: `Bearer ${KEY}` } });
      expect(((await response.json()) as { count: number }).count).toBe(1);
    } finally {
      await again.stop();
    }
  });

  it('loads the demo seed without --seed, with LOCAL_API_KEY as the demo key', async () => {
    const cli = await startCli(['--port', '0']);
    try {
      expect(cli.output()).toContain('phx_cli_demo_key');
      const response = await fetch(`${cli.url}/api/projects/@current/feature_flags/`, { headers: { authorization: 'Bearer phx_cli_demo_key' } });
      const body = (await response.json()) as { count: number };
      expect(body.count).toBeGreaterThanOrEqual(5);
    } finally {
      await cli.stop();
    }
  });
});
