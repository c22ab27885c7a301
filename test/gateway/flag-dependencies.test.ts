// Flag dependencies through the gateway, against the local upstream: every refusal of a dependency (enabling a flag
// whose dependency is off, a condition on a disabled, missing or key-named flag, a cycle) is a userError with its own
// code (docs/errors.md), the upstream's message naming the flags, and nothing written.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoErrors, useStack } from './helpers.ts';
import { EVERYONE, LEVEL, seededProjectId, seedOrganization, seedProject, seedUser, type SeedFile } from '../fixtures/seed.ts';
import { restClient } from '../fixtures/rest.ts';

const ORG = '0c000000-0000-4000-8000-0000000000f1';
const OTHER_ORG = '0c000000-0000-4000-8000-0000000000f2';
const ADA = 'phx_ada_flag_deps_key_00000000000000';
const GIL = 'phx_gil_flag_deps_key_00000000000000';
const seed: SeedFile = {
  organizations: [seedOrganization(ORG, 'Acme'), seedOrganization(OTHER_ORG, 'Globex')],
  users: [seedUser('ada@acme.test', ADA, ORG, LEVEL.owner), seedUser('gil@globex.test', GIL, OTHER_ORG, LEVEL.owner)],
  projects: [seedProject(ORG, 'Web'), seedProject(OTHER_ORG, 'Globex web')],
};

const stack = useStack({ seed });
let project: number;
let serial = 0;
const rest = () => restClient(stack.upstream, ADA);
const flagsPath = () => `/api/projects/${project}/feature_flags/`;

beforeAll(() => {
  project = seededProjectId(stack.upstream, 'Web');
});

const ERRORS = 'userErrors { field message code upstreamCode flags { databaseId key } }';
const CREATE = `mutation($input: CreateFeatureFlagInput!) { createFeatureFlag(input: $input) { featureFlag { key } ${ERRORS} } }`;
const UPDATE = `mutation($input: UpdateFeatureFlagInput!) { updateFeatureFlag(input: $input) { featureFlag { key active } ${ERRORS} } }`;
const ENABLE = `mutation($input: FeatureFlagReferenceInput!) { enableFeatureFlag(input: $input) { featureFlag { key active } ${ERRORS} } }`;

interface RestFlag {
  id: number;
  key: string;
}

const dependsOn = (...references: unknown[]) => ({
  groups: [{ properties: references.map((key) => ({ key, type: 'flag', value: true, operator: 'flag_evaluates_to' })), rollout_percentage: 100 }],
});

async function restFlag(fields: Record<string, unknown> = {}): Promise<RestFlag> {
  const created = await rest().post(flagsPath(), { key: `deps-${++serial}`, filters: EVERYONE, ...fields });
  expect(created.status).toBe(201);
  return created.body;
}

type Named = { databaseId: number | null; key: string | null };
const refusal = (field: string[] | null, message: string, code: string, flags: Named[]) => ({ field, message, code, upstreamCode: 'invalid_input', flags });
const named = (flag: RestFlag): Named => ({ databaseId: flag.id, key: flag.key });
const FILTERS = ['input', 'filters'];

async function mutation(document: string, input: Record<string, unknown>) {
  const data = expectNoErrors<any>(await stack.graphql<any>(document, { input }));
  return Object.values(data)[0] as { featureFlag: unknown; userErrors: unknown[] };
}

/** A disabled flag and a disabled flag that depends on it (the dependency is switched off after the dependent exists). */
async function dependentOfDisabled(): Promise<{ dependency: RestFlag; dependent: RestFlag }> {
  const dependency = await restFlag();
  const dependent = await restFlag({ active: false, filters: dependsOn(String(dependency.id)) });
  expect((await rest().patch(`${flagsPath()}${dependency.id}/`, { active: false })).status).toBe(200);
  return { dependency, dependent };
}

describe('enabling a flag whose dependency is disabled', () => {
  it.each([
    ['enableFeatureFlag', ENABLE, (id: number) => ({ id: String(id), projectId: String(project) })],
    ['updateFeatureFlag with active: true', UPDATE, (id: number) => ({ id: String(id), projectId: String(project), active: true })],
  ])('%s is DEPENDENCY_FLAGS_DISABLED, naming the disabled flags', async (_name, document, input) => {
    const { dependency, dependent } = await dependentOfDisabled();
    const result = await mutation(document, input(dependent.id));
    expect(result.featureFlag).toBeNull();
    expect(result.userErrors).toEqual([
      refusal(
        null,
        `Cannot enable this feature flag because it depends on disabled flags: ${dependency.key} (ID: ${dependency.id}). Please enable the dependency flags first.`,
        'DEPENDENCY_FLAGS_DISABLED',
        [named(dependency)],
      ),
    ]);
    expect((await rest().get(`${flagsPath()}${dependent.id}/`)).body.active).toBe(false);
  });

  it('updateFeatureFlag with active: true is refused even when its filters drop the dependency: the stored conditions count', async () => {
    const { dependency, dependent } = await dependentOfDisabled();
    const input = { id: String(dependent.id), projectId: String(project), active: true, filters: EVERYONE };
    const result = await mutation(UPDATE, input);
    expect(result.userErrors).toEqual([expect.objectContaining({ code: 'DEPENDENCY_FLAGS_DISABLED', field: null, flags: [named(dependency)] })]);
    expect((await rest().get(`${flagsPath()}${dependent.id}/`)).body).toMatchObject({ active: false, filters: dependsOn(String(dependency.id)) });
  });

  it('succeeds once the dependency is enabled again', async () => {
    const { dependency, dependent } = await dependentOfDisabled();
    expect((await rest().patch(`${flagsPath()}${dependency.id}/`, { active: true })).status).toBe(200);
    const result = await mutation(ENABLE, { id: String(dependent.id), projectId: String(project) });
    expect(result).toEqual({ featureFlag: { key: dependent.key, active: true }, userErrors: [] });
  });
});

describe('a condition on another flag, in createFeatureFlag and updateFeatureFlag', () => {
  it.each([true, false])('a disabled flag is DEPENDENCY_FLAGS_DISABLED at filters, naming it (the new flag active: %s)', async (active) => {
    const disabled = await restFlag({ active: false });
    const key = `deps-${++serial}`;
    const result = await mutation(CREATE, { projectId: String(project), key, active, filters: dependsOn(String(disabled.id)) });
    expect(result).toEqual({
      featureFlag: null,
      userErrors: [
        refusal(
          FILTERS,
          `Cannot create dependency on disabled flag '${disabled.key}' (ID: ${disabled.id}). Flag dependencies must reference active flags only.`,
          'DEPENDENCY_FLAGS_DISABLED',
          [named(disabled)],
        ),
      ],
    });
    expect((await rest().get(`${flagsPath()}?key=${key}`)).body.count).toBe(0);
  });

  it("a deleted, missing or another project's flag is DEPENDENCY_FLAG_NOT_FOUND, with its id", async () => {
    const deleted = await restFlag();
    expect((await rest().patch(`${flagsPath()}${deleted.id}/`, { deleted: true })).status).toBe(200);
    const elsewhere = await restClient(stack.upstream, GIL).post(`/api/projects/${seededProjectId(stack.upstream, 'Globex web')}/feature_flags/`, {
      key: 'elsewhere',
      filters: EVERYONE,
    });
    expect(elsewhere.status).toBe(201);
    for (const id of [deleted.id, 987654, elsewhere.body.id as number]) {
      const result = await mutation(CREATE, { projectId: String(project), key: `deps-${++serial}`, filters: dependsOn(String(id)) });
      expect(result.userErrors, String(id)).toEqual([
        refusal(FILTERS, `Flag dependency references non-existent flag with ID ${id}`, 'DEPENDENCY_FLAG_NOT_FOUND', [{ databaseId: id, key: null }]),
      ]);
    }
  });

  it('a flag named by its key instead of its id is INVALID_FLAG_REFERENCE', async () => {
    const target = await restFlag();
    const result = await mutation(CREATE, { projectId: String(project), key: `deps-${++serial}`, filters: dependsOn(target.key) });
    expect(result.userErrors).toEqual([
      refusal(FILTERS, `Flag dependencies must reference flag IDs (integers), not flag keys. Invalid reference: '${target.key}'`, 'INVALID_FLAG_REFERENCE', []),
    ]);
  });

  it('the id as a number is accepted, like the id as a string', async () => {
    const target = await restFlag();
    const result = await mutation(CREATE, { projectId: String(project), key: `deps-${++serial}`, filters: dependsOn(target.id) });
    expect(result.userErrors).toEqual([]);
  });

  it('a dependency on the flag itself is CIRCULAR_FLAG_DEPENDENCY, naming it', async () => {
    const flag = await restFlag();
    const result = await mutation(UPDATE, { id: String(flag.id), projectId: String(project), filters: dependsOn(String(flag.id)) });
    expect(result).toEqual({
      featureFlag: null,
      userErrors: [refusal(FILTERS, `Feature flag '${flag.key}' cannot depend on itself`, 'CIRCULAR_FLAG_DEPENDENCY', [{ databaseId: null, key: flag.key }])],
    });
  });

  it('a cycle through other flags is CIRCULAR_FLAG_DEPENDENCY, naming the cycle; nothing is written', async () => {
    const first = await restFlag();
    const second = await restFlag({ filters: dependsOn(String(first.id)) });
    const result = await mutation(UPDATE, { id: String(first.id), projectId: String(project), filters: dependsOn(String(second.id)) });
    expect(result.userErrors).toEqual([
      refusal(FILTERS, `Circular dependency detected: ${first.key} → ${second.key} → ${first.key}`, 'CIRCULAR_FLAG_DEPENDENCY', [
        { databaseId: null, key: first.key },
        { databaseId: null, key: second.key },
      ]),
    ]);
    expect((await rest().get(`${flagsPath()}${first.id}/`)).body.filters).toMatchObject({ groups: EVERYONE.groups });
  });
});

describe('a refusal naming more flags than the upstream lists', () => {
  it('disableFeatureFlag lists the first five dependents by key in flags; the message says how many more', async () => {
    const base = await restFlag();
    const dependents: RestFlag[] = [];
    for (let i = 0; i < 6; i += 1) dependents.push(await restFlag({ filters: dependsOn(String(base.id)) }));
    const disable = `mutation($input: FeatureFlagReferenceInput!) { disableFeatureFlag(input: $input) { featureFlag { key } ${ERRORS} } }`;
    const result = await mutation(disable, { id: String(base.id), projectId: String(project) });
    const listed = [...dependents].sort((a, b) => (a.key < b.key ? -1 : 1)).slice(0, 5);
    expect(result.userErrors).toEqual([
      refusal(
        null,
        `Cannot disable this feature flag because other flags depend on it: ${listed.map((flag) => `${flag.key} (ID: ${flag.id})`).join(', ')}, and 1 more. Please update or disable the dependent flags first.`,
        'DEPENDENT_FLAGS_ACTIVE',
        listed.map(named),
      ),
    ]);
  });

  it('flags is empty for an error that names no flag', async () => {
    const result = await mutation(CREATE, { projectId: String(project), key: 'not a key' });
    expect(result.userErrors).toEqual([expect.objectContaining({ code: 'INVALID_KEY', flags: [] })]);
  });
});
