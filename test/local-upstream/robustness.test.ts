import { describe, expect, it } from 'vitest';
import { KEYS, ORG_A, ROLE_A, useUpstream, validation } from './helpers.ts';

const ctx = useUpstream();
const flags = () => `/api/projects/${ctx.projectA}/feature_flags/`;

async function flagCount(): Promise<number> {
  return (await ctx.owner.get(`${flags()}?limit=1`)).body.count;
}

describe('concurrent writes', () => {
  it('lets exactly one of many simultaneous creates of the same key through', async () => {
    const before = await flagCount();
    const responses = await Promise.all(Array.from({ length: 25 }, () => ctx.owner.post(flags(), { key: 'raced-key' })));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    for (const response of responses.filter((candidate) => candidate.status !== 201)) {
      expect(response.body).toEqual(validation('unique', 'There is already a feature flag with this key.', 'key'));
    }
    expect(await flagCount()).toBe(before + 1);
  });

  it('applies simultaneous PATCHes one after another: every one bumps the version once', async () => {
    const id = (await ctx.owner.post(flags(), { key: 'patched-in-parallel' })).body.id;
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => ctx.owner.patch(`${flags()}${id}/`, { name: `n${i}` })));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(responses.map((response) => response.body.version).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    const activity = await ctx.owner.get(`${flags()}${id}/activity/?limit=100`);
    expect(activity.body.total_count).toBe(21);
  });
});

describe('hostile input', () => {
  it('treats SQL metacharacters and LIKE wildcards in search as plain text', async () => {
    const before = await flagCount();
    for (const search of ["'; DROP TABLE feature_flags; --", '%', '_', '\\', '"']) {
      const response = await ctx.owner.get(`${flags()}?search=${encodeURIComponent(search)}`);
      expect(response.status).toBe(200);
      expect(response.body.count).toBe(0);
    }
    expect(await flagCount()).toBe(before);
    expect((await ctx.owner.get(`/api/projects/?search=${encodeURIComponent("' OR 1=1 --")}`)).body.count).toBe(0);
  });

  it('stores and returns unicode names and property keys as sent; refuses a non-ASCII flag key', async () => {
    const created = await ctx.owner.post(flags(), {
      key: 'unicode-flag',
      name: 'Nom 名前 🚀',
      filters: { groups: [{ properties: [{ key: 'ville', value: 'Zürich', type: 'person' }], rollout_percentage: 100 }] },
    });
    expect(created.status).toBe(201);
    const read = await ctx.owner.get(`${flags()}${created.body.id}/`);
    expect(read.body.name).toBe('Nom 名前 🚀');
    expect(read.body.filters.groups[0].properties[0]).toMatchObject({ key: 'ville', value: 'Zürich' });
    expect((await ctx.owner.post(flags(), { key: 'clé' })).body).toEqual(
      validation('invalid_key', 'Only letters, numbers, hyphens (-) & underscores (_) are allowed.', 'key'),
    );
  });

  it.each([
    ['[]', 'list'],
    ['"x"', 'str'],
    ['null', 'NoneType'],
    ['42', 'int'],
    ['true', 'bool'],
  ])('answers a %s body with DRF\'s "Expected a dictionary" error on every JSON write', async (body, type) => {
    const flag = (await ctx.owner.get(flags())).body.results[0];
    const plugin = (await ctx.owner.get(`/api/organizations/${ORG_A}/plugins/`)).body.results[0];
    const writes: Array<[string, string]> = [
      ['POST', flags()],
      ['PATCH', `${flags()}${flag.id}/`],
      ['POST', '/api/projects/'],
      ['PATCH', `/api/projects/${ctx.projectA}/`],
      ['POST', `${flags()}${flag.id}/role_access/`],
      ['POST', `/api/organizations/${ORG_A}/plugins/`],
      ['PATCH', `/api/organizations/${ORG_A}/plugins/${plugin.id}/`],
      ['PATCH', `/api/organizations/${ORG_A}/plugins/${plugin.id}/update_source/`],
      ['POST', `${flags()}user_blast_radius/`],
    ];
    for (const [method, path] of writes) {
      const response = await ctx.owner.call(method, path, body, { 'content-type': 'application/json' });
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 400,
        body: validation('invalid_input', `Invalid data. Expected a dictionary, but got ${type}.`, null),
      });
    }
  });

  it('refuses a body over the size limit with 413 and creates nothing', async () => {
    const before = await flagCount();
    const response = await fetch(`${ctx.upstream.url}${flags()}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEYS.owner}`, 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'huge', name: 'x'.repeat(21 * 1024 * 1024) }),
    }).catch((error: unknown) => error);
    // The server stops reading at the limit; the client may see the 413 or, mid-upload, a reset connection.
    if (response instanceof Response) expect(response.status).toBe(413);
    else expect(response).toBeInstanceOf(Error);
    expect(await flagCount()).toBe(before);
  });

  it('refuses a non-JSON content type with 415 and changes nothing', async () => {
    const before = await flagCount();
    const response = await ctx.owner.call('POST', flags(), '{"key":"as-text"}', { 'content-type': 'text/plain' });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({
      type: 'invalid_request',
      code: 'unsupported_media_type',
      detail: 'Unsupported media type "text/plain" in request.',
      attr: null,
    });
    expect(await flagCount()).toBe(before);
  });

  it('grants a role once even when asked many times at once', async () => {
    const id = (await ctx.owner.post(flags(), { key: 'role-race' })).body.id;
    const responses = await Promise.all(Array.from({ length: 10 }, () => ctx.owner.post(`${flags()}${id}/role_access/`, { role_id: ROLE_A })));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    expect((await ctx.owner.get(`${flags()}${id}/role_access/`)).body.count).toBe(1);
  });
});
