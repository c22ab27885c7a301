// A 200 whose body is not the list envelope is a malformed upstream answer: every list field
// answers the same documented code (UPSTREAM_ERROR, with the upstream's real status), whichever
// endpoint and envelope (limit/offset or page/limit) it reads.
import { getNamedType, isObjectType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewaySchema } from '../../src/schema.ts';
import { expectNoErrors, useStack } from './helpers.ts';
import { ORG_A } from '../fixtures/seed.ts';

const stack = useStack();
let projectId: string;
let flagId: string;

beforeAll(async () => {
  const data = expectNoErrors(await stack.graphql<any>('{ projects(first: 1, search: "Acme Web") { nodes { id featureFlags(first: 1) { nodes { id } } } } }'));
  projectId = data.projects.nodes[0].id;
  flagId = data.projects.nodes[0].featureFlags.nodes[0].id;
});

const LIST_FIELDS: [string, RegExp, () => string, string[]][] = [
  ['Query.projects', /^\/api\/projects\/$/, () => '{ projects { totalCount } }', ['projects']],
  [
    'Project.featureFlags',
    /^\/api\/projects\/\d+\/feature_flags\/$/,
    () => `{ project(id: "${projectId}") { featureFlags { totalCount } } }`,
    ['project', 'featureFlags'],
  ],
  [
    'Project.featureFlags(includeDeleted: true)',
    /^\/api\/projects\/\d+\/feature_flags\/$/,
    () => `{ project(id: "${projectId}") { featureFlags(includeDeleted: true) { totalCount } } }`,
    ['project', 'featureFlags'],
  ],
  [
    'Project.featureFlagActivity',
    /^\/api\/projects\/\d+\/feature_flags\/activity\/$/,
    () => `{ project(id: "${projectId}") { featureFlagActivity { totalCount } } }`,
    ['project', 'featureFlagActivity'],
  ],
  [
    'FeatureFlag.roleAccess',
    /\/feature_flags\/\d+\/role_access\/$/,
    () => `{ node(id: "${flagId}") { ... on FeatureFlag { roleAccess { totalCount } } } }`,
    ['node', 'roleAccess'],
  ],
  [
    'FeatureFlag.activity',
    /\/feature_flags\/\d+\/activity\/$/,
    () => `{ node(id: "${flagId}") { ... on FeatureFlag { activity { totalCount } } } }`,
    ['node', 'activity'],
  ],
  [
    'Organization.projects',
    /^\/api\/organizations\/[^/]+\/projects\/$/,
    () => `{ organization(id: "${ORG_A}") { projects { totalCount } } }`,
    ['organization', 'projects'],
  ],
  [
    'Organization.plugins',
    /^\/api\/organizations\/[^/]+\/plugins\/$/,
    () => `{ organization(id: "${ORG_A}") { plugins { totalCount } } }`,
    ['organization', 'plugins'],
  ],
  [
    'Organization.pluginActivity',
    /^\/api\/organizations\/[^/]+\/plugins\/activity\/$/,
    () => `{ organization(id: "${ORG_A}") { pluginActivity { totalCount } } }`,
    ['organization', 'pluginActivity'],
  ],
];

describe('a malformed list page', () => {
  it.each(LIST_FIELDS)('%s answers UPSTREAM_ERROR with the upstream status', async (_name, path, query, fieldPath) => {
    stack.upstream.injectFault({ path, status: 200, body: '{"items": []}', headers: { 'content-type': 'application/json' } });
    const response = await stack.graphql<any>(query());
    expect(response.errors, JSON.stringify(response)).toHaveLength(1);
    expect(response.errors![0]).toMatchObject({ path: fieldPath, extensions: { code: 'UPSTREAM_ERROR', upstream: { status: 200 } } });
    // The fault was used by this very field: the same query now succeeds.
    expectNoErrors(await stack.graphql<any>(query()));
  });
});

describe('the list fields above', () => {
  it('are every connection field of the schema (a new list field must be added here)', () => {
    const connectionFields = Object.values(gatewaySchema().getTypeMap())
      .filter(isObjectType)
      .flatMap((type) => Object.values(type.getFields()).map((field) => ({ type, field })))
      .filter(({ field }) => getNamedType(field.type).name.endsWith('Connection'))
      .map(({ type, field }) => `${type.name}.${field.name}`);
    const covered = new Set(LIST_FIELDS.map(([name]) => name.split('(')[0]));
    expect(connectionFields.filter((name) => !covered.has(name))).toEqual([]);
    expect(connectionFields.length).toBeGreaterThanOrEqual(7);
  });
});
