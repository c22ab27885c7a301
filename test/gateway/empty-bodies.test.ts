// An upstream 2xx whose body is empty, not JSON or JSON's null is a malformed answer
// (src/upstream-client/transport/response.ts, record-shapes.ts and each endpoint's `decode`): every list and
// record field answers UPSTREAM_ERROR naming the route, never INTERNAL_SERVER_ERROR or a null that
// reads as "nothing there", and the fields next to it keep their data.
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSeed } from '../../local-upstream/index.ts';
import { expectNoErrors, useStack } from './helpers.ts';

const stack = useStack({ seed: demoSeed() });
let ids: { project: string; flag: string; org: string; plugin: string; roleAccess: string };

beforeAll(async () => {
  const data = expectNoErrors(await stack.graphql<any>('{ projects(first: 1) { nodes { id organization { id } featureFlags(first: 1) { nodes { id } } } } }'));
  const project = data.projects.nodes[0];
  const plugins = expectNoErrors(await stack.graphql<any>(`{ organization(id: "${project.organization.id}") { plugins(first: 1) { nodes { id } } } }`));
  const granted = expectNoErrors(
    await stack.graphql<any>(
      `mutation { grantFeatureFlagRoleAccess(input: {featureFlagId: "${project.featureFlags.nodes[0].id}", roleId: "0190b7a0-5c3e-7d2a-9f41-2d6c8e4b1a02"}) { roleAccess { id } userErrors { message } } }`,
    ),
  );
  ids = {
    project: project.id,
    flag: project.featureFlags.nodes[0].id,
    org: project.organization.id,
    plugin: plugins.organization.plugins.nodes[0].id,
    roleAccess: granted.grantFeatureFlagRoleAccess.roleAccess.id,
  };
});

type Field = [name: string, path: RegExp, query: () => string, errorPath: (string | number)[]];

const PROJECT = /^\/api\/projects\/\d+\/$/;
const FLAGS = /^\/api\/projects\/\d+\/feature_flags\//;

const FIELDS: Field[] = [
  // Lists
  ['Query.projects', /^\/api\/projects\/$/, () => '{ projects { totalCount } }', ['projects']],
  [
    'Project.featureFlags',
    /^\/api\/projects\/\d+\/feature_flags\/$/,
    () => `{ project(id: "${ids.project}") { featureFlags { totalCount } } }`,
    ['project', 'featureFlags'],
  ],
  [
    'Project.featureFlagActivity',
    new RegExp(`${FLAGS.source}activity/$`),
    () => `{ project(id: "${ids.project}") { featureFlagActivity { totalCount } } }`,
    ['project', 'featureFlagActivity'],
  ],
  [
    'FeatureFlag.roleAccess',
    /\/feature_flags\/\d+\/role_access\/$/,
    () => `{ node(id: "${ids.flag}") { ... on FeatureFlag { roleAccess { totalCount } } } }`,
    ['node', 'roleAccess'],
  ],
  [
    'FeatureFlag.activity',
    /\/feature_flags\/\d+\/activity\/$/,
    () => `{ node(id: "${ids.flag}") { ... on FeatureFlag { activity { totalCount } } } }`,
    ['node', 'activity'],
  ],
  [
    'Organization.plugins',
    /^\/api\/organizations\/[^/]+\/plugins\/$/,
    () => `{ organization(id: "${ids.org}") { plugins { totalCount } } }`,
    ['organization', 'plugins'],
  ],
  [
    'Organization.pluginActivity',
    /^\/api\/organizations\/[^/]+\/plugins\/activity\/$/,
    () => `{ organization(id: "${ids.org}") { pluginActivity { totalCount } } }`,
    ['organization', 'pluginActivity'],
  ],
  ['Organization.repository', /\/plugins\/repository\/$/, () => `{ organization(id: "${ids.org}") { repository { name } } }`, ['organization', 'repository']],
  ['Organization.unused', /\/plugins\/unused\/$/, () => `{ organization(id: "${ids.org}") { unused } }`, ['organization', 'unused']],
  [
    'Organization.exportsUnsubscribeConfigs',
    /\/plugins\/exports_unsubscribe_configs\/$/,
    () => `{ organization(id: "${ids.org}") { exportsUnsubscribeConfigs { databaseId } } }`,
    ['organization', 'exportsUnsubscribeConfigs'],
  ],
  [
    'Organization.featureFlagsByKey',
    /^\/api\/organizations\/[^/]+\/feature_flags\/[^/]+\/$/,
    () => `{ organization(id: "${ids.org}") { featureFlagsByKey(key: "new-onboarding") { flagDatabaseId } } }`,
    ['organization', 'featureFlagsByKey'],
  ],
  [
    'Project.evaluationReasons',
    new RegExp(`${FLAGS.source}evaluation_reasons/$`),
    () => `{ project(id: "${ids.project}") { evaluationReasons(distinctId: "demo-user-1") { key } } }`,
    ['project', 'evaluationReasons'],
  ],
  ['Project.myFlags', new RegExp(`${FLAGS.source}my_flags/$`), () => `{ project(id: "${ids.project}") { myFlags { enabled } } }`, ['project', 'myFlags']],
  // Records
  ['Query.project', PROJECT, () => `{ project(id: "${ids.project}") { name } }`, ['project']],
  ['Query.node (project)', PROJECT, () => `{ node(id: "${ids.project}") { ... on Project { name } } }`, ['node']],
  ['Query.node (flag)', /\/feature_flags\/\d+\/$/, () => `{ node(id: "${ids.flag}") { ... on FeatureFlag { key } } }`, ['node']],
  ['Query.nodes (flag)', /\/feature_flags\/\d+\/$/, () => `{ nodes(ids: ["${ids.flag}"]) { id } }`, ['nodes', 0]],
  ['Query.node (plugin)', /\/plugins\/\d+\/$/, () => `{ node(id: "${ids.plugin}") { ... on Plugin { name } } }`, ['node']],
  ['Query.node (role access)', /\/role_access\/\d+\/$/, () => `{ node(id: "${ids.roleAccess}") { ... on FeatureFlagRoleAccess { databaseId } } }`, ['node']],
  ['Organization.plugin', /\/plugins\/\d+\/$/, () => `{ organization(id: "${ids.org}") { plugin(id: "${ids.plugin}") { name } } }`, ['organization', 'plugin']],
  ['Organization.slug', /^\/api\/organizations\/[^/]+\/$/, () => `{ organization(id: "${ids.org}") { slug } }`, ['organization', 'slug']],
  ['Query.viewer', /^\/api\/users\/@me\/$/, () => '{ viewer { email } }', ['viewer']],
  ['Plugin.source', /\/plugins\/\d+\/source\/$/, () => `{ node(id: "${ids.plugin}") { ... on Plugin { source { filename } } } }`, ['node', 'source']],
  [
    'Project.featureFlag (by key)',
    /^\/api\/projects\/\d+\/feature_flags\/$/,
    () => `{ project(id: "${ids.project}") { featureFlag(key: "new-onboarding") { key } } }`,
    ['project', 'featureFlag'],
  ],
  [
    'Project.localEvaluation',
    new RegExp(`${FLAGS.source}local_evaluation/$`),
    () => `{ project(id: "${ids.project}") { localEvaluation { cohorts } } }`,
    ['project', 'localEvaluation'],
  ],
  [
    'Project.userBlastRadius',
    new RegExp(`${FLAGS.source}user_blast_radius/$`),
    () => `{ project(id: "${ids.project}") { userBlastRadius(condition: {properties: []}) { totalUsers } } }`,
    ['project', 'userBlastRadius'],
  ],
];

describe('an upstream 2xx without a JSON body', () => {
  describe.each([
    ['an empty body', ''],
    ['a non-JSON body', '<html>ok</html>'],
    ['a JSON null', 'null'],
    ['an empty 204', null],
  ])('%s', (_kind, body) => {
    it.each(FIELDS)('%s answers UPSTREAM_ERROR', async (_name, path, query, errorPath) => {
      stack.upstream.injectFault({ path, status: body === null ? 204 : 200, body: body ?? '' });
      const response = await stack.graphql<any>(`${query().slice(0, -1)} sibling: __typename }`);
      expect(response.status, JSON.stringify(response)).toBe(200);
      expect(response.errors, JSON.stringify(response)).toHaveLength(1);
      expect(response.errors![0]).toMatchObject({ path: errorPath, extensions: { code: 'UPSTREAM_ERROR' } });
      expect(response.errors![0]!.message).toMatch(/^Upstream GET|^Upstream POST/);
      expect(response.data?.sibling).toBe('Query');
      // Any fault left over is cleared by reading the same field until it answers.
      for (let attempt = 0; attempt < 3 && (await stack.graphql<any>(query())).errors; attempt++);
    });
  });
});
