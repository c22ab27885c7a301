import { describe, expect, it } from 'vitest';
import { client, KEYS, ORG_A, PROJECT_A_TOKEN, useUpstream, validation } from './helpers.ts';

/**
 * Flag records as the current `FeatureFlagSerializer` returns them, the fields a client sets (stored, returned,
 * filterable), and the list filters of the current service (docs/rest-interface.md names the version followed).
 */

const ctx = useUpstream();
const path = (suffix = '') => `/api/projects/${ctx.projectA}/feature_flags/${suffix}`;
const everyone = { groups: [{ properties: [], rollout_percentage: 100 }] };
const variants = (...keys: string[]) => ({
  groups: [{ properties: [], rollout_percentage: 100 }],
  multivariate: {
    variants: keys.map((key, i) => ({
      key,
      rollout_percentage: i === 0 ? 100 - (keys.length - 1) * Math.floor(100 / keys.length) : Math.floor(100 / keys.length),
    })),
  },
});
const keysOf = (page: { results: Array<{ key: string }> }) => page.results.map((flag) => flag.key).sort();

/**
 * Every field the current serializer reads out (`creation_context` and `_create_in_folder` are write-only), key for
 * key (docs/rest-interface.md names the PostHog commit).
 */
const FLAG_FIELDS = [
  'id', 'name', 'key', 'filters', 'deleted', 'active', 'archived', 'created_by', 'created_at', 'updated_at', 'version',
  'last_modified_by', 'ensure_experience_continuity', 'experiment_set', 'experiment_set_metadata', 'surveys', 'features',
  'can_edit', 'tags', 'evaluation_contexts', 'usage_dashboard', 'analytics_dashboards', 'has_enriched_analytics',
  'user_access_level', 'is_remote_configuration', 'has_encrypted_payloads', 'status', 'evaluation_runtime',
  'bucketing_identifier', 'last_called_at', 'is_used_in_replay_settings', 'is_eligible_for_experiment',
]; // prettier-ignore

describe('the flag record', () => {
  it('has the current serializer fields, with list-valued surveys and features', async () => {
    const created = await ctx.owner.post(path(), { key: 'record-shape', filters: everyone });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual([...FLAG_FIELDS].sort());
    expect(created.body).toMatchObject({
      archived: false,
      surveys: [],
      features: [],
      experiment_set_metadata: [],
      evaluation_contexts: [],
      is_remote_configuration: false,
      has_encrypted_payloads: false,
      evaluation_runtime: 'all',
      bucketing_identifier: null,
      last_called_at: null,
      user_access_level: 'manager',
    });
    const listed = (await ctx.owner.get(path('?search=record-shape'))).body.results[0];
    expect(listed).toEqual((await ctx.owner.get(path(`${created.body.id}/`))).body);
  });

  it("names the caller's access level: manager for creators and admins, editor for other members", async () => {
    const created = await ctx.owner.post(path(), { key: 'access-level', filters: everyone });
    const member = await client(ctx.upstream, KEYS.member).get(path(`${created.body.id}/`));
    expect(member.body).toMatchObject({ user_access_level: 'editor', can_edit: true });
    const admin = await client(ctx.upstream, KEYS.reader).get(path(`${created.body.id}/`));
    expect(admin.body.user_access_level).toBe('manager');
  });

  it('stores evaluation_runtime, bucketing_identifier and is_remote_configuration from a create, and a PATCH changes them', async () => {
    const created = await ctx.owner.post(path(), {
      key: 'cli-fields',
      filters: { ...everyone, payloads: { true: '{"theme":"dark"}' } },
      evaluation_runtime: 'server',
      bucketing_identifier: 'device_id',
      is_remote_configuration: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ evaluation_runtime: 'server', bucketing_identifier: 'device_id', is_remote_configuration: true });
    const read = await ctx.owner.get(path(`${created.body.id}/`));
    expect(read.body).toMatchObject({ evaluation_runtime: 'server', bucketing_identifier: 'device_id', is_remote_configuration: true });
    const patched = await ctx.owner.patch(path(`${created.body.id}/`), { evaluation_runtime: 'client', bucketing_identifier: null });
    expect(patched.body).toMatchObject({ evaluation_runtime: 'client', bucketing_identifier: null, is_remote_configuration: true });
  });

  it('local evaluation definitions carry the stored evaluation_runtime and bucketing_identifier', async () => {
    await ctx.owner.post(path(), { key: 'definitions-values', filters: everyone, evaluation_runtime: 'client', bucketing_identifier: 'device_id' });
    const definitions = (await ctx.owner.get(path('local_evaluation/'))).body;
    const flag = definitions.flags.find((entry: { key: string }) => entry.key === 'definitions-values');
    expect(flag).toMatchObject({ evaluation_runtime: 'client', bucketing_identifier: 'device_id' });
  });

  it('my_flags shows the same stored values as the record', async () => {
    const created = await ctx.owner.post(path(), {
      key: 'my-flags-values',
      filters: everyone,
      evaluation_runtime: 'server',
      bucketing_identifier: 'device_id',
    });
    const mine = (await ctx.owner.get(path('my_flags/'))).body.find((entry: { feature_flag: { key: string } }) => entry.feature_flag.key === 'my-flags-values');
    expect(mine.feature_flag).toMatchObject({ id: created.body.id, evaluation_runtime: 'server', bucketing_identifier: 'device_id', evaluation_contexts: [] });
    expect(Object.keys(mine.feature_flag).sort()).toEqual(
      [
        'id',
        'team_id',
        'name',
        'key',
        'filters',
        'deleted',
        'active',
        'ensure_experience_continuity',
        'version',
        'evaluation_runtime',
        'bucketing_identifier',
        'evaluation_contexts',
      ].sort(),
    );
  });

  it.each([
    ['an unknown evaluation_runtime', { evaluation_runtime: 'edge' }, validation('invalid_choice', '"edge" is not a valid choice.', 'evaluation_runtime')],
    [
      'an unknown bucketing_identifier',
      { bucketing_identifier: 'email' },
      validation('invalid_choice', '"email" is not a valid choice.', 'bucketing_identifier'),
    ],
    [
      'device bucketing with persistence across authentication',
      { bucketing_identifier: 'device_id', ensure_experience_continuity: true },
      validation('invalid_input', "Cannot enable 'persist across authentication steps' when using device ID bucketing. These features are incompatible.", null),
    ],
    [
      'encrypted payloads on an ordinary flag',
      { has_encrypted_payloads: true },
      validation('invalid_input', 'Encrypted payloads require the flag to be a remote configuration.', null),
    ],
    [
      'an archived flag that is enabled',
      { archived: true },
      validation('invalid_input', 'Cannot archive an enabled feature flag. Disable it first, or send active: false in the same request.', null),
    ],
  ])('refuses %s with the service error and creates nothing', async (_name, fields, error) => {
    const key = `refused-${Object.keys(fields).join('-')}`;
    const refused = await ctx.owner.post(path(), { key, filters: everyone, ...fields });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(error);
    expect((await ctx.owner.get(path(`?search=${key}&archived=true`))).body.count).toBe(0);
  });

  it('may be created archived when it is disabled in the same request; enabling it then is refused', async () => {
    const created = await ctx.owner.post(path(), { key: 'born-archived', filters: everyone, archived: true, active: false });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ archived: true, active: false, status: 'ARCHIVED' });
    const enabled = await ctx.owner.patch(path(`${created.body.id}/`), { active: true });
    expect(enabled.body).toEqual(validation('invalid_input', 'Cannot enable an archived feature flag. Unarchive it first.', null));
  });
});

describe('list filters', () => {
  it('?evaluation_runtime= keeps the flags evaluated there (test_get_flags_with_evaluation_runtime_filter)', async () => {
    for (const runtime of ['server', 'client', 'all'])
      await ctx.owner.post(path(), { key: `runtime-${runtime}`, filters: everyone, evaluation_runtime: runtime });
    for (const runtime of ['server', 'client', 'all']) {
      const page = await ctx.owner.get(path(`?evaluation_runtime=${runtime}&search=runtime-`));
      expect(keysOf(page.body)).toEqual([`runtime-${runtime}`]);
    }
  });

  it('hides archived flags unless ?archived= asks; archived=true lists only them, archived=false only the others', async () => {
    await ctx.owner.post(path(), { key: 'shelf-archived', filters: everyone, archived: true, active: false });
    await ctx.owner.post(path(), { key: 'shelf-live', filters: everyone });
    expect(keysOf((await ctx.owner.get(path('?search=shelf-'))).body)).toEqual(['shelf-live']);
    expect(keysOf((await ctx.owner.get(path('?search=shelf-&archived=true'))).body)).toEqual(['shelf-archived']);
    expect(keysOf((await ctx.owner.get(path('?search=shelf-&archived=false'))).body)).toEqual(['shelf-live']);
    const all = (await ctx.owner.get(path('?limit=500'))).body;
    expect(all.results.some((flag: { key: string }) => flag.key === 'shelf-archived')).toBe(false);
    expect(all.count).toBe(all.results.length);
  });

  it('?type=remote_config keeps remote configuration flags', async () => {
    await ctx.owner.post(path(), { key: 'typed-remote', filters: everyone, is_remote_configuration: true });
    await ctx.owner.post(path(), { key: 'typed-plain', filters: everyone });
    expect(keysOf((await ctx.owner.get(path('?type=remote_config&search=typed-'))).body)).toEqual(['typed-remote']);
  });

  it('?eligible_for_experiment=true keeps flags with 2 to 20 variants, as is_eligible_for_experiment says (test_list_eligible_for_experiment_filtering)', async () => {
    const created = [
      await ctx.owner.post(path(), { key: 'eligible-boolean', filters: everyone }),
      await ctx.owner.post(path(), { key: 'eligible-one-variant', filters: variants('solo') }),
      await ctx.owner.post(path(), { key: 'eligible-two-variants', filters: variants('control', 'test') }),
      await ctx.owner.post(path(), { key: 'eligible-three-variants', filters: variants('control', 'a', 'b') }),
      await ctx.owner.post(path(), { key: 'eligible-21-variants', filters: variants(...Array.from({ length: 21 }, (_, i) => `v${i}`)) }),
    ];
    expect(created.map((response) => response.body.is_eligible_for_experiment)).toEqual([false, false, true, true, false]);
    const eligible = await ctx.owner.get(path('?eligible_for_experiment=true&search=eligible-'));
    expect(keysOf(eligible.body)).toEqual(['eligible-three-variants', 'eligible-two-variants']);
    const unfiltered = await ctx.owner.get(path('?search=eligible-'));
    expect(unfiltered.body.count).toBe(5);
  });
});

describe('?token= names the project', () => {
  it("a valid project token of another project the key can access lists that project's flags", async () => {
    const second = await ctx.owner.post('/api/projects/', { name: 'Token target' });
    expect(second.status).toBe(201);
    await ctx.owner.post(`/api/projects/${second.body.id}/feature_flags/`, { key: 'only-in-token-target', filters: everyone });
    const viaToken = await ctx.owner.get(path(`?token=${second.body.api_token}`));
    expect(viaToken.status).toBe(200);
    expect(keysOf(viaToken.body)).toEqual(['only-in-token-target']);
    const own = await ctx.owner.get(path(`?token=${PROJECT_A_TOKEN}&search=only-in-token-target`));
    expect(own.body.count).toBe(0);
  });

  it('is refused for a project of another organization (403) and fails authentication when it names no project (401)', async () => {
    const foreign = await client(ctx.upstream, KEYS.other).get(`/api/projects/${ctx.projectB}/feature_flags/?token=${PROJECT_A_TOKEN}`);
    expect(foreign.status).toBe(403);
    const unknown = await ctx.owner.get(path('?token=phc_no_such_token'));
    expect(unknown.status).toBe(401);
    expect(unknown.body.detail).toBe('Incorrect authentication credentials.');
  });
});

describe('copy_flags', () => {
  it('copies the flag settings the service copies: evaluation_runtime, bucketing_identifier and remote configuration', async () => {
    const target = await ctx.owner.post('/api/projects/', { name: 'Copy target' });
    await ctx.owner.post(path(), {
      key: 'copied-settings',
      filters: { ...everyone, payloads: { true: '"on"' } },
      evaluation_runtime: 'server',
      bucketing_identifier: 'device_id',
      is_remote_configuration: true,
    });
    const copied = await ctx.owner.post(`/api/organizations/${ORG_A}/feature_flags/copy_flags/`, {
      feature_flag_key: 'copied-settings',
      from_project: ctx.projectA,
      target_project_ids: [target.body.id],
    });
    expect(copied.body.failed).toEqual([]);
    expect(copied.body.success[0]).toMatchObject({ evaluation_runtime: 'server', bucketing_identifier: 'device_id', is_remote_configuration: true });
  });
});

describe('activity entries', () => {
  it('carry their id', async () => {
    const created = await ctx.owner.post(path(), { key: 'activity-id', filters: everyone });
    const page = await ctx.owner.get(path(`${created.body.id}/activity/`));
    expect(page.body.results[0]).toMatchObject({ activity: 'created', item_id: String(created.body.id) });
    expect(Number.isInteger(page.body.results[0].id)).toBe(true);
  });
});
