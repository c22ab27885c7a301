// What the upstream sends is the upstream's responsibility: a malformed record is UPSTREAM_ERROR
// naming the route (never INTERNAL_SERVER_ERROR, never BAD_USER_INPUT); in production a 5xx body's
// text never reaches the caller; every error whose cause is hidden is logged once with the
// request id, the operation name and the stack, and the caller sees the request id.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from '../../src/relay/global-id.ts';
import { ORG_A } from '../fixtures/seed.ts';
import { startStack, type Stack } from './helpers.ts';

const logLines: string[] = [];
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

let stack: Stack;
let production: Stack;
beforeAll(async () => {
  stack = await startStack({ gateway: { logLevel: 'info', logDestination: logSink } });
  production = await startStack({ gateway: { nodeEnv: 'production' } });
});
afterAll(async () => {
  await stack?.stop();
  await production?.stop();
});

const page = (results: unknown[]) => JSON.stringify({ count: results.length, next: null, previous: null, results });
const PROJECT = {
  id: 1,
  uuid: '0190b7a0-0000-7000-8000-000000000001',
  organization: '0190b7a0-0000-7000-8000-00000000000a',
  api_token: 'phc_x',
  name: 'Web',
  timezone: 'UTC',
};

describe('malformed upstream records', () => {
  it.each([
    [
      'results: [null, 5]',
      '/api/projects/',
      page([null, 5]),
      '{ projects { nodes { name } } }',
      /GET \/api\/projects\/ .*results\[0\]: expected an object, got null/,
    ],
    ['a project {}', '/api/projects/1/', '{}', '{ project(id: 1) { name } }', /GET \/api\/projects\/\{id\}\/ .*"id" should be a number, got nothing/],
    [
      'timezone: false',
      '/api/projects/1/',
      JSON.stringify({ ...PROJECT, timezone: false }),
      '{ project(id: 1) { timezone } }',
      /GET \/api\/projects\/\{id\}\/ .*"timezone" should be a string, got a boolean/,
    ],
    [
      'a flag without a key',
      '/api/projects/1/feature_flags/',
      page([{ id: 1, active: true, deleted: false }]),
      '{ project(id: 1) { featureFlags { nodes { key } } } }',
      /feature_flags\/ .*"key" should be a string/,
    ],
  ])('%s -> UPSTREAM_ERROR naming the route', async (_name, path, body, query, message) => {
    stack.upstream.injectFault({ method: 'GET', path, status: 200, body });
    const res = await stack.graphql<any>(query);
    expect(res.errors?.map((e) => e.extensions?.code)).toEqual(['UPSTREAM_ERROR']);
    expect(res.errors?.[0]?.message).toMatch(message);
  });

  it('a value a field cannot hold in a record without a known shape -> UPSTREAM_ERROR, logged once with request id, operation and stack', async () => {
    const flag = { id: 1, key: 'k', active: true, deleted: false, created_by: { id: 'not-a-number', uuid: '0190b7a0-0000-7000-8000-000000000001' } };
    stack.upstream.injectFault({ method: 'GET', path: '/api/projects/1/feature_flags/', status: 200, body: page([flag]) });
    const before = logLines.length;
    const res = await stack.graphql<any>(
      'query CreatorOfFlags { project(id: 1) { featureFlags { nodes { createdBy { databaseId } } } } }',
      {},
      {
        headers: { 'x-request-id': 'shape-check-1' },
      },
    );
    expect(res.errors?.map((e) => [e.extensions?.code, e.extensions?.requestId])).toEqual([['UPSTREAM_ERROR', 'shape-check-1']]);
    const logged = logLines
      .slice(before)
      .map((line) => JSON.parse(line) as { msg: string; requestId?: string; operation?: string; err?: { stack?: string } })
      .filter((line) => line.msg === 'masked internal error');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ requestId: 'shape-check-1', operation: 'CreatorOfFlags' });
    expect(logged[0]!.err?.stack).toMatch(/Int cannot represent/);
  });

  it("the operation's log line carries its request id", async () => {
    const before = logLines.length;
    await stack.graphql<any>('query LoggedWithId { projects { totalCount } }', {}, { headers: { 'x-request-id': 'log-line-7' } });
    const lines = logLines.slice(before).map((line) => JSON.parse(line) as { msg: string; requestId?: string; operation?: string });
    expect(lines.find((l) => l.msg === 'graphql operation' && l.operation === 'LoggedWithId')?.requestId).toBe('log-line-7');
  });
});

describe('answers whose structure the gateway reads', () => {
  const FLAGS = '/api/projects/1/feature_flags/';
  const ORG = `/api/organizations/${ORG_A}/`;
  const USER = { id: 1, uuid: '0190b7a0-0000-7000-8000-000000000001', organizations: [], team: null };
  const plugin = `"${toGlobalId('Plugin', ORG_A, 1)}"`;
  it.each([
    [
      'local_evaluation/ flags not a list',
      'GET',
      `${FLAGS}local_evaluation/`,
      { flags: {} },
      '{ project(id: 1) { localEvaluation { flags { key } } } }',
      /flags: expected a list, got an object/,
    ],
    [
      'a local flag without an id',
      'GET',
      `${FLAGS}local_evaluation/`,
      { flags: [{ key: 'k' }] },
      '{ project(id: 1) { localEvaluation { flags { key } } } }',
      /flags\[0\]: "id" should be a number, got nothing/,
    ],
    [
      'my_flags/ not a list',
      'GET',
      `${FLAGS}my_flags/`,
      { results: [] },
      '{ project(id: 1) { myFlags { enabled } } }',
      /my_flags\/ .*expected a list, got an object/,
    ],
    [
      'a my_flags/ entry without its flag',
      'GET',
      `${FLAGS}my_flags/`,
      [{ feature_flag: null, value: true }],
      '{ project(id: 1) { myFlags { enabled } } }',
      /\[0\]\.feature_flag: expected an object, got null/,
    ],
    [
      'evaluation_reasons/ a list',
      'GET',
      `${FLAGS}evaluation_reasons/`,
      [null],
      '{ project(id: 1) { evaluationReasons(distinctId: "u") { key } } }',
      /expected an object, got an array/,
    ],
    [
      'an evaluation reason of null',
      'GET',
      `${FLAGS}evaluation_reasons/`,
      { k: null },
      '{ project(id: 1) { evaluationReasons(distinctId: "u") { key } } }',
      /k: expected an object, got null/,
    ],
    [
      'user_blast_radius/ a list',
      'POST',
      `${FLAGS}user_blast_radius/`,
      [],
      '{ project(id: 1) { userBlastRadius(condition: {}) { totalUsers } } }',
      /expected an object, got an array/,
    ],
    [
      'exports_unsubscribe_configs/ [null]',
      'GET',
      `${ORG}plugins/exports_unsubscribe_configs/`,
      [null],
      `{ organization(id: "${ORG_A}") { exportsUnsubscribeConfigs { databaseId } } }`,
      /\[0\]: expected an object, got null/,
    ],
    [
      'repository/ not a list',
      'GET',
      `${ORG}plugins/repository/`,
      { results: [] },
      `{ organization(id: "${ORG_A}") { repository { name } } }`,
      /expected a list, got an object/,
    ],
    ['unused/ not a list', 'GET', `${ORG}plugins/unused/`, {}, `{ organization(id: "${ORG_A}") { unused } }`, /expected a list, got an object/],
    [
      'flags by key not a list',
      'GET',
      `${ORG}feature_flags/k/`,
      {},
      `{ organization(id: "${ORG_A}") { featureFlagsByKey(key: "k") { active } } }`,
      /expected a list, got an object/,
    ],
    [
      'copy_flags/ failures not a list',
      'POST',
      `${ORG}feature_flags/copy_flags/`,
      { success: [], failed: {} },
      `mutation { copyFeatureFlags(input: {organizationId: "${ORG_A}", featureFlagKey: "acme-flag", fromProjectId: "1", targetProjectIds: ["2"]}) { failures { projectDatabaseId } } }`,
      /failed: expected a list, got an object/,
    ],
    [
      'check_for_updates/ a list',
      'GET',
      `${ORG}plugins/1/check_for_updates/`,
      [],
      `mutation { checkPluginForUpdates(input: {id: ${plugin}}) { plugin { id } } }`,
      /expected an object, got an array/,
    ],
    [
      'check_for_updates/ without its plugin',
      'GET',
      `${ORG}plugins/1/check_for_updates/`,
      { plugin: null },
      `mutation { checkPluginForUpdates(input: {id: ${plugin}}) { plugin { id } } }`,
      /plugin: expected an object, got null/,
    ],
    [
      '@me with its organization a list',
      'GET',
      '/api/users/@me/',
      { ...USER, organization: [] },
      '{ viewer { organization { name } } }',
      /organization: expected an object, got an array/,
    ],
    [
      '@me with its organizations an object',
      'GET',
      '/api/users/@me/',
      { ...USER, organizations: {} },
      '{ viewer { organizations { name } } }',
      /organizations: expected a list, got an object/,
    ],
    [
      '@me with its project a list',
      'GET',
      '/api/users/@me/',
      { ...USER, team: [] },
      '{ viewer { project { name } } }',
      /team: expected an object, got an array/,
    ],
  ])('%s -> UPSTREAM_ERROR naming the route', async (_name, method, path, body, query, message) => {
    stack.upstream.injectFault({ method, path, status: 200, body: JSON.stringify(body) });
    const res = await stack.graphql<any>(query);
    expect(res.errors?.map((e) => e.extensions?.code)).toEqual(['UPSTREAM_ERROR']);
    expect(res.errors?.[0]?.message).toMatch(/^Upstream (GET|POST) \/api\/.* answered 200 with a malformed body: /);
    expect(res.errors?.[0]?.message).toMatch(message);
  });

  it.each([
    ["a project's app_urls", '/api/projects/1/', JSON.stringify({ ...PROJECT, app_urls: { a: 1 } }), '{ project(id: 1) { appUrls } }', ['project', 'appUrls']],
    [
      "a flag's tags",
      '/api/projects/1/feature_flags/',
      page([{ id: 1, key: 'k', active: true, deleted: false, tags: { 0: 'a' } }]),
      '{ project(id: 1) { featureFlags { nodes { tags } } } }',
      ['project', 'featureFlags', 'nodes', 0, 'tags'],
    ],
  ])('an object where the schema has a list (%s) -> UPSTREAM_ERROR on that field', async (_name, path, body, query, errorPath) => {
    stack.upstream.injectFault({ method: 'GET', path, status: 200, body });
    const res = await stack.graphql<any>(query);
    expect(res.errors).toEqual([
      expect.objectContaining({
        path: errorPath,
        message: 'The upstream returned a value this field cannot hold.',
        extensions: expect.objectContaining({ code: 'UPSTREAM_ERROR' }),
      }),
    ]);
  });
});

describe('upstream 5xx details', () => {
  const SECRET = 'Traceback: psycopg2 at db-internal:5432 password=hunter2';
  const fault = { method: 'GET', path: '/api/projects/', status: 500, body: JSON.stringify({ type: 'server_error', code: 'error', detail: SECRET }) };

  it('production: status and code are kept, the text is dropped', async () => {
    production.upstream.injectFault(fault);
    const res = await production.graphql<any>('{ projects { totalCount } }');
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', upstream: { status: 500, code: 'error', detail: null } });
    expect(JSON.stringify(res)).not.toContain('hunter2');
  });

  it('production: a 4xx detail is addressed to the caller and relayed', async () => {
    production.upstream.injectFault({
      ...fault,
      status: 403,
      body: JSON.stringify({ type: 'authentication_error', code: 'permission_denied', detail: 'No access.' }),
    });
    const res = await production.graphql<any>('{ projects { totalCount } }');
    expect(res.errors?.[0]).toMatchObject({ message: 'No access.', extensions: { code: 'FORBIDDEN', upstream: { detail: 'No access.' } } });
  });

  it('development keeps the 5xx detail in extensions for debugging, never in the message', async () => {
    stack.upstream.injectFault(fault);
    const res = await stack.graphql<any>('{ projects { totalCount } }');
    expect(res.errors?.[0]?.message).not.toContain('hunter2');
    expect(res.errors?.[0]?.extensions?.upstream?.detail).toBe(SECRET);
  });
});
