/**
 * PostHog's own CLI against the local upstream: `posthog-cli api` of @posthog/cli (its tool catalog, plain
 * JavaScript, installed without its install script, which downloads the native binary). Each call is one `node`
 * process that loads the 8 MB catalog (seconds of CPU), so this file runs in `npm run test:clients`, not in
 * `npm test`. The processes may connect to loopback only (loopback-only.mjs): the CLI's analytics stay off.
 *
 * The calls are the ones a user of the CLI makes on projects and flags: the caller and organization, the
 * organization-scoped project routes, flag create/read/update, enable/disable/archive/unarchive, status,
 * bulk keys, dependent flags, activity, evaluation, blast radius, copying to another project and deletion.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalUpstream, type LocalUpstream } from '../../../local-upstream/index.ts';
import { LEVEL, rollout, seedFlag, seedOrganization, seedProject, seedUser, seededProjectId } from '../../fixtures/seed.ts';
import { restClient, type RestClient } from '../../fixtures/rest.ts';

const CLI = fileURLToPath(import.meta.resolve('@posthog/cli/lib/posthog-api-cli.mjs'));
const GUARD = fileURLToPath(new URL('./loopback-only.mjs', import.meta.url));
const ORG = '0190c000-0000-7000-8000-0000000000e1';
const KEY = 'phx_test_posthog_cli_aaaaaaaaaaaaaaaaaaaaaaaaaaaa';

let upstream: LocalUpstream;
let rest: RestClient;
let web: number;
let mobile: number;
const home = mkdtempSync(join(tmpdir(), 'posthog-cli-home-'));

beforeAll(async () => {
  upstream = await startLocalUpstream({
    quiet: true,
    rateLimit: 'off',
    seed: {
      organizations: [seedOrganization(ORG, 'CLI org')],
      users: [seedUser('cli@cli.test', KEY, ORG, LEVEL.owner, { first_name: 'Cli' })],
      projects: [seedProject(ORG, 'Web', { persons: [{ distinct_id: 'person-1', properties: { email: 'a@cli.test' } }] }), seedProject(ORG, 'Mobile')],
      feature_flags: [seedFlag('Web', 'seeded-flag', { filters: rollout(100) })],
    },
  });
  rest = restClient(upstream, KEY);
  web = seededProjectId(upstream, 'Web');
  mobile = seededProjectId(upstream, 'Mobile');
});
afterAll(() => upstream.stop());

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  json: any;
}

// Two CLI processes at a time: each one loads the catalog on a core of its own.
const PARALLEL = 2;
let running = 0;
const waiting: Array<() => void> = [];
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** `posthog-cli api call --json <tool> '<input>'` against the local upstream, as project Web of the organization. */
function cli(tool: string, input: Record<string, unknown> = {}): Promise<CliResult> {
  return inTurn(() => spawnCli(tool, input));
}

function spawnCli(tool: string, input: Record<string, unknown>): Promise<CliResult> {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: home,
    NODE_OPTIONS: `--import=${GUARD}`,
    POSTHOG_CLI_HOST: upstream.url,
    POSTHOG_CLI_API_KEY: KEY,
    POSTHOG_CLI_PROJECT_ID: String(web),
    POSTHOG_CLI_ORGANIZATION_ID: ORG,
  };
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, 'call', '--json', '--confirm', tool, JSON.stringify(input)], { env, timeout: 240_000 }, (error, stdout, stderr) => {
      let json: unknown;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr, json });
    });
  });
}

/** A call that must succeed: its exit code, no refused connection, and a JSON answer. */
async function ok(tool: string, input: Record<string, unknown> = {}): Promise<any> {
  const result = await cli(tool, input);
  expect({ tool, code: result.code, stderr: result.stderr.slice(0, 500) }).toEqual({ tool, code: 0, stderr: expect.not.stringContaining('loopback-only') });
  expect({ tool, json: result.json === undefined ? result.stdout.slice(0, 500) : 'JSON' }).toEqual({ tool, json: 'JSON' });
  return result.json;
}

const flagPath = (id: number) => `/api/projects/${web}/feature_flags/${id}/`;

describe('posthog-cli api: the caller, the organization and its projects', () => {
  it('reads the caller, the organizations and the roles', async () => {
    const [user, organizations, organization, roles] = await Promise.all([
      ok('user-get', { uuid: '@me' }),
      ok('organizations-list', {}),
      ok('organization-get', {}),
      ok('roles-list', {}),
    ]);
    expect(JSON.stringify(user)).toContain('cli@cli.test');
    expect(JSON.stringify(organizations)).toContain(ORG);
    expect(organization.id).toBe(ORG);
    expect(roles).toBeDefined();
  });

  it("lists, reads and changes the organization's projects", async () => {
    const [projects, project] = await Promise.all([ok('projects-get', {}), ok('project-get', {})]);
    expect(JSON.stringify(projects)).toContain('Mobile');
    expect(project).toMatchObject({ id: web, name: 'Web' });
    const updated = await ok('project-settings-update', { id: web, timezone: 'Europe/Lisbon' });
    expect(updated.timezone).toBe('Europe/Lisbon');
    expect((await rest.get(`/api/projects/${web}/`)).body.timezone).toBe('Europe/Lisbon');
  });
});

describe('posthog-cli api: a flag through its life', () => {
  let id: number;

  it('creates a flag with the current serializer fields, and reads it back by id and key', async () => {
    const created = await ok('create-feature-flag', {
      key: 'cli-flag',
      name: 'Made by the CLI',
      filters: { groups: [{ properties: [], rollout_percentage: 50 }] },
      evaluation_runtime: 'server',
      bucketing_identifier: 'distinct_id',
      is_remote_configuration: false,
    });
    id = created.id;
    expect(typeof id).toBe('number');
    const stored = (await rest.get(flagPath(id))).body;
    expect(stored).toMatchObject({ key: 'cli-flag', evaluation_runtime: 'server', bucketing_identifier: 'distinct_id', is_remote_configuration: false });
    const [byId, byKey, all] = await Promise.all([
      ok('feature-flag-get-definition', { id }),
      ok('feature-flag-get-definition-by-key', { key: 'cli-flag' }),
      ok('feature-flag-get-all', { search: 'cli' }),
    ]);
    expect(byId.key).toBe('cli-flag');
    expect(byKey.id).toBe(id);
    expect(JSON.stringify(all)).toContain('cli-flag');
  });

  it('updates the flag', async () => {
    await ok('update-feature-flag', { id, name: 'Renamed by the CLI' });
    expect((await rest.get(flagPath(id))).body.name).toBe('Renamed by the CLI');
  });

  it('disables, archives, unarchives and enables the flag', async () => {
    expect((await ok('feature-flag-disable', { id })).active).toBe(false);
    expect((await ok('feature-flag-archive', { id })).archived).toBe(true);
    expect((await rest.get(flagPath(id))).body).toMatchObject({ active: false, archived: true });
    expect((await ok('feature-flag-unarchive', { id })).archived).toBe(false);
    expect((await ok('feature-flag-enable', { id })).active).toBe(true);
    expect((await rest.get(flagPath(id))).body).toMatchObject({ active: true, archived: false });
  });

  it('reads its status, keys, dependents and activity', async () => {
    const [status, keys, dependents, activity] = await Promise.all([
      ok('feature-flags-status-retrieve', { id }),
      ok('feature-flags-bulk-keys-retrieve', { ids: [id] }),
      ok('feature-flags-dependent-flags-retrieve', { id }),
      ok('feature-flags-activity-retrieve', { id }),
    ]);
    expect(status.status).toBeDefined();
    expect(JSON.stringify(keys)).toContain('cli-flag');
    expect(dependents).toEqual([]);
    expect(JSON.stringify(activity)).toContain('cli-flag');
  });

  it('evaluates flags and sizes a condition', async () => {
    const [reasons, mine, radius] = await Promise.all([
      ok('feature-flags-evaluation-reasons-retrieve', { distinct_id: 'person-1' }),
      ok('feature-flags-my-flags-retrieve', {}),
      ok('feature-flags-user-blast-radius-create', { condition: { properties: [], rollout_percentage: 100 } }),
    ]);
    expect(reasons['seeded-flag']).toMatchObject({ value: true });
    expect(mine.results.map((item: { feature_flag: { key: string } }) => item.feature_flag.key)).toContain('seeded-flag');
    expect(radius).toMatchObject({ affected: 1, total: 1 });
  });

  it('copies the flag to another project, then deletes it', async () => {
    const copied = await ok('feature-flags-copy-flags-create', { feature_flag_key: 'cli-flag', from_project: web, target_project_ids: [mobile] });
    expect(copied.failed).toEqual([]);
    expect((await rest.get(`/api/projects/${mobile}/feature_flags/?search=cli-flag`)).body.count).toBe(1);
    await ok('delete-feature-flag', { id });
    expect((await rest.get(flagPath(id))).body.deleted).toBe(true);
  });
});
