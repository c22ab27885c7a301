// userErrors end to end (docs/errors.md): input fields the gateway checks itself answer with the
// field's path and a code and no upstream call, literal or variable, and upstream validation
// failures carry a UserErrorCode with the upstream's own code beside it.
import { beforeAll, describe, expect, it } from 'vitest';
import { getNamedType, isEnumType, isInputObjectType, type GraphQLInputType } from 'graphql';
import { expectNoErrors, useStack } from './helpers.ts';
import { KEY_A, seededProjectId } from '../fixtures/seed.ts';
import { gatewaySchema } from '../../src/schema.ts';
import { INPUT_CHECKS } from '../../src/resolvers/scalars.ts';
import { USER_ERROR_CODES } from '../../src/user-error.ts';

const stack = useStack();
let projectId: number;
let flagId: string;

beforeAll(async () => {
  projectId = seededProjectId(stack.upstream, 'Acme Web');
  const flags = expectNoErrors(await stack.graphql<any>('query($p: ID!) { project(id: $p) { featureFlags { nodes { id } } } }', { p: String(projectId) }));
  flagId = flags.project.featureFlags.nodes[0].id;
});

const ERRORS = 'userErrors { field message code upstreamCode }';
const CREATE = `mutation($input: CreateProjectInput!) { createProject(input: $input) { project { id } ${ERRORS} } }`;
const UPDATE = `mutation($input: UpdateProjectInput!) { updateProject(input: $input) { project { id timezone } ${ERRORS} } }`;
const GRANT = `mutation($input: GrantFeatureFlagRoleAccessInput!) { grantFeatureFlagRoleAccess(input: $input) { roleAccess { id } ${ERRORS} } }`;

const invalidTimeZone = (name: string) => ({
  field: ['input', 'timezone'],
  message: `"${name}" is not a valid choice.`,
  code: 'INVALID_CHOICE',
  upstreamCode: null,
});

describe('input fields the gateway checks', () => {
  it('an invalid time zone in variables: a userError on ["input", "timezone"], project null, no upstream call', async () => {
    stack.upstream.resetRequests();
    const data = expectNoErrors(await stack.graphql<any>(CREATE, { input: { name: 'Mars', timezone: 'Mars/Olympus' } }));
    expect(data.createProject).toEqual({ project: null, userErrors: [invalidTimeZone('Mars/Olympus')] });
    expect(stack.upstream.requests).toEqual([]);
  });

  it('the same for a literal, and in updateProject', async () => {
    stack.upstream.resetRequests();
    const literal = `mutation { createProject(input: { name: "Mars", timezone: "Mars/Olympus" }) { project { id } ${ERRORS} } }`;
    expect(expectNoErrors(await stack.graphql<any>(literal)).createProject).toEqual({ project: null, userErrors: [invalidTimeZone('Mars/Olympus')] });
    const updated = expectNoErrors(await stack.graphql<any>(UPDATE, { input: { id: String(projectId), timezone: 'Nowhere/Land' } }));
    expect(updated.updateProject).toEqual({ project: null, userErrors: [invalidTimeZone('Nowhere/Land')] });
    expect(stack.upstream.requests).toEqual([]);
  });

  it('says what the upstream says when it checks the time zone itself', async () => {
    const response = await fetch(`${stack.upstream.url}/api/projects/${projectId}/`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${KEY_A}`, 'content-type': 'application/json' },
      body: JSON.stringify({ timezone: 'Nowhere/Land' }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; detail: string; attr: string };
    expect({ field: ['input', body.attr], message: body.detail, code: body.code.toUpperCase() }).toEqual({
      field: ['input', 'timezone'],
      message: invalidTimeZone('Nowhere/Land').message,
      code: 'INVALID_CHOICE',
    });
  });

  it('a valid time zone is written', async () => {
    const updated = expectNoErrors(await stack.graphql<any>(UPDATE, { input: { id: String(projectId), timezone: 'Europe/Berlin' } }));
    expect(updated.updateProject).toMatchObject({ project: { timezone: 'Europe/Berlin' }, userErrors: [] });
  });

  it('a malformed role id: INVALID_INPUT on ["input", "roleId"], no upstream call', async () => {
    stack.upstream.resetRequests();
    const data = expectNoErrors(await stack.graphql<any>(GRANT, { input: { featureFlagId: flagId, roleId: 'not-a-uuid' } }));
    expect(data.grantFeatureFlagRoleAccess).toEqual({
      roleAccess: null,
      userErrors: [{ field: ['input', 'roleId'], message: 'Must be a valid UUID.', code: 'INVALID_INPUT', upstreamCode: null }],
    });
    expect(stack.upstream.requests).toEqual([]);
  });

  it('what GraphQL itself types stays a 400: a number for a time zone, an unknown enum value', async () => {
    const number = await stack.graphql<any>(CREATE, { input: { name: 'Mars', timezone: 5 } });
    expect(number.status).toBe(400);
    expect(number.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const day = await stack.graphql<any>(CREATE, { input: { name: 'Mars', weekStartDay: 'TUESDAY' } });
    expect(day.status).toBe(400);
  });

  it('checked scalars appear only in mutation arguments (a query has no payload to carry a userError)', () => {
    const schema = gatewaySchema();
    const reaches = (type: GraphQLInputType, seen = new Set<string>()): string[] => {
      const named = getNamedType(type);
      if (Object.hasOwn(INPUT_CHECKS, named.name)) return [named.name];
      if (!isInputObjectType(named) || seen.has(named.name)) return [];
      seen.add(named.name);
      return Object.values(named.getFields()).flatMap((field) => reaches(field.type, seen));
    };
    const outside = [schema.getQueryType(), schema.getSubscriptionType(), ...Object.values(schema.getTypeMap())]
      .filter((type) => type && 'getFields' in type && type !== schema.getMutationType() && !isInputObjectType(type))
      .flatMap((type) => Object.values((type as ReturnType<typeof schema.getQueryType> & object).getFields()))
      .flatMap((field) => field.args.flatMap((arg) => reaches(arg.type).map((scalar) => `${field.name}(${arg.name}): ${scalar}`)));
    expect(outside).toEqual([]);
    expect(Object.keys(INPUT_CHECKS).sort()).toEqual(['TimeZone', 'UUID']);
  });
});

describe('UserErrorCode', () => {
  it('the schema enum lists exactly the codes src/user-error.ts maps to', () => {
    const type = gatewaySchema().getType('UserErrorCode');
    if (!isEnumType(type)) throw new Error('UserErrorCode is not an enum');
    expect(type.getValues().map((value) => value.name)).toEqual([...USER_ERROR_CODES]);
  });

  it('an upstream code: upper-cased, the raw code in upstreamCode (a missing dashboard)', async () => {
    const data = expectNoErrors(await stack.graphql<any>(UPDATE, { input: { id: String(projectId), primaryDashboard: 987654 } }));
    expect(data.updateProject.userErrors).toEqual([
      { field: ['input', 'primaryDashboard'], message: expect.stringContaining('987654'), code: 'DOES_NOT_EXIST', upstreamCode: 'does_not_exist' },
    ]);
  });

  it('an upstream code this API does not list: OTHER, with the code kept in upstreamCode', async () => {
    const body = { type: 'validation_error', code: 'brand_new_check', detail: 'A check the upstream added later.', attr: 'name' };
    stack.upstream.injectFault({ method: 'PATCH', path: `/api/projects/${projectId}/`, status: 400, body: JSON.stringify(body) });
    const data = expectNoErrors(await stack.graphql<any>(UPDATE, { input: { id: String(projectId), name: 'Renamed' } }));
    expect(data.updateProject).toEqual({
      project: null,
      userErrors: [{ field: ['input', 'name'], message: 'A check the upstream added later.', code: 'OTHER', upstreamCode: 'brand_new_check' }],
    });
  });
});
