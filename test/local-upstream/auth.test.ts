import { describe, expect, it } from 'vitest';
import { client, envelope, KEYS, ORG_A, ORG_B, useUpstream } from './helpers.ts';

const ctx = useUpstream();

describe('authentication', () => {
  it('answers 401 not_authenticated without a key', async () => {
    const response = await client(ctx.upstream, undefined).get(`/api/projects/${ctx.projectA}/feature_flags/`);
    expect(response.status).toBe(401);
    expect(response.body).toEqual(envelope('authentication_error', 'not_authenticated', 'Authentication credentials were not provided.'));
  });

  it('answers 401 authentication_failed naming where an unknown key was found', async () => {
    const anon = client(ctx.upstream, undefined);
    const header = await client(ctx.upstream, 'phx_unknown').get('/api/projects/');
    expect(header.status).toBe(401);
    expect(header.body).toEqual(
      envelope('authentication_error', 'authentication_failed', 'Personal API key found in request Authorization header is invalid.'),
    );
    const query = await anon.get('/api/projects/?personal_api_key=phx_unknown');
    expect(query.body.detail).toBe('Personal API key found in request query string is invalid.');
    const body = await anon.post('/api/projects/', { personal_api_key: 'phx_unknown', name: 'x' });
    expect(body.body.detail).toBe('Personal API key found in request body is invalid.');
  });

  it('accepts the key in the query string and in the body', async () => {
    const anon = client(ctx.upstream, undefined);
    expect((await anon.get(`/api/projects/?personal_api_key=${KEYS.owner}`)).status).toBe(200);
    const created = await anon.post(`/api/projects/${ctx.projectA}/feature_flags/`, { personal_api_key: KEYS.owner, key: 'body-key-flag' });
    expect(created.status).toBe(201);
  });

  it('tries only the first key found: a bad header key is not rescued by a good query key', async () => {
    const response = await client(ctx.upstream, 'phx_unknown').get(`/api/projects/?personal_api_key=${KEYS.owner}`);
    expect(response.status).toBe(401);
  });
});

describe('tenancy', () => {
  it("refuses another organization's project on nested routes with 403", async () => {
    const response = await client(ctx.upstream, KEYS.other).get(`/api/projects/${ctx.projectA}/feature_flags/`);
    expect(response.status).toBe(403);
    expect(response.body).toEqual(envelope('authentication_error', 'permission_denied', "You don't have access to the project."));
  });

  it("hides another organization's project on /api/projects/{id}/ with 404 Not found.", async () => {
    const other = client(ctx.upstream, KEYS.other);
    for (const response of [
      await other.get(`/api/projects/${ctx.projectA}/`),
      await other.patch(`/api/projects/${ctx.projectA}/`, { name: 'stolen' }),
      await other.delete(`/api/projects/${ctx.projectA}/`),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual(envelope('invalid_request', 'not_found', 'Not found.'));
    }
    expect((await ctx.owner.get(`/api/projects/${ctx.projectA}/`)).body.name).toBe('Web');
  });

  it('answers 404 Project not found. for unknown and non-integer project ids', async () => {
    for (const id of ['999999', 'abc', '1x']) {
      const response = await ctx.owner.get(`/api/projects/${id}/feature_flags/`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual(envelope('invalid_request', 'not_found', 'Project not found.'));
    }
    expect((await ctx.owner.get('/api/projects/999999/')).body.detail).toBe('Project not found.');
    expect((await ctx.owner.get('/api/projects/abc/')).status).toBe(404);
  });

  it('answers 404 Organization not found. for a non-UUID or unknown organization, 403 for a foreign one', async () => {
    const bad = await ctx.owner.get('/api/organizations/not-a-uuid/plugins/');
    expect(bad.status).toBe(404);
    expect(bad.body).toEqual(envelope('invalid_request', 'not_found', 'Organization not found.'));
    expect((await ctx.owner.get('/api/organizations/0190c000-0000-7000-8000-0000000000ff/plugins/')).status).toBe(404);
    const foreign = await ctx.owner.get(`/api/organizations/${ORG_B}/plugins/`);
    expect(foreign.status).toBe(403);
    // OrganizationMemberPermissions has no message of its own: DRF's generic denial.
    expect(foreign.body).toEqual(envelope('authentication_error', 'permission_denied', 'You do not have permission to perform this action.'));
  });

  it('accepts @current for project and organization', async () => {
    const flags = await ctx.owner.get('/api/projects/@current/feature_flags/');
    expect(flags.status).toBe(200);
    expect(flags.body.results.map((flag: { key: string }) => flag.key)).toContain('acme-staff');
    expect((await ctx.owner.get('/api/projects/@current/')).body.id).toBe(ctx.projectA);
    const plugins = await ctx.owner.get('/api/organizations/@current/plugins/');
    expect(plugins.body.results[0].organization_id).toBe(ORG_A);
  });

  it("lists only the projects of the caller's organizations", async () => {
    const names = (await client(ctx.upstream, KEYS.other).get('/api/projects/')).body.results.map((p: { name: string }) => p.name);
    expect(names).toEqual(['Globex web']);
  });
});

describe('scopes', () => {
  it('refuses a write with a read-only key, naming the missing scope', async () => {
    const response = await client(ctx.upstream, KEYS.reader).post(`/api/projects/${ctx.projectA}/feature_flags/`, { key: 'nope' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(envelope('authentication_error', 'permission_denied', "API key missing required scope 'feature_flag:write'"));
    const list = await ctx.owner.get(`/api/projects/${ctx.projectA}/feature_flags/?search=nope`);
    expect(list.body.count).toBe(0);
  });

  it('lets a write scope read the same object, and nothing else', async () => {
    const writer = client(ctx.upstream, KEYS.flagWriter);
    expect((await writer.get(`/api/projects/${ctx.projectA}/feature_flags/`)).status).toBe(200);
    const projects = await writer.get('/api/projects/');
    expect(projects.status).toBe(403);
    expect(projects.body.detail).toBe("API key missing required scope 'project:read'");
    const activity = await writer.get(`/api/projects/${ctx.projectA}/feature_flags/activity/`);
    expect(activity.body.detail).toBe("API key missing required scope 'activity_log:read'");
  });

  it('checks scope before answering the flag DELETE 405', async () => {
    const response = await client(ctx.upstream, KEYS.reader).delete(`/api/projects/${ctx.projectA}/feature_flags/1/`);
    expect(response.status).toBe(403);
    expect(response.body.detail).toBe("API key missing required scope 'feature_flag:write'");
  });
});

describe('routing errors', () => {
  it('answers an unknown path under /api with Endpoint not found., even without a key', async () => {
    const response = await client(ctx.upstream, undefined).get('/api/nothing/here/');
    expect(response.status).toBe(404);
    expect(response.body).toEqual(envelope('invalid_request', 'not_found', 'Endpoint not found.'));
  });

  it('matches no route through an empty path segment, and no id with a dot in it', async () => {
    for (const path of [`/api/projects//feature_flags/`, `/api/projects/${ctx.projectA}//`, `/api/projects/${ctx.projectA}/feature_flags/1.5/`]) {
      expect((await ctx.owner.get(path)).body).toEqual(envelope('invalid_request', 'not_found', 'Endpoint not found.'));
    }
  });

  it('answers an unrouted method with the 405 envelope after authentication', async () => {
    const response = await ctx.owner.put(`/api/projects/${ctx.projectA}/feature_flags/1/`, { key: 'x' });
    expect(response.status).toBe(405);
    expect(response.body).toEqual(envelope('invalid_request', 'method_not_allowed', 'Method "PUT" not allowed.'));
    expect((await client(ctx.upstream, undefined).put('/api/projects/')).status).toBe(401);
  });

  it('answers malformed JSON with a parse_error and changes nothing', async () => {
    const response = await ctx.owner.call('PATCH', `/api/projects/${ctx.projectA}/`, '{"name": ', { 'content-type': 'application/json' });
    expect(response.status).toBe(400);
    expect(response.body.type).toBe('invalid_request');
    expect(response.body.code).toBe('parse_error');
    expect(response.body.detail).toBe('JSON parse error - Expecting value: line 1 column 10 (char 9)');
    expect((await ctx.owner.get(`/api/projects/${ctx.projectA}/`)).body.name).toBe('Web');
  });

  it.each([
    ['{bad', 'Expecting property name enclosed in double quotes: line 1 column 2 (char 1)'],
    ['{"key": "a",}', 'Expecting property name enclosed in double quotes: line 1 column 13 (char 12)'],
    ['{"key" "a"}', "Expecting ':' delimiter: line 1 column 8 (char 7)"],
    ['{"key": "a" "b": 1}', "Expecting ',' delimiter: line 1 column 13 (char 12)"],
    ['{"key": "a"} trailing', 'Extra data: line 1 column 14 (char 13)'],
    ['{\n  "key": "unterminated\n}', 'Invalid control character at: line 2 column 23 (char 24)'],
    ['key=value', 'Expecting value: line 1 column 1 (char 0)'],
    ['{"rollout": NaN}', 'Out of range float values are not JSON compliant'],
  ])("words the parse error of %j as Python's json module (via DRF) does", async (body, message) => {
    const response = await ctx.owner.call('POST', `/api/projects/${ctx.projectA}/feature_flags/`, body.replace(/\\n/g, '\n'), {
      'content-type': 'application/json',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(envelope('invalid_request', 'parse_error', `JSON parse error - ${message}`));
  });

  it('serves /api/environments/... as /api/projects/...', async () => {
    const response = await ctx.owner.get(`/api/environments/${ctx.projectA}/feature_flags/`);
    expect(response.status).toBe(200);
    expect(response.body.results.map((flag: { key: string }) => flag.key)).toContain('everyone');
  });

  it('makes the trailing slash optional', async () => {
    expect((await ctx.owner.get(`/api/projects/${ctx.projectA}/feature_flags`)).status).toBe(200);
    expect((await ctx.owner.get('/api/projects')).status).toBe(200);
  });
});
