import { PostHog } from 'posthog-node';
import { afterAll, describe, expect, it } from 'vitest';
import { client, KEYS, PROJECT_A_TOKEN, useUpstream, validation } from './helpers.ts';

/**
 * The flag actions current clients call (`posthog-cli api`, posthog-node): enable/disable/archive/unarchive, status,
 * dependent_flags, bulk_keys and remote_config. The lifecycle cases follow PostHog's
 * products/feature_flags/backend/api/test/test_feature_flag_lifecycle_actions.py, the bulk_keys cases its
 * test_bulk_keys_* tests in test_feature_flag.py.
 */

const ctx = useUpstream();
const path = (suffix = '') => `/api/projects/${ctx.projectA}/feature_flags/${suffix}`;

// Deliberately more than the state fields: every one of these must survive a lifecycle call.
const TARGETING = {
  groups: [
    { properties: [{ key: 'email', type: 'person', value: '@example.com', operator: 'icontains' }], rollout_percentage: 37, variant: 'control' },
    { properties: [], rollout_percentage: 5 },
  ],
  multivariate: {
    variants: [
      { key: 'control', rollout_percentage: 60 },
      { key: 'test', rollout_percentage: 40 },
    ],
  },
  payloads: { control: '{"copy": "a"}' },
};
const everyone = { groups: [{ properties: [], rollout_percentage: 100 }] };

let serial = 0;
async function flag(state: { active: boolean; archived?: boolean }, filters: Record<string, unknown> = TARGETING) {
  const created = await ctx.owner.post(path(), { key: `lifecycle-${++serial}`, name: 'lifecycle flag', filters, ...state });
  expect(created.status).toBe(201);
  return created.body as { id: number; key: string; version: number; filters: Record<string, unknown> };
}

const act = (id: number, action: string, body: unknown = {}, key: string = KEYS.owner) => client(ctx.upstream, key).post(path(`${id}/${action}/`), body);

async function dependentOf(target: { id: number }, active = true) {
  const created = await ctx.owner.post(path(), {
    key: `dependent-${++serial}`,
    active,
    filters: { groups: [{ properties: [{ key: String(target.id), type: 'flag', value: 'true', operator: 'flag_evaluates_to' }], rollout_percentage: 100 }] },
  });
  expect(created.status).toBe(201);
  return created.body as { id: number; key: string };
}

// (action, starting active, starting archived, resulting active, resulting archived)
const STATE_CASES: Array<[string, boolean, boolean, boolean, boolean]> = [
  ['enable', false, false, true, false],
  ['disable', true, false, false, false],
  ['archive_enabled', true, false, false, true],
  ['archive_disabled', false, false, false, true],
  ['unarchive', false, true, false, false],
];

describe('enable, disable, archive, unarchive', () => {
  it.each(STATE_CASES)('%s changes only the state fields', async (name, active, archived, expectedActive, expectedArchived) => {
    const created = await flag({ active, archived });
    const response = await act(created.id, name.split('_')[0]!);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ active: expectedActive, archived: expectedArchived, key: created.key, name: 'lifecycle flag' });
    const stored = (await ctx.owner.get(path(`${created.id}/`))).body;
    expect(stored).toMatchObject({ active: expectedActive, archived: expectedArchived, filters: created.filters, key: created.key });
  });

  it.each(STATE_CASES)('%s ignores a caller-supplied body', async (name, active, archived, expectedActive, expectedArchived) => {
    const created = await flag({ active, archived });
    const response = await act(created.id, name.split('_')[0]!, {
      filters: everyone,
      key: 'hijacked',
      active: !expectedActive,
      archived: !expectedArchived,
      version: 999,
      original_flag: { active: expectedActive, archived: expectedArchived },
    });
    expect(response.status).toBe(200);
    const stored = (await ctx.owner.get(path(`${created.id}/`))).body;
    expect(stored).toMatchObject({ filters: created.filters, key: created.key, active: expectedActive, archived: expectedArchived });
  });

  it.each(STATE_CASES)('repeating %s writes nothing', async (name, active, archived) => {
    const created = await flag({ active, archived });
    const first = await act(created.id, name.split('_')[0]!);
    const second = await act(created.id, name.split('_')[0]!);
    expect(second.status).toBe(200);
    expect(second.body.version).toBe(first.body.version);
    const updates = (await ctx.owner.get(path(`${created.id}/activity/`))).body.results.filter((entry: { activity: string }) => entry.activity === 'updated');
    expect(updates).toHaveLength(1);
  });

  it('enable refuses an archived flag', async () => {
    const created = await flag({ active: false, archived: true });
    const response = await act(created.id, 'enable');
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe('Cannot enable an archived feature flag. Unarchive it first.');
    expect((await ctx.owner.get(path(`${created.id}/`))).body.active).toBe(false);
  });

  it.each([['disable'], ['archive']])('%s refuses a flag other active flags depend on', async (action) => {
    const created = await flag({ active: true }, everyone);
    const dependent = await dependentOf(created);
    const response = await act(created.id, action);
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain('Cannot disable this feature flag because other flags depend on it');
    expect(response.body.detail).toContain(`${dependent.key} (ID: ${dependent.id})`);
    expect((await ctx.owner.get(path(`${created.id}/`))).body).toMatchObject({ active: true, archived: false });
  });

  it('enable refuses a flag whose dependency is disabled', async () => {
    // A new dependency on a disabled flag is refused, so the dependency is switched off after the dependent exists.
    const dependency = await flag({ active: true }, everyone);
    const dependent = await dependentOf(dependency, false);
    expect((await act(dependency.id, 'disable')).status).toBe(200);
    const response = await act(dependent.id, 'enable');
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain('depends on disabled flags');
    expect((await ctx.owner.get(path(`${dependent.id}/`))).body.active).toBe(false);
  });

  it("enable names the disabled dependencies, in the service's words", async () => {
    const dependency = await flag({ active: true }, everyone);
    const dependent = await dependentOf(dependency, false);
    expect((await act(dependency.id, 'disable')).status).toBe(200);
    const response = await act(dependent.id, 'enable');
    expect(response.body).toEqual(
      validation(
        'invalid_input',
        `Cannot enable this feature flag because it depends on disabled flags: ${dependency.key} (ID: ${dependency.id}). Please enable the dependency flags first.`,
        null,
      ),
    );
  });

  it("disable names the active dependents, in the service's words", async () => {
    const created = await flag({ active: true }, everyone);
    const dependent = await dependentOf(created);
    expect((await act(created.id, 'disable')).body).toEqual(
      validation(
        'invalid_input',
        `Cannot disable this feature flag because other flags depend on it: ${dependent.key} (ID: ${dependent.id}). Please update or disable the dependent flags first.`,
        null,
      ),
    );
  });

  // (action, starting active, starting archived, the service's wording)
  it.each([
    ['enable', false, false, 'enabling'],
    ['enable', true, false, 'enabling'],
    ['disable', true, false, 'disabling'],
    ['disable', false, false, 'disabling'],
    ['archive', false, false, 'archiving'],
    ['unarchive', false, true, 'unarchiving'],
  ])('%s refuses a soft-deleted flag (active %s, archived %s) with 400 and writes nothing', async (action, active, archived, doing) => {
    const created = await flag({ active, archived });
    expect((await ctx.owner.patch(path(`${created.id}/`), { deleted: true })).status).toBe(200);
    const before = (await ctx.owner.get(path(`${created.id}/`))).body;
    const response = await act(created.id, action);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: `This feature flag has been deleted. Restore it before ${doing} it.` });
    expect((await ctx.owner.get(path(`${created.id}/`))).body).toMatchObject({ active, archived, deleted: true, version: before.version });
  });

  it('records the state change in the activity log, without the filters', async () => {
    const created = await flag({ active: false });
    expect((await act(created.id, 'enable')).status).toBe(200);
    const [entry] = (await ctx.owner.get(path(`${created.id}/activity/`))).body.results;
    expect(entry).toMatchObject({ activity: 'updated', user: { email: 'ada@acme.test' } });
    const fields = entry.detail.changes.map((change: { field: string }) => change.field);
    expect(fields).toContain('active');
    expect(fields).not.toContain('filters');
  });

  it('a key with the feature_flag:write scope may change state; a read-only key gets 403 and changes nothing', async () => {
    const created = await flag({ active: false });
    for (const action of ['enable', 'disable', 'archive', 'unarchive']) {
      const refused = await act(created.id, action, {}, KEYS.reader);
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toBe("API key missing required scope 'feature_flag:write'");
    }
    expect((await ctx.owner.get(path(`${created.id}/`))).body).toMatchObject({ active: false, archived: false });
    const allowed = await act(created.id, 'enable', {}, KEYS.flagWriter);
    expect(allowed.status).toBe(200);
    expect(allowed.body.active).toBe(true);
  });

  it("another organization's key gets 403, an unknown flag 404", async () => {
    const created = await flag({ active: false });
    expect((await act(created.id, 'enable', {}, KEYS.other)).status).toBe(403);
    expect((await act(99_999_999, 'enable')).status).toBe(404);
  });
});

describe('status', () => {
  it('answers the status, the reason and a rollout summary', async () => {
    const partial = await flag({ active: true });
    const report = await ctx.owner.get(path(`${partial.id}/status/`));
    expect(report.status).toBe(200);
    expect(report.body).toEqual({
      status: 'active',
      reason: 'Flag has no usage data yet',
      rollout: { effectively_full_rollout: false, has_targeting_conditions: true, max_rollout_percentage: 37, is_multivariate: true },
    });
    const disabled = await flag({ active: false }, everyone);
    expect((await ctx.owner.get(path(`${disabled.id}/status/`))).body).toMatchObject({
      status: 'active',
      reason: 'Flag is disabled (not evaluated for staleness)',
      rollout: { effectively_full_rollout: true, has_targeting_conditions: false, max_rollout_percentage: 100, is_multivariate: false },
    });
    await act(disabled.id, 'archive');
    expect((await ctx.owner.get(path(`${disabled.id}/status/`))).body).toMatchObject({ status: 'archived', reason: 'Flag has been archived' });
  });

  it('reports an old flag rolled out to everyone as stale', async () => {
    const old = await ctx.owner.post(path(), { key: 'status-stale', filters: everyone, created_at: '2020-01-01T00:00:00Z' });
    expect((await ctx.owner.get(path(`${old.body.id}/status/`))).body).toMatchObject({
      status: 'stale',
      reason: 'This boolean flag will always evaluate to "true"',
    });
  });

  it('needs feature_flag:read and the flag', async () => {
    const created = await flag({ active: true });
    expect((await client(ctx.upstream, KEYS.reader).get(path(`${created.id}/status/`))).status).toBe(200);
    expect((await client(ctx.upstream, KEYS.other).get(path(`${created.id}/status/`))).status).toBe(403);
    expect((await ctx.owner.get(path('99999999/status/'))).status).toBe(404);
  });
});

describe('dependent_flags', () => {
  it('lists the enabled flags that depend on the flag, by key, as {id, key, name}', async () => {
    const target = await flag({ active: true }, everyone);
    const first = await dependentOf(target);
    const second = await dependentOf(target);
    await dependentOf(target, false);
    const response = await ctx.owner.get(path(`${target.id}/dependent_flags/`));
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { id: first.id, key: first.key, name: first.key },
      { id: second.id, key: second.key, name: second.key },
    ]);
  });
});

describe('bulk_keys', () => {
  const bulk = (body: unknown, key: string = KEYS.owner) => client(ctx.upstream, key).post(path('bulk_keys/'), body);

  it('maps valid ids to keys; string ids count; missing, deleted and other projects’ flags are left out', async () => {
    const [one, two] = [await flag({ active: true }), await flag({ active: true })];
    const deleted = await flag({ active: true });
    await ctx.owner.patch(path(`${deleted.id}/`), { deleted: true });
    const foreign = await client(ctx.upstream, KEYS.other).post(`/api/projects/${ctx.projectB}/feature_flags/`, { key: 'foreign-bulk', filters: everyone });
    const response = await bulk({ ids: [one.id, String(two.id), deleted.id, foreign.body.id, 99_999] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ keys: { [String(one.id)]: one.key, [String(two.id)]: two.key } });
  });

  it('answers {keys: {}} for no ids, 400 for only invalid ids, and a warning for some', async () => {
    expect((await bulk({ ids: [] })).body).toEqual({ keys: {} });
    expect((await bulk({})).body).toEqual({ keys: {} });
    const invalid = await bulk({ ids: ['invalid', 'not-a-number'] });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ error: 'Invalid flag IDs provided' });
    const one = await flag({ active: true });
    const mixed = await bulk({ ids: [one.id, 'invalid', 99_999] });
    expect(mixed.body).toEqual({ keys: { [String(one.id)]: one.key }, warning: "Invalid flag IDs ignored: ['invalid']" });
  });

  it('needs feature_flag:read', async () => {
    expect((await bulk({ ids: [1] }, KEYS.reader)).status).toBe(200);
    expect((await bulk({ ids: [1] }, KEYS.other)).status).toBe(403);
  });
});

describe('remote_config', () => {
  it('answers the payload of a remote-configuration flag, by id or by key', async () => {
    const created = await ctx.owner.post(path(), {
      key: 'remote-theme',
      filters: { ...everyone, payloads: { true: '{"theme":"dark"}' } },
      is_remote_configuration: true,
    });
    for (const ref of [created.body.id, 'remote-theme']) {
      const response = await ctx.owner.get(path(`${ref}/remote_config/`));
      expect(response.status).toBe(200);
      expect(response.body).toBe('{"theme":"dark"}');
    }
    const empty = await ctx.owner.post(path(), { key: 'remote-empty', filters: everyone, is_remote_configuration: true });
    expect((await ctx.owner.get(path(`${empty.body.id}/remote_config/`))).body).toBeNull();
  });

  it('answers 404 with an empty body for an ordinary, missing or deleted flag', async () => {
    const ordinary = await ctx.owner.post(path(), { key: 'not-remote', filters: { ...everyone, payloads: { true: '1' } } });
    const gone = await ctx.owner.post(path(), { key: 'remote-gone', filters: everyone, is_remote_configuration: true });
    await ctx.owner.patch(path(`${gone.body.id}/`), { deleted: true });
    for (const ref of [ordinary.body.id, 'not-remote', 'no-such-flag', gone.body.id]) {
      const response = await fetch(`${ctx.upstream.url}${path(`${ref}/remote_config/`)}`, { headers: { authorization: `Bearer ${KEYS.owner}` } });
      expect(response.status).toBe(404);
      expect(await response.text()).toBe('');
    }
  });

  describe('through posthog-node 5 getRemoteConfigPayload', () => {
    const sdk = () => new PostHog(PROJECT_A_TOKEN, { host: ctx.upstream.url, personalApiKey: KEYS.owner, flushAt: 1000, flushInterval: 0, disableGeoip: true });
    const clients: PostHog[] = [];
    afterAll(async () => {
      await Promise.all(clients.map((posthog) => posthog.shutdown()));
    });

    it('resolves to the parsed payload of a remote-configuration flag', async () => {
      await ctx.owner.post(path(), { key: 'sdk-remote', filters: { ...everyone, payloads: { true: '{"limit":3}' } }, is_remote_configuration: true });
      const posthog = sdk();
      clients.push(posthog);
      await expect(posthog.getRemoteConfigPayload('sdk-remote')).resolves.toEqual({ limit: 3 });
    });

    it('rejects for a flag that is not a remote configuration', async () => {
      await ctx.owner.post(path(), { key: 'sdk-plain', filters: { ...everyone, payloads: { true: '{"limit":3}' } } });
      const posthog = sdk();
      clients.push(posthog);
      await expect(posthog.getRemoteConfigPayload('sdk-plain')).rejects.toThrow();
    });
  });

  it('needs feature_flag:read and a member of the project', async () => {
    await ctx.owner.post(path(), { key: 'remote-scoped', filters: everyone, is_remote_configuration: true });
    expect((await client(ctx.upstream, KEYS.reader).get(path('remote-scoped/remote_config/'))).status).toBe(200);
    const foreign = await client(ctx.upstream, KEYS.other).get(path('remote-scoped/remote_config/'));
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ type: 'authentication_error', code: 'permission_denied', detail: "You don't have access to the project.", attr: null });
  });
});

// The record's own validation of the same rule, for comparison with the action.
it('a PATCH enabling an archived flag is refused as enable/ is', async () => {
  const created = await flag({ active: false, archived: true });
  const patched = await ctx.owner.patch(path(`${created.id}/`), { active: true });
  expect(patched.body).toEqual(validation('invalid_input', 'Cannot enable an archived feature flag. Unarchive it first.', null));
});
