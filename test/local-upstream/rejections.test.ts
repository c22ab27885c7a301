import { describe, expect, it } from 'vitest';
import { client, KEYS, ORG_A, ROLE_A, useUpstream, type Client } from './helpers.ts';

const ctx = useUpstream();

/** Everything the owner can read, deleted flags and activity included. */
async function snapshot(api: Client, projectId: number): Promise<unknown> {
  const flags = (await api.get(`/api/projects/${projectId}/feature_flags/?limit=1000`)).body.results;
  const deep = await Promise.all(
    flags.map(async (flag: { id: number }) => ({
      flag: (await api.get(`/api/projects/${projectId}/feature_flags/${flag.id}/`)).body,
      roles: (await api.get(`/api/projects/${projectId}/feature_flags/${flag.id}/role_access/`)).body,
    })),
  );
  const plugins = (await api.get(`/api/organizations/${ORG_A}/plugins/?limit=1000`)).body.results;
  const sources = await Promise.all(
    plugins.map(async (plugin: { id: number }) => (await api.get(`/api/organizations/${ORG_A}/plugins/${plugin.id}/source/`)).body),
  );
  return {
    projects: (await api.get('/api/projects/?limit=1000')).body,
    project: (await api.get(`/api/projects/${projectId}/`)).body,
    deep,
    plugins,
    sources,
    flagActivity: (await api.get(`/api/projects/${projectId}/feature_flags/activity/?limit=1000`)).body,
    pluginActivity: (await api.get(`/api/organizations/${ORG_A}/plugins/activity/?limit=1000`)).body,
  };
}

describe('a rejected request changes nothing', () => {
  it('leaves every readable object as it was after a series of refused writes', async () => {
    const p = ctx.projectA;
    const flag = (await ctx.owner.get(`/api/projects/${p}/feature_flags/`)).body.results[0];
    const plugin = (await ctx.owner.get(`/api/organizations/${ORG_A}/plugins/`)).body.results[0];
    await ctx.owner.post(`/api/projects/${p}/feature_flags/${flag.id}/role_access/`, { role_id: ROLE_A });
    const before = await snapshot(ctx.owner, p);

    const reader = client(ctx.upstream, KEYS.reader);
    const member = client(ctx.upstream, KEYS.member);
    const other = client(ctx.upstream, KEYS.other);
    const attempts = [
      ctx.owner.post(`/api/projects/${p}/feature_flags/`, { key: 'fine-key', filters: { groups: [{ rollout_percentage: 'all' }] } }),
      ctx.owner.post(`/api/projects/${p}/feature_flags/`, { key: 'fine-key', active: 'perhaps' }),
      ctx.owner.patch(`/api/projects/${p}/feature_flags/${flag.id}/`, { name: 'renamed', deleted: 'soon' }),
      ctx.owner.delete(`/api/projects/${p}/feature_flags/${flag.id}/`),
      ctx.owner.patch(`/api/projects/${p}/`, { name: 'renamed', week_start_day: 7 }),
      ctx.owner.call('POST', `/api/projects/${p}/feature_flags/`, '{"key": "broken', { 'content-type': 'application/json' }),
      ctx.owner.post(`/api/projects/${p}/feature_flags/${flag.id}/role_access/`, { role_id: ROLE_A }),
      ctx.owner.post(`/api/organizations/${ORG_A}/plugins/`, { plugin_type: 'custom', url: 'ftp://nope' }),
      ctx.owner.patch(`/api/organizations/${ORG_A}/plugins/${plugin.id}/update_source/`, { 'a.ts': 'written first', 'b.ts': ['then refused'] }),
      ctx.owner.post(`/api/organizations/${ORG_A}/feature_flags/copy_flags/`, { feature_flag_key: flag.key }),
      reader.patch(`/api/projects/${p}/feature_flags/${flag.id}/`, { name: 'reader was here' }),
      reader.post('/api/projects/', { name: 'reader project' }),
      member.delete(`/api/projects/${p}/`),
      other.patch(`/api/projects/${p}/`, { name: 'hijacked' }),
      other.post(`/api/projects/${p}/feature_flags/`, { key: 'intruder' }),
      other.delete(`/api/organizations/${ORG_A}/plugins/${plugin.id}/`),
    ];
    const statuses = [];
    for (const attempt of attempts) statuses.push((await attempt).status);
    expect(statuses.every((status) => status >= 400)).toBe(true);
    expect(await snapshot(ctx.owner, p)).toEqual(before);
  });
});
