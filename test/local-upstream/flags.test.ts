import { describe, expect, it } from 'vitest';
import { client, KEYS, useUpstream, validation } from './helpers.ts';

const ctx = useUpstream();
const flagsPath = () => `/api/projects/${ctx.projectA}/feature_flags/`;
const keysOf = (body: { results: Array<{ key: string }> }) => body.results.map((flag) => flag.key);

describe('feature flag create', () => {
  it('creates with 201, defaults, the creator and a usage dashboard', async () => {
    const response = await ctx.owner.post(flagsPath(), {
      key: 'checkout-v2',
      name: 'New checkout',
      filters: { groups: [{ properties: [], rollout_percentage: 25 }] },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      key: 'checkout-v2',
      name: 'New checkout',
      active: true,
      deleted: false,
      ensure_experience_continuity: false,
      is_eligible_for_experiment: false,
      tags: [],
      analytics_dashboards: [],
      has_enriched_analytics: false,
      experiment_set: [],
      can_edit: true,
      created_by: { email: 'ada@acme.test', first_name: 'Ada', last_name: 'Lovelace', is_email_verified: true },
    });
    expect(response.body.usage_dashboard).toEqual(expect.any(Number));
    expect(new Date(response.body.created_at).toString()).not.toBe('Invalid Date');
  });

  it('stores omitted filters as no condition set (the flag matches nobody)', async () => {
    const response = await ctx.owner.post(flagsPath(), { key: 'no-filters' });
    expect(response.body.filters).toEqual({ groups: [] });
  });

  it.each([
    [{}, validation('required', 'This field is required.', 'key')],
    [{ key: '' }, validation('blank', 'This field may not be blank.', 'key')],
    [{ key: 'has space' }, validation('invalid_key', 'Only letters, numbers, hyphens (-) & underscores (_) are allowed.', 'key')],
    [{ key: 'k'.repeat(401) }, validation('max_length', 'Ensure this field has no more than 400 characters.', 'key')],
    [{ key: 'everyone' }, validation('unique', 'There is already a feature flag with this key.', 'key')],
    [{ key: 'ok-key', active: 'sometimes' }, validation('invalid_input', 'Must be a valid boolean.', 'active')],
    [{ key: 'ok-key', name: { text: 'x' } }, validation('invalid_input', 'Not a valid string.', 'name')],
    [{ key: 'ok-key', tags: 'one' }, validation('not_a_list', 'Expected a list of items but got type "str".', 'tags')],
    [{ key: 'ok-key', analytics_dashboards: ['x'] }, validation('invalid_input', 'A valid integer is required.', 'analytics_dashboards__0')],
    [
      { key: 'ok-key', created_at: 'yesterday' },
      validation(
        'invalid_input',
        'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
        'created_at',
      ),
    ],
    [
      {
        key: 'ok-key',
        filters: {
          groups: [{ properties: [], rollout_percentage: 100 }],
          multivariate: {
            variants: [
              { key: 'a', rollout_percentage: 50 },
              { key: 'b', rollout_percentage: 40 },
            ],
          },
        },
      },
      validation('invalid_input', 'Invalid variant definitions: Variant rollout percentages must sum to 100.', 'filters'),
    ],
    [{ key: 'ok-key', filters: { groups: [] } }, validation('invalid_input', 'Feature flags must have at least one condition set (group).', 'filters')],
  ])('rejects %j and creates nothing', async (body, expected) => {
    const before = await ctx.owner.get(`${flagsPath()}?limit=1000`);
    const response = await ctx.owner.post(flagsPath(), body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
    const after = await ctx.owner.get(`${flagsPath()}?limit=1000`);
    expect(after.body).toEqual(before.body);
  });

  it('accepts DRF boolean spellings and normalizes tags', async () => {
    const response = await ctx.owner.post(flagsPath(), { key: 'spellings', active: 'false', ensure_experience_continuity: 1, tags: [' Beta ', 'beta', 'UI'] });
    expect(response.body).toMatchObject({ active: false, ensure_experience_continuity: true, tags: ['beta', 'ui'] });
  });
});

describe('feature flag list and retrieve', () => {
  it('lists newest first and hides soft-deleted flags, which retrieve still returns', async () => {
    const first = await ctx.owner.post(flagsPath(), { key: 'order-1' });
    const second = await ctx.owner.post(flagsPath(), { key: 'order-2' });
    const list = await ctx.owner.get(`${flagsPath()}?limit=2`);
    expect(keysOf(list.body)).toEqual(['order-2', 'order-1']);
    await ctx.owner.patch(`${flagsPath()}${second.body.id}/`, { deleted: true });
    const after = await ctx.owner.get(`${flagsPath()}?limit=1000`);
    expect(keysOf(after.body)).not.toContain('order-2');
    expect(after.body.count).toBe(list.body.count - 1);
    const retrieved = await ctx.owner.get(`${flagsPath()}${second.body.id}/`);
    expect(retrieved.status).toBe(200);
    expect(retrieved.body.deleted).toBe(true);
    expect(first.status).toBe(201);
  });

  it('filters by search, active and type', async () => {
    await ctx.owner.post(flagsPath(), {
      key: 'variant-flag',
      name: 'Searchable Description',
      filters: {
        groups: [{ properties: [], rollout_percentage: 100 }],
        multivariate: {
          variants: [
            { key: 'a', rollout_percentage: 50 },
            { key: 'b', rollout_percentage: 50 },
          ],
        },
      },
    });
    expect(keysOf((await ctx.owner.get(`${flagsPath()}?search=SEARCHABLE`)).body)).toEqual(['variant-flag']);
    expect(keysOf((await ctx.owner.get(`${flagsPath()}?key=VARIANT-FLAG`)).body)).toEqual(['variant-flag']);
    expect(keysOf((await ctx.owner.get(`${flagsPath()}?key=variant`)).body)).toEqual([]);
    expect(keysOf((await ctx.owner.get(`${flagsPath()}?type=multivariant`)).body)).toEqual(['variant-flag']);
    expect(keysOf((await ctx.owner.get(`${flagsPath()}?type=boolean`)).body)).not.toContain('variant-flag');
    const inactive = keysOf((await ctx.owner.get(`${flagsPath()}?active=false`)).body);
    expect(inactive).toContain('switched-off');
    expect(inactive).not.toContain('everyone');
  });

  it('answers 404 for a missing, foreign or non-integer flag id', async () => {
    const foreignFlag = (await client(ctx.upstream, KEYS.other).get(`/api/projects/${ctx.projectB}/feature_flags/`)).body.results[0].id;
    for (const id of ['999999', 'abc', String(foreignFlag)]) {
      const response = await ctx.owner.get(`${flagsPath()}${id}/`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null });
    }
  });
});

describe('feature flag update, soft delete and the refused hard delete', () => {
  it('patches fields, bumps the version and records the changes', async () => {
    const created = await ctx.owner.post(flagsPath(), { key: 'patch-me', name: 'Before' });
    const patched = await ctx.owner.patch(`${flagsPath()}${created.body.id}/`, { name: 'After', active: false });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'After', active: false, key: 'patch-me', version: created.body.version + 1 });
    const activity = await ctx.owner.get(`${flagsPath()}${created.body.id}/activity/`);
    expect(activity.body.results.map((entry: { activity: string }) => entry.activity)).toEqual(['updated', 'created']);
    expect(activity.body.results[0].detail.changes).toEqual(
      expect.arrayContaining([
        { type: 'FeatureFlag', action: 'changed', field: 'name', before: 'Before', after: 'After' },
        { type: 'FeatureFlag', action: 'changed', field: 'active', before: true, after: false },
      ]),
    );
  });

  it("merges a PATCH's filters into the stored ones: keys sent replace, keys not sent stay", async () => {
    const variants = { variants: [{ key: 'a', rollout_percentage: 100 }] };
    const created = await ctx.owner.post(flagsPath(), {
      key: 'keep-filters',
      filters: { groups: [{ properties: [], rollout_percentage: 10 }], multivariate: variants },
    });
    const patched = await ctx.owner.patch(`${flagsPath()}${created.body.id}/`, { filters: { payloads: { a: '"x"' } } });
    expect(patched.body.filters.groups).toEqual([{ properties: [], rollout_percentage: 10, aggregation_group_type_index: null }]);
    expect(patched.body.filters.payloads).toEqual({ a: '"x"' });
    const regrouped = await ctx.owner.patch(`${flagsPath()}${created.body.id}/`, { filters: { groups: [{ properties: [], rollout_percentage: 20 }] } });
    expect(regrouped.body.filters.multivariate).toEqual(variants);
    expect(regrouped.body.filters.groups[0].rollout_percentage).toBe(20);
  });

  it('soft deletes and restores with PATCH, logging deleted and restored', async () => {
    const created = await ctx.owner.post(flagsPath(), { key: 'soft' });
    const path = `${flagsPath()}${created.body.id}/`;
    expect((await ctx.owner.patch(path, { deleted: true })).body.deleted).toBe(true);
    expect((await ctx.owner.patch(path, { deleted: false })).body.deleted).toBe(false);
    const activity = await ctx.owner.get(`${path}activity/`);
    expect(activity.body.results.map((entry: { activity: string }) => entry.activity)).toEqual(['restored', 'deleted', 'created']);
    expect(activity.body.results[2]).toMatchObject({
      user: { first_name: 'Ada', email: 'ada@acme.test' },
      scope: 'FeatureFlag',
      item_id: String(created.body.id),
      detail: { name: 'soft', changes: [] },
    });
  });

  it('refuses a duplicate key on PATCH and changes nothing', async () => {
    const created = await ctx.owner.post(flagsPath(), { key: 'dupe-source' });
    const response = await ctx.owner.patch(`${flagsPath()}${created.body.id}/`, { name: 'changed', key: 'everyone' });
    expect(response.body).toEqual(validation('unique', 'There is already a feature flag with this key.', 'key'));
    expect((await ctx.owner.get(`${flagsPath()}${created.body.id}/`)).body).toEqual(created.body);
  });

  it('reuses the key of a soft-deleted flag by replacing that row', async () => {
    const old = await ctx.owner.post(flagsPath(), { key: 'reborn', name: 'old' });
    await ctx.owner.patch(`${flagsPath()}${old.body.id}/`, { deleted: true });
    const fresh = await ctx.owner.post(flagsPath(), { key: 'reborn', name: 'new' });
    expect(fresh.status).toBe(201);
    expect(fresh.body.id).not.toBe(old.body.id);
    expect((await ctx.owner.get(`${flagsPath()}${old.body.id}/`)).status).toBe(404);
  });

  it('answers DELETE with a bare 405 and leaves the flag alone, even for an unknown id', async () => {
    const created = await ctx.owner.post(flagsPath(), { key: 'undeletable' });
    for (const id of [created.body.id, 999999]) {
      const response = await ctx.owner.delete(`${flagsPath()}${id}/`);
      expect(response.status).toBe(405);
      expect(response.text).toBe('');
    }
    expect((await ctx.owner.get(`${flagsPath()}${created.body.id}/`)).body.deleted).toBe(false);
  });

  it('ignores the legacy rollback fields, which the current serializer no longer has, as DRF ignores unknown fields', async () => {
    const created = await ctx.owner.post(flagsPath(), { key: 'rollback', active: false, performed_rollback: 'not a boolean', rollback_conditions: 7 });
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty('performed_rollback');
    expect(created.body).not.toHaveProperty('rollback_conditions');
  });
});

describe('flag dependencies and state changes', () => {
  const dependsOn = (id: number) => ({
    groups: [{ properties: [{ key: String(id), type: 'flag', value: true, operator: 'flag_evaluates_to' }], rollout_percentage: 100 }],
  });

  it('lists the first five dependents by key, then how many more, and asks to update or disable them', async () => {
    const base = await ctx.owner.post(flagsPath(), { key: 'many-base' });
    const keys = ['dep-f', 'dep-b', 'dep-e', 'dep-a', 'dep-d', 'dep-c'];
    const ids = new Map<string, number>();
    for (const key of keys) ids.set(key, (await ctx.owner.post(flagsPath(), { key, filters: dependsOn(base.body.id) })).body.id);
    const listed = ['dep-a', 'dep-b', 'dep-c', 'dep-d', 'dep-e'].map((key) => `${key} (ID: ${ids.get(key)})`).join(', ');

    const disable = await ctx.owner.patch(`${flagsPath()}${base.body.id}/`, { active: false });
    expect(disable.status).toBe(400);
    expect(disable.body.detail).toBe(
      `Cannot disable this feature flag because other flags depend on it: ${listed}, and 1 more. Please update or disable the dependent flags first.`,
    );
  });

  it('refuses to disable or delete a flag that active flags depend on, and to enable one whose dependency is off', async () => {
    const base = await ctx.owner.post(flagsPath(), { key: 'dep-base' });
    const dependent = await ctx.owner.post(flagsPath(), { key: 'dep-child', filters: dependsOn(base.body.id) });
    expect(dependent.status).toBe(201);
    const basePath = `${flagsPath()}${base.body.id}/`;

    const disable = await ctx.owner.patch(basePath, { active: false });
    expect(disable.status).toBe(400);
    expect(disable.body).toMatchObject({ type: 'validation_error', attr: null });
    expect(disable.body.detail).toContain(`Cannot disable this feature flag because other flags depend on it: dep-child (ID: ${dependent.body.id})`);
    const remove = await ctx.owner.patch(basePath, { deleted: true });
    expect(remove.body.detail).toContain('Cannot delete this feature flag because other flags depend on it: dep-child');
    expect((await ctx.owner.get(basePath)).body).toMatchObject({ active: true, deleted: false });

    await ctx.owner.patch(`${flagsPath()}${dependent.body.id}/`, { active: false });
    expect((await ctx.owner.patch(basePath, { active: false })).status).toBe(200);
    const enable = await ctx.owner.patch(`${flagsPath()}${dependent.body.id}/`, { active: true });
    expect(enable.status).toBe(400);
    expect(enable.body.detail).toContain(`Cannot enable this feature flag because it depends on disabled flags: dep-base (ID: ${base.body.id})`);
  });
});

describe('flag list ordering and extra filters', () => {
  it('orders by ?order=key and filters by tags, created_by_id and excluded_properties', async () => {
    await ctx.owner.post(flagsPath(), { key: 'zz-tagged', tags: ['Launch'] });
    await ctx.owner.post(flagsPath(), { key: 'aa-tagged', tags: ['launch', 'web'] });
    const ordered = keysOf((await ctx.owner.get(`${flagsPath()}?order=key&limit=1000`)).body);
    expect(ordered).toEqual([...ordered].sort());
    const reversed = keysOf((await ctx.owner.get(`${flagsPath()}?order=-key&limit=1000`)).body);
    expect(reversed).toEqual([...ordered].reverse());
    const tagged = keysOf((await ctx.owner.get(`${flagsPath()}?tags=${encodeURIComponent('["launch"]')}&order=key`)).body);
    expect(tagged).toEqual(['aa-tagged', 'zz-tagged']);
    const without = keysOf(
      (await ctx.owner.get(`${flagsPath()}?tags=${encodeURIComponent('["launch"]')}&excluded_properties=${encodeURIComponent('["zz-tagged"]')}`)).body,
    );
    expect(without).toEqual(['aa-tagged']);
    const ada = (await ctx.owner.get(`${flagsPath()}?search=aa-tagged`)).body.results[0].created_by.id;
    expect(keysOf((await ctx.owner.get(`${flagsPath()}?created_by_id=${ada}&search=tagged`)).body).sort()).toEqual(['aa-tagged', 'zz-tagged']);
    expect((await ctx.owner.get(`${flagsPath()}?created_by_id=424242`)).body.count).toBe(0);
  });

  it('answers HEAD like GET without a body and OPTIONS with the allowed methods', async () => {
    const head = await ctx.owner.call('HEAD', flagsPath());
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    const options = await ctx.owner.call('OPTIONS', flagsPath());
    expect(options.status).toBe(200);
    expect(options.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
  });
});

describe('evaluation_contexts (EvaluationContextSerializerMixin)', () => {
  const nonField = (detail: string) => validation('invalid_input', detail, null);

  it('accepts up to 50 names of up to 255 characters; the local upstream stores none (the rollout is off)', async () => {
    const names = Array.from({ length: 50 }, (_, i) => `${'c'.repeat(250)}-${i}`.slice(-255));
    const response = await ctx.owner.post(flagsPath(), { key: 'contexts-ok', evaluation_contexts: names });
    expect(response.status).toBe(201);
    expect(response.body.evaluation_contexts).toEqual([]);
  });

  it('refuses 51 names, a name over 255 characters and a name that is not a string, and writes nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [Array.from({ length: 51 }, (_, i) => `ctx-${i}`), 'evaluation_contexts must be a list of at most 50 items.'],
      [['production', 'x'.repeat(256)], 'Invalid evaluation context name.'],
      [['production', 7], 'Invalid evaluation context name.'],
    ];
    for (const [contexts, detail] of cases) {
      const response = await ctx.owner.post(flagsPath(), { key: 'contexts-refused', evaluation_contexts: contexts });
      expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: nonField(detail) });
    }
    expect((await ctx.owner.get(`${flagsPath()}?key=contexts-refused`)).body.count).toBe(0);
    const flag = (await ctx.owner.post(flagsPath(), { key: 'contexts-patched' })).body;
    const patched = await ctx.owner.patch(`${flagsPath()}${flag.id}/`, { name: 'renamed', evaluation_contexts: ['a'.repeat(256)] });
    expect(patched.body).toEqual(nonField('Invalid evaluation context name.'));
    expect((await ctx.owner.get(`${flagsPath()}${flag.id}/`)).body.name).toBe('');
  });

  it('refuses a value that is not a list as the ListField does, and counts 255 characters as code points', async () => {
    const response = await ctx.owner.post(flagsPath(), { key: 'contexts-string', evaluation_contexts: 'production' });
    expect(response.body).toEqual(validation('not_a_list', 'Expected a list of items but got type "str".', 'evaluation_contexts'));
    const emoji = await ctx.owner.post(flagsPath(), { key: 'contexts-emoji', evaluation_contexts: ['🚀'.repeat(255)] });
    expect(emoji.status).toBe(201);
  });
});

describe('archived flags in the list', () => {
  it('are left out of the list and of ?key= unless `archived` is given, whose value picks archived or not', async () => {
    const archived = (await ctx.owner.post(flagsPath(), { key: 'shelved', active: false, archived: true })).body;
    const live = (await ctx.owner.post(flagsPath(), { key: 'not-shelved' })).body;
    const listed = async (query: string) => keysOf((await ctx.owner.get(`${flagsPath()}?limit=500&${query}`)).body);
    expect(await listed('')).not.toContain('shelved');
    expect(await listed('key=shelved')).toEqual([]);
    expect(await listed('key=%20SHELVED%20&archived=true')).toEqual(['shelved']);
    expect(await listed('key=shelved&archived=1')).toEqual(['shelved']);
    expect(await listed('key=shelved&archived=false')).toEqual([]);
    expect(await listed('key=not-shelved&archived=false')).toEqual(['not-shelved']);
    // Any other value reads as false, as the service's str_to_bool does.
    expect(await listed('archived=maybe')).toContain('not-shelved');
    expect(await listed('archived=maybe')).not.toContain('shelved');
    expect((await ctx.owner.get(`${flagsPath()}${archived.id}/`)).body.key).toBe('shelved');
    expect(live.archived).toBe(false);
  });
});
