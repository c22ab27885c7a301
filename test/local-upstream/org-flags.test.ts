import { describe, expect, it } from 'vitest';
import { client, KEYS, ORG_A, ORG_B, useUpstream, validation } from './helpers.ts';

const ctx = useUpstream();
const orgPath = `/api/organizations/${ORG_A}/feature_flags/`;

async function project(name: string): Promise<number> {
  return (await ctx.owner.post('/api/projects/', { name })).body.id;
}

describe('organization-level flag lookup by key', () => {
  it('returns one entry per project with a live flag of that key', async () => {
    const second = await project('Second');
    await ctx.owner.post(`/api/projects/${second}/feature_flags/`, { key: 'everyone', active: false });
    const response = await ctx.owner.get(`${orgPath}everyone/`);
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(2);
    expect(response.body[0]).toEqual({
      flag_id: expect.any(Number),
      team_id: ctx.projectA,
      created_by: expect.objectContaining({ email: 'ada@acme.test' }),
      filters: { groups: [{ properties: [], rollout_percentage: 100, aggregation_group_type_index: null }], aggregation_group_type_index: null },
      created_at: expect.any(String),
      active: true,
      evaluations_7d: 0,
      evaluations_7d_available: true,
    });
    expect(response.body[1]).toMatchObject({ team_id: second, active: false });
  });

  it('returns [] for an unknown key and never shows another organization', async () => {
    expect((await ctx.owner.get(`${orgPath}no-such-key/`)).body).toEqual([]);
    const globex = await client(ctx.upstream, KEYS.other).get(`/api/organizations/${ORG_B}/feature_flags/everyone/`);
    expect(globex.body.map((entry: { team_id: number }) => entry.team_id)).toEqual([ctx.projectB]);
    const foreign = await ctx.owner.get(`/api/organizations/${ORG_B}/feature_flags/everyone/`);
    expect(foreign.status).toBe(403);
    expect(foreign.body.detail).toBe('You do not have permission to perform this action.');
  });
});

describe('copy_flags', () => {
  it('creates the flag in new targets and updates it where it exists', async () => {
    const target = await project('Copy target');
    const existing = await project('Copy existing');
    await ctx.owner.post(`/api/projects/${existing}/feature_flags/`, { key: 'acme-staff', name: 'stale copy', active: false });
    const response = await ctx.owner.post(`${orgPath}copy_flags/`, {
      feature_flag_key: 'acme-staff',
      from_project: ctx.projectA,
      target_project_ids: [target, existing, 987654, ctx.projectB],
    });
    expect(response.status).toBe(200);
    expect(response.body.success.map((flag: { key: string }) => flag.key)).toEqual(['acme-staff', 'acme-staff']);
    expect(response.body.success[1]).toMatchObject({ name: '', active: true });
    expect(response.body.failed).toEqual([
      { project_id: 987654, error_message: 'Project not found.' },
      { project_id: ctx.projectB, error_message: 'Project not found.' },
    ]);
    const copied = await ctx.owner.get(`/api/projects/${target}/feature_flags/`);
    expect(copied.body.results[0].filters.groups[0].properties[0]).toMatchObject({ key: 'email', operator: 'icontains' });
    expect((await client(ctx.upstream, KEYS.other).get(`/api/projects/${ctx.projectB}/feature_flags/?search=acme`)).body.count).toBe(0);
  });

  it.each<[Record<string, unknown>, unknown]>([
    [{}, validation('required', 'This field is required.', 'feature_flag_key')],
    [{ feature_flag_key: 'everyone', from_project: 1 }, validation('required', 'This field is required.', 'target_project_ids')],
    [
      { feature_flag_key: 'everyone', from_project: 1, target_project_ids: [] },
      validation('min_length', 'Ensure this field has at least 1 elements.', 'target_project_ids'),
    ],
    [
      { feature_flag_key: 'everyone', from_project: 1, target_project_ids: Array.from({ length: 51 }, (_, i) => i + 1) },
      validation('max_length', 'Ensure this field has no more than 50 elements.', 'target_project_ids'),
    ],
    [
      { feature_flag_key: 'everyone', from_project: 1, target_project_ids: [2], copy_dependencies: 'maybe' },
      validation('invalid_input', 'Must be a valid boolean.', 'copy_dependencies'),
    ],
  ])("answers %j with the request serializer's 400", async (body, expected) => {
    const response = await ctx.owner.post(`${orgPath}copy_flags/`, body.from_project ? { ...body, from_project: ctx.projectA } : body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
  });

  it('answers a missing source flag with the ad-hoc 400 body', async () => {
    const response = await ctx.owner.post(`${orgPath}copy_flags/`, {
      feature_flag_key: 'nope',
      from_project: ctx.projectA,
      target_project_ids: [ctx.projectA],
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Feature flag to copy does not exist.' });
  });

  it('needs feature_flag:write', async () => {
    const response = await client(ctx.upstream, KEYS.reader).post(`${orgPath}copy_flags/`, {
      feature_flag_key: 'everyone',
      from_project: ctx.projectA,
      target_project_ids: [ctx.projectA],
    });
    expect(response.status).toBe(403);
  });
});
