import { describe, expect, it } from 'vitest';
import { client, KEYS, PROJECT_A_TOKEN, useUpstream, validation } from './helpers.ts';

const ctx = useUpstream();
const path = (suffix = '') => `/api/projects/${ctx.projectA}/feature_flags/${suffix}`;
const flagId = async (key: string) => (await ctx.owner.get(path(`?search=${key}`))).body.results.find((flag: { key: string }) => flag.key === key).id as number;

describe('evaluation actions', () => {
  it('evaluation_reasons evaluates every live flag for a distinct id, inactive ones as disabled', async () => {
    const staff = await ctx.owner.get(path('evaluation_reasons/?distinct_id=person-0'));
    expect(staff.status).toBe(200);
    expect(staff.body['acme-staff']).toEqual({ value: true, evaluation: { reason: 'condition_match', condition_index: 0 } });
    expect(staff.body['switched-off']).toEqual({ value: false, evaluation: { reason: 'disabled', condition_index: null } });
    expect(staff.body.everyone.value).toBe(true);
    const outsider = await ctx.owner.get(path('evaluation_reasons/?distinct_id=person-7'));
    expect(outsider.body['acme-staff']).toEqual({ value: false, evaluation: { reason: 'no_condition_match', condition_index: 0 } });
  });

  it('evaluation_reasons needs distinct_id and a JSON groups object', async () => {
    const missing = await ctx.owner.get(path('evaluation_reasons/'));
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(validation('invalid_input', 'distinct_id is required', null));
    const badGroups = await ctx.owner.get(path('evaluation_reasons/?distinct_id=x&groups=%7Bnope'));
    expect(badGroups.status).toBe(400);
    expect(badGroups.body.attr).toBe('groups');
  });

  it('evaluates group flags with the groups parameter', async () => {
    await ctx.owner.post(path(), { key: 'company-flag', filters: { aggregation_group_type_index: 0, groups: [{ properties: [], rollout_percentage: 100 }] } });
    const without = await ctx.owner.get(path('evaluation_reasons/?distinct_id=person-1'));
    expect(without.body['company-flag'].evaluation.reason).toBe('no_group_type');
    const groups = encodeURIComponent(JSON.stringify({ company: 'acme' }));
    const withGroup = await ctx.owner.get(path(`evaluation_reasons/?distinct_id=person-1&groups=${groups}`));
    expect(withGroup.body['company-flag']).toEqual({ value: true, evaluation: { reason: 'condition_match', condition_index: 0 } });
  });

  it('matches group properties from the stored group, and from the caller on remote evaluation', async () => {
    await ctx.owner.post(path(), {
      key: 'enterprise-companies',
      filters: {
        aggregation_group_type_index: 0,
        groups: [
          {
            properties: [{ key: 'plan', value: 'enterprise', type: 'group', group_type_index: 0 }],
            rollout_percentage: 100,
          },
        ],
      },
    });
    const reasonsFor = async (company: string) =>
      (await ctx.owner.get(path(`evaluation_reasons/?distinct_id=person-1&groups=${encodeURIComponent(JSON.stringify({ company }))}`))).body[
        'enterprise-companies'
      ];
    expect(await reasonsFor('acme')).toEqual({ value: true, evaluation: { reason: 'condition_match', condition_index: 0 } });
    expect((await reasonsFor('unknown-co')).value).toBe(false);
    const remote = await client(ctx.upstream, undefined).post('/flags/?v=2', {
      token: PROJECT_A_TOKEN,
      distinct_id: 'person-1',
      groups: { company: 'unknown-co' },
      group_properties: { company: { plan: 'enterprise' } },
    });
    expect(remote.body.featureFlags['enterprise-companies']).toBe(true);
  });

  it('my_flags returns a plain array of minimal flags and values for the caller', async () => {
    const response = await ctx.owner.get(path('my_flags/'));
    expect(Array.isArray(response.body)).toBe(true);
    const everyone = response.body.find((entry: { feature_flag: { key: string } }) => entry.feature_flag.key === 'everyone');
    expect(everyone.value).toBe(true);
    expect(everyone.feature_flag).toMatchObject({ id: expect.any(Number), team_id: ctx.projectA, key: 'everyone', active: true, deleted: false });
    const off = response.body.find((entry: { feature_flag: { key: string } }) => entry.feature_flag.key === 'switched-off');
    expect(off.value).toBe(false);
  });

  it('my_flags and evaluation_reasons answer only the flags named in flag_keys (repeated, or one JSON array)', async () => {
    const mine = await ctx.owner.get(path('my_flags/?flag_keys=everyone&flag_keys=switched-off'));
    expect(mine.body.map((entry: { feature_flag: { key: string } }) => entry.feature_flag.key).sort()).toEqual(['everyone', 'switched-off']);
    const reasons = await ctx.owner.get(path(`evaluation_reasons/?distinct_id=person-1&flag_keys=${encodeURIComponent('["everyone"]')}`));
    expect(Object.keys(reasons.body)).toEqual(['everyone']);
  });

  it('user_blast_radius counts the persons a condition selects', async () => {
    const response = await ctx.owner.post(path('user_blast_radius/'), {
      condition: { properties: [{ key: 'email', value: 'acme.test', operator: 'icontains', type: 'person' }], rollout_percentage: 50 },
    });
    expect(response.body).toEqual({ affected: 3, total: 10, users_affected: 3, total_users: 10 });
    expect((await ctx.owner.post(path('user_blast_radius/'), { condition: { properties: [] } })).body).toEqual({
      affected: 10,
      total: 10,
      users_affected: 10,
      total_users: 10,
    });
    const missing = await ctx.owner.post(path('user_blast_radius/'), {});
    expect(missing.body).toEqual(validation('invalid_input', 'Missing condition for which to get blast radius', null));
  });

  it('local_evaluation sends flags with a weak ETag and answers 304 when it matches', async () => {
    const response = await ctx.owner.get(path('local_evaluation/?send_cohorts'));
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toMatch(/^W\/".+"$/);
    expect(response.headers.get('cache-control')).toBe('private, must-revalidate');
    expect(response.body.group_type_mapping).toEqual({ 0: 'company' });
    const keys = response.body.flags.map((flag: { key: string }) => flag.key);
    expect(keys).toEqual(expect.arrayContaining(['everyone', 'acme-staff', 'switched-off']));
    const etag = response.headers.get('etag')!;
    const cached = await ctx.owner.get(path('local_evaluation/?send_cohorts'), { 'if-none-match': etag });
    expect(cached.status).toBe(304);
    expect(cached.text).toBe('');
    await ctx.owner.post(path(), { key: 'etag-buster' });
    expect((await ctx.owner.get(path('local_evaluation/?send_cohorts'), { 'if-none-match': etag })).status).toBe(200);
  });
});

describe('cohorts in flags', () => {
  it('evaluates cohort conditions, names the cohort in the flag and ships its definition to local evaluation', async () => {
    // The seed has "Pro plan" (dynamic) and "Hand picked" (static); cohort ids are assigned in seed order within this fresh database.
    const created = await ctx.owner.post(path(), {
      key: 'pros-only',
      filters: { groups: [{ properties: [{ key: 'id', value: 1, type: 'cohort' }], rollout_percentage: 100 }] },
    });
    expect(created.status).toBe(201);
    expect(created.body.filters.groups[0].properties[0]).toMatchObject({ type: 'cohort', value: 1, cohort_name: 'Pro plan' });
    const pro = await ctx.owner.get(path('evaluation_reasons/?distinct_id=person-1'));
    const free = await ctx.owner.get(path('evaluation_reasons/?distinct_id=person-2'));
    expect(pro.body['pros-only'].value).toBe(true);
    expect(free.body['pros-only'].value).toBe(false);
    const local = await ctx.owner.get(path('local_evaluation/?send_cohorts'));
    expect(Object.keys(local.body.cohorts)).toEqual(['1']);
    const picked = await ctx.owner.post(path(), {
      key: 'picked-only',
      filters: { groups: [{ properties: [{ key: 'id', value: 2, type: 'cohort' }], rollout_percentage: 100 }] },
    });
    expect(picked.body.filters.groups[0].properties[0].cohort_name).toBe('Hand picked');
    expect((await ctx.owner.get(path('evaluation_reasons/?distinct_id=person-8'))).body['picked-only'].value).toBe(true);
    expect((await ctx.owner.get(path('evaluation_reasons/?distinct_id=person-7'))).body['picked-only'].value).toBe(false);
    await ctx.owner.patch(path(`${created.body.id}/`), { deleted: true });
    await ctx.owner.patch(path(`${picked.body.id}/`), { deleted: true });
  });

  it('refuses a cohort that does not exist', async () => {
    const response = await ctx.owner.post(path(), { key: 'ghost-cohort', filters: { groups: [{ properties: [{ key: 'id', value: 999, type: 'cohort' }] }] } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'cohort_does_not_exist', attr: 'filters' });
  });
});

describe('flag side actions', () => {
  it("create_static_cohort_for_flag makes a static cohort of the persons the flag is on for (200, the interface's status)", async () => {
    const id = await flagId('acme-staff');
    const response = await ctx.owner.post(path(`${id}/create_static_cohort_for_flag/`), {});
    expect(response.status).toBe(200);
    expect(response.body.cohort).toMatchObject({ is_static: true, count: 3, created_by: { email: 'ada@acme.test' } });
    expect(response.body.cohort.name).toMatch(/^Users with feature flag acme-staff enabled at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('dashboard creates a new usage dashboard, each time a new one', async () => {
    const id = await flagId('everyone');
    expect((await ctx.owner.get(path(`${id}/`))).body.usage_dashboard).toBeNull();
    expect((await ctx.owner.post(path(`${id}/dashboard/`), {})).body).toEqual({ success: true });
    const first = (await ctx.owner.get(path(`${id}/`))).body.usage_dashboard;
    expect(first).toEqual(expect.any(Number));
    await ctx.owner.post(path(`${id}/dashboard/`), {});
    expect((await ctx.owner.get(path(`${id}/`))).body.usage_dashboard).not.toBe(first);
  });

  it('enrich_usage_dashboard checks, in order: a usage dashboard, not yet enriched, the flag allows enriched analytics', async () => {
    const enrich = async (id: number) => ctx.owner.post(path(`${id}/enrich_usage_dashboard/`), {});
    const id = await flagId('acme-staff');
    const noDashboard = await enrich(id);
    expect(noDashboard.status).toBe(400);
    expect(noDashboard.body).toEqual({ success: false, error: 'Usage dashboard not found' });

    await ctx.owner.post(path(`${id}/dashboard/`), {});
    const before = (await ctx.owner.get(path(`${id}/`))).body;
    const notAllowed = await enrich(id);
    expect(notAllowed.status).toBe(400);
    expect(notAllowed.body).toEqual({ success: false, error: 'No enriched analytics available for this feature flag' });
    expect((await ctx.owner.get(path(`${id}/`))).body).toEqual(before);

    expect((await ctx.owner.patch(path(`${id}/`), { has_enriched_analytics: true })).body.has_enriched_analytics).toBe(true);
    const enriched = await enrich(id);
    expect(enriched.status).toBe(200);
    expect(enriched.body).toEqual({ success: true });

    // The dashboard is what remembers the enrichment: clearing the flag's writable field does not undo it.
    expect((await ctx.owner.patch(path(`${id}/`), { has_enriched_analytics: false })).body.has_enriched_analytics).toBe(false);
    const again = await enrich(id);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ success: false, error: 'Usage dashboard already has enriched data' });
    expect((await ctx.owner.get(path(`${id}/`))).body.has_enriched_analytics).toBe(false);
  });

  it('enrich_usage_dashboard leaves has_enriched_analytics alone, and refuses a freshly created flag', async () => {
    const created = await ctx.owner.post(path(), { key: 'enrich-fresh', filters: { groups: [{ rollout_percentage: 50 }] } });
    expect(created.body.usage_dashboard).toEqual(expect.any(Number));
    const fresh = await ctx.owner.post(path(`${created.body.id}/enrich_usage_dashboard/`), {});
    expect(fresh.status).toBe(400);
    expect(fresh.body).toEqual({ success: false, error: 'No enriched analytics available for this feature flag' });

    const allowed = await ctx.owner.post(path(), { key: 'enrich-allowed', has_enriched_analytics: true });
    expect((await ctx.owner.post(path(`${allowed.body.id}/enrich_usage_dashboard/`), {})).body).toEqual({ success: true });
    const after = (await ctx.owner.get(path(`${allowed.body.id}/`))).body;
    expect(after).toMatchObject({ has_enriched_analytics: true, usage_dashboard: allowed.body.usage_dashboard, version: allowed.body.version });
  });

  it("answers an unknown flag's activity with a bare 404 and the other actions with Not found.", async () => {
    const activity = await ctx.owner.get(path('999999/activity/'));
    expect(activity.status).toBe(404);
    expect(activity.text).toBe('');
    expect((await ctx.owner.post(path('999999/dashboard/'), {})).body.detail).toBe('Not found.');
  });

  it('lists the activity of all flags of the project', async () => {
    const response = await ctx.owner.get(path('activity/?limit=100'));
    expect(response.body.results).toContainEqual(
      expect.objectContaining({ activity: 'created', scope: 'FeatureFlag', detail: expect.objectContaining({ name: 'etag-buster' }) }),
    );
    expect(response.body.results).toContainEqual(expect.objectContaining({ activity: 'deleted', detail: expect.objectContaining({ name: 'pros-only' }) }));
    const times = response.body.results.map((entry: { created_at: string }) => entry.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('lets a read-only key evaluate but not create cohorts or dashboards', async () => {
    const reader = client(ctx.upstream, KEYS.reader);
    expect((await reader.get(path('evaluation_reasons/?distinct_id=a'))).status).toBe(200);
    expect((await reader.get(path('local_evaluation/'))).status).toBe(200);
    const id = await flagId('everyone');
    expect((await reader.post(path(`${id}/dashboard/`), {})).status).toBe(403);
    expect((await client(ctx.upstream, KEYS.other).get(path('my_flags/'))).status).toBe(403);
  });
});
