import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalUpstream, type SeedFile } from '../../local-upstream/index.ts';
import { LEVEL, seedFlag, seedOrganization, seedPlugin, seedProject, seedRole, seedUser } from '../fixtures/seed.ts';
import { client } from './helpers.ts';

/** The seed file (local-upstream/README.md, "Seeding") reduced to its documented keys: no scopes, flags with `{}` or no filters. */
const ORG = '11111111-1111-4111-8111-111111111111';
const OTHER_ORG = '22222222-2222-4222-8222-222222222222';
const KEY = 'phx_minimal_owner';

function minimalSeed(): SeedFile {
  return {
    organizations: [seedOrganization(ORG, 'Acme'), seedOrganization(OTHER_ORG, 'Other')],
    users: [
      seedUser('ada@acme.test', KEY, ORG, LEVEL.owner, { first_name: 'Ada', last_name: 'L' }),
      seedUser('adm@acme.test', 'phx_minimal_admin', ORG, LEVEL.admin, { first_name: 'Adm', last_name: 'A' }),
      seedUser('mem@acme.test', 'phx_minimal_member', ORG, LEVEL.member, { first_name: 'Mem', last_name: 'M' }),
      seedUser('nokey@acme.test', undefined, OTHER_ORG, LEVEL.member, { first_name: 'No', last_name: 'Key' }),
    ],
    roles: [seedRole('33333333-3333-4333-8333-333333333333', ORG, 'Engineers', { feature_flags_access_level: 37 })],
    projects: [seedProject(ORG, 'Web', { persons: [{ distinct_id: 'u1', properties: { email: 'a@b.c' } }] })],
    feature_flags: [seedFlag('Web', 'new-nav', { filters: {} }), seedFlag('Web', 'bare')],
    plugins: [seedPlugin(ORG, 'source', 'Hello'), seedPlugin(ORG, 'custom', 'No url')],
  };
}

const dir = mkdtempSync(join(tmpdir(), 'local-upstream-seed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a minimal seed', () => {
  it('loads: every key has all scopes, `{}` filters mean one condition for everyone, plugins without url', async () => {
    const upstream = await startLocalUpstream({ seed: minimalSeed(), quiet: true, rateLimit: 'off' });
    try {
      const api = client(upstream, KEY);
      const project = upstream.seeded.projects[0]!.id;
      const flags = await api.get(`/api/projects/${project}/feature_flags/`);
      expect(flags.body.results.map((flag: { key: string }) => flag.key)).toEqual(['bare', 'new-nav']);
      for (const flag of flags.body.results) {
        expect(flag.filters).toEqual({ groups: [{ properties: [], rollout_percentage: null }] });
        expect(flag).toMatchObject({ active: true, deleted: false });
      }
      const reasons = await api.get(`/api/projects/${project}/feature_flags/evaluation_reasons/?distinct_id=u1`);
      expect(reasons.body['new-nav']).toEqual({ value: true, evaluation: { reason: 'condition_match', condition_index: 0 } });
      const plugins = await api.get(`/api/organizations/${ORG}/plugins/`);
      expect(plugins.body.results.map((plugin: { name: string; url: string }) => [plugin.name, plugin.url])).toEqual([
        ['Hello', null],
        ['No url', ''],
      ]);
      expect((await client(upstream, 'phx_minimal_member').post(`/api/projects/${project}/feature_flags/`, { key: 'by-member' })).status).toBe(201);
    } finally {
      await upstream.stop();
    }
  });

  it('copies a flag seeded with `{}` filters to another project', async () => {
    const upstream = await startLocalUpstream({ seed: minimalSeed(), quiet: true, rateLimit: 'off' });
    try {
      const api = client(upstream, KEY);
      const source = upstream.seeded.projects[0]!.id;
      const target = (await api.post('/api/projects/', { name: 'Target' })).body.id;
      const copy = await api.post(`/api/organizations/${ORG}/feature_flags/copy_flags/`, {
        feature_flag_key: 'new-nav',
        from_project: source,
        target_project_ids: [target],
      });
      expect(copy.status).toBe(200);
      expect(copy.body.failed).toEqual([]);
      expect(copy.body.success).toHaveLength(1);
      expect(copy.body.success[0]).toMatchObject({ key: 'new-nav', filters: { groups: [{ properties: [], rollout_percentage: null }] } });
    } finally {
      await upstream.stop();
    }
  });
});

describe('a seed that refers to something missing', () => {
  const cases: Array<[string, (seed: SeedFile) => void, string]> = [
    [
      'a membership',
      (seed) => {
        seed.users![0]!.memberships = [{ organization: '99999999-9999-4999-8999-999999999999', level: 1 }];
      },
      'Seed file: users[0].memberships[0]: unknown organization "99999999-9999-4999-8999-999999999999"',
    ],
    [
      'a project',
      (seed) => {
        seed.projects![0]!.organization = 'nope';
      },
      'Seed file: projects[0]: unknown organization "nope"',
    ],
    [
      'a role',
      (seed) => {
        seed.roles![0]!.organization = 'nope';
      },
      'Seed file: roles[0]: unknown organization "nope"',
    ],
    [
      'a plugin',
      (seed) => {
        seed.plugins![0]!.organization = 'nope';
      },
      'Seed file: plugins[0]: unknown organization "nope"',
    ],
    [
      'a flag',
      (seed) => {
        seed.feature_flags![0]!.project = 'Nowhere';
      },
      'Seed file: feature_flags[0]: no project named "Nowhere"',
    ],
  ];
  it.each(cases)('fails on %s with a message naming the entry, and writes nothing', async (_name, breakIt, message) => {
    const seed = minimalSeed();
    breakIt(seed);
    const dbPath = join(dir, `broken-${_name.replace(/\W/g, '')}.db`);
    await expect(startLocalUpstream({ seed, dbPath, quiet: true, rateLimit: 'off' })).rejects.toThrow(message);
    // Nothing half-written: the same file then serves a good seed with no leftovers.
    const upstream = await startLocalUpstream({ seed: minimalSeed(), dbPath, quiet: true, rateLimit: 'off' });
    try {
      expect((await client(upstream, KEY).get('/api/projects/')).body.count).toBe(1);
    } finally {
      await upstream.stop();
    }
  });

  it('refuses an unknown plugin_type and a seed that is not an object', async () => {
    const seed = minimalSeed();
    seed.plugins![0]!.plugin_type = 'inline-ish';
    await expect(startLocalUpstream({ seed, quiet: true, rateLimit: 'off' })).rejects.toThrow('plugins[0]: "plugin_type" must be one of');
    await expect(startLocalUpstream({ seed: [] as unknown as SeedFile, quiet: true, rateLimit: 'off' })).rejects.toThrow(
      'Seed file: top level: must be a JSON object',
    );
  });
});

describe('restarting with the same seed and database', () => {
  it('keeps renames and deletions made through the API: no duplicate, nothing brought back', async () => {
    const dbPath = join(dir, 'renames.db');
    const first = await startLocalUpstream({ seed: minimalSeed(), dbPath, quiet: true, rateLimit: 'off' });
    const project = first.seeded.projects[0]!.id;
    const api1 = client(first, KEY);
    const flags = (await api1.get(`/api/projects/${project}/feature_flags/`)).body.results as Array<{ id: number; key: string }>;
    await api1.patch(`/api/projects/${project}/`, { name: 'Web (renamed)' });
    await api1.patch(`/api/projects/${project}/feature_flags/${flags.find((flag) => flag.key === 'new-nav')!.id}/`, { key: 'renamed-nav' });
    const plugins = (await api1.get(`/api/organizations/${ORG}/plugins/`)).body.results as Array<{ id: number; name: string }>;
    await api1.patch(`/api/organizations/${ORG}/plugins/${plugins[0]!.id}/`, { name: 'Hello (renamed)' });
    expect((await api1.delete(`/api/organizations/${ORG}/plugins/${plugins[1]!.id}/`)).status).toBe(204);
    await first.stop();

    const second = await startLocalUpstream({ seed: minimalSeed(), dbPath, quiet: true, rateLimit: 'off' });
    try {
      const api2 = client(second, KEY);
      expect((await api2.get('/api/projects/')).body.results.map((p: { name: string }) => p.name)).toEqual(['Web (renamed)']);
      expect((await api2.get(`/api/projects/${project}/feature_flags/`)).body.results.map((flag: { key: string }) => flag.key).sort()).toEqual([
        'bare',
        'renamed-nav',
      ]);
      expect((await api2.get(`/api/organizations/${ORG}/plugins/`)).body.results.map((p: { name: string }) => p.name)).toEqual(['Hello (renamed)']);
      expect(second.seeded.projects.map((p) => p.name)).toEqual(['Web (renamed)']);
    } finally {
      await second.stop();
    }
  });
});

/** Runs the CLI until it prints its URL (or exits); `stop` sends SIGTERM and resolves with the exit code. */
function runCli(args: string[]): Promise<{ url?: string; output: () => string; code?: number | null; stop: () => Promise<number | null> }> {
  const child = spawn(join(process.cwd(), 'node_modules/.bin/node'), ['local-upstream/main.ts', ...args], {
    cwd: process.cwd(),
    env: { ...process.env, LOCAL_API_KEY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const stop = () => {
    child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/[\w.:[\]-]+/.exec(output);
      if (match) resolve({ url: match[0], output: () => output, stop });
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then((code) => resolve({ output: () => output, code, stop }));
  });
}

describe('CLI', () => {
  it('exits non-zero with a clear message on a seed with an unknown organization or bad JSON', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ projects: [{ organization: ORG, name: 'Web' }] }));
    const unknown = await runCli(['--port', '0', '--seed', bad]);
    expect(unknown.code).toBe(1);
    expect(unknown.output()).toContain(`Seed file: projects[0]: unknown organization "${ORG}"`);
    writeFileSync(bad, '{"organizations": [');
    const broken = await runCli(['--port', '0', '--seed', bad]);
    expect(broken.code).toBe(1);
    expect(broken.output()).toContain(`Seed file ${bad} is not valid JSON`);
  });

  it('serves an existing database as it is when started without --seed, and stops on SIGTERM with code 0', async () => {
    const seedPath = join(dir, 'minimal.json');
    const dbPath = join(dir, 'cli-existing.db');
    writeFileSync(seedPath, JSON.stringify(minimalSeed()));
    const seeded = await runCli(['--port', '0', '--seed', seedPath, '--db', dbPath]);
    expect(seeded.url).toBeDefined();
    expect(await seeded.stop()).toBe(0);
    const plain = await runCli(['--port', '0', '--db', dbPath]);
    try {
      expect(plain.output()).toContain('no seed applied');
      expect(plain.output()).not.toContain('phx_demo_local_key');
      const projects = await fetch(`${plain.url}/api/projects/`, { headers: { authorization: `Bearer ${KEY}` } });
      expect(((await projects.json()) as { results: Array<{ name: string }> }).results.map((p) => p.name)).toEqual(['Web']);
      const demo = await fetch(`${plain.url}/api/projects/`, { headers: { authorization: 'Bearer phx_demo_local_key' } });
      expect(demo.status).toBe(401);
    } finally {
      expect(await plain.stop()).toBe(0);
    }
  });
});
