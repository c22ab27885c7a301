// copyFeatureFlags and flag dependencies, end to end against the local upstream: each target's copy points its
// conditions on other flags at the target's flags of the same keys, reports what it dropped in `copies`, copies
// missing dependencies with `copyDependencies`, and a whole-copy dependency refusal is a userError with its own code.
import { describe, expect, it } from 'vitest';
import { expectNoErrors, useStack } from './helpers.ts';
import { EVERYONE, LEVEL, seedOrganization, seedUser, type SeedFile } from '../fixtures/seed.ts';
import { restClient } from '../fixtures/rest.ts';

const ORG = '0c000000-0000-4000-8000-0000000000c1';
const ADA = 'phx_ada_copy_deps_key_00000000000000';
const seed: SeedFile = { organizations: [seedOrganization(ORG, 'Acme')], users: [seedUser('ada@acme.test', ADA, ORG, LEVEL.owner)] };

const stack = useStack({ seed });
const rest = () => restClient(stack.upstream, ADA);
let serial = 0;
const unique = (name: string) => `${name}-${++serial}`;

interface RestFlag {
  id: number;
  key: string;
}

const UNGATED =
  'A condition group now has no remaining constraints and will match all users at its rollout percentage — review and re-gate it before re-enabling this flag.';

async function project(): Promise<number> {
  const created = await rest().post('/api/projects/', { name: unique('copy-deps') });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function restFlag(projectId: number, key: string, fields: Record<string, unknown> = {}): Promise<RestFlag> {
  const created = await rest().post(`/api/projects/${projectId}/feature_flags/`, { key, filters: EVERYONE, ...fields });
  expect(created.status).toBe(201);
  return created.body;
}

const dependsOn = (flag: RestFlag) => ({
  filters: { groups: [{ properties: [{ key: String(flag.id), type: 'flag', value: true, operator: 'flag_evaluates_to' }], rollout_percentage: 100 }] },
});

const COPY = `mutation($input: CopyFeatureFlagsInput!) {
  copyFeatureFlags(input: $input) {
    copies {
      projectDatabaseId
      featureFlag { key active filters }
      flagDependencyWarnings
      copiedDependencyKeys
      dependencyCopyWarnings
      scheduleCopyWarning
    }
    copiedFeatureFlags { key }
    failures { projectDatabaseId errors }
    userErrors { field message code }
  }
}`;

async function copyFlags(source: number, key: string, targets: number[], extra: Record<string, unknown> = {}) {
  const input = { organizationId: ORG, featureFlagKey: key, fromProjectId: String(source), targetProjectIds: targets.map(String), ...extra };
  return expectNoErrors<any>(await stack.graphql<any>(COPY, { input })).copyFeatureFlags;
}

const dependencyKey = (copy: any) => copy.featureFlag.filters.groups[0].properties[0]?.key;

describe('copyFeatureFlags with flag dependencies', () => {
  it("points each target's copy at that target's flag of the same key, and reports a dropped dependency", async () => {
    const [source, withParent, withoutParent] = [await project(), await project(), await project()];
    const parentKey = unique('parent');
    const parent = await restFlag(source, parentKey);
    const targetParent = await restFlag(withParent, parentKey);
    const childKey = unique('child');
    await restFlag(source, childKey, dependsOn(parent));

    const result = await copyFlags(source, childKey, [withParent, withoutParent]);

    expect(result.userErrors).toEqual([]);
    expect(result.failures).toEqual([]);
    expect(result.copiedFeatureFlags).toEqual([{ key: childKey }, { key: childKey }]);
    const [kept, dropped] = result.copies;
    expect(kept).toMatchObject({ projectDatabaseId: withParent, flagDependencyWarnings: [], copiedDependencyKeys: [], scheduleCopyWarning: null });
    expect(kept.featureFlag.active).toBe(true);
    expect(dependencyKey(kept)).toBe(String(targetParent.id));
    expect(dropped).toMatchObject({
      projectDatabaseId: withoutParent,
      flagDependencyWarnings: [`Removed dependency on flag '${parentKey}' because no flag with that key exists in the target project.`, UNGATED],
    });
    expect(dropped.featureFlag.active).toBe(false);
    expect(dropped.featureFlag.filters.groups[0].properties).toEqual([]);
  });

  it('copyDependencies copies the missing chain first and names it', async () => {
    const [source, target] = [await project(), await project()];
    const c = await restFlag(source, unique('c'));
    const b = await restFlag(source, unique('b'), dependsOn(c));
    const a = await restFlag(source, unique('a'), dependsOn(b));

    const result = await copyFlags(source, a.key, [target], { copyDependencies: true });

    expect(result.userErrors).toEqual([]);
    const [copy] = result.copies;
    expect(copy).toMatchObject({ projectDatabaseId: target, copiedDependencyKeys: [c.key, b.key], dependencyCopyWarnings: [], flagDependencyWarnings: [] });
    const copiedB = await rest().get(`/api/projects/${target}/feature_flags/?search=${b.key}`);
    expect(dependencyKey(copy)).toBe(String(copiedB.body.results[0].id));
  });

  it('a dependency the source project no longer has refuses the whole copy as DEPENDENCY_FLAG_NOT_FOUND', async () => {
    const [source, target] = [await project(), await project()];
    const gone = await restFlag(source, unique('gone'));
    const child = await restFlag(source, unique('child'), { ...dependsOn(gone), active: false });
    expect((await rest().patch(`/api/projects/${source}/feature_flags/${gone.id}/`, { deleted: true })).status).toBe(200);

    const result = await copyFlags(source, child.key, [target], { copyDependencies: true });

    expect(result).toMatchObject({ copies: null, copiedFeatureFlags: null, failures: null });
    expect(result.userErrors).toEqual([
      {
        field: null,
        code: 'DEPENDENCY_FLAG_NOT_FOUND',
        message: `Removed a flag dependency (source flag reference ${gone.id}) because the dependency flag could not be resolved in the source project.`,
      },
    ]);
    expect((await rest().get(`/api/projects/${target}/feature_flags/`)).body.count).toBe(0);
  });

  it.each([
    [
      "A circular flag dependency was detected, so dependencies can't be copied automatically. Copy the flag without dependencies or remove the cycle first.",
      'CIRCULAR_FLAG_DEPENDENCY',
    ],
    [
      "This flag depends on more than 50 flags, so dependencies can't be copied automatically. Copy the flag without dependencies or reduce the dependency chain.",
      'TOO_MANY_FLAG_DEPENDENCIES',
    ],
  ])('the upstream refusing "%s" is %s', async (message, code) => {
    const [source, target] = [await project(), await project()];
    const flag = await restFlag(source, unique('refused'));
    stack.upstream.injectFault({
      method: 'POST',
      path: `/api/organizations/${ORG}/feature_flags/copy_flags/`,
      status: 400,
      body: JSON.stringify({ error: message }),
    });
    const result = await copyFlags(source, flag.key, [target], { copyDependencies: true });
    expect(result.userErrors).toEqual([{ field: null, message, code }]);
  });

  it('more than 50 target projects is MAX_LENGTH on targetProjectIds, as the upstream refuses it', async () => {
    const source = await project();
    const flag = await restFlag(source, unique('many'));
    const targets = Array.from({ length: 51 }, (_, i) => 100000 + i);
    const result = await copyFlags(source, flag.key, targets);
    expect(result.copies).toBeNull();
    expect(result.userErrors).toEqual([
      { field: ['input', 'targetProjectIds'], message: 'Ensure this field has no more than 50 elements.', code: 'MAX_LENGTH' },
    ]);
  });

  it('disableCopiedFlag leaves the copy disabled', async () => {
    const [source, target] = [await project(), await project()];
    const flag = await restFlag(source, unique('plain'));
    const result = await copyFlags(source, flag.key, [target], { disableCopiedFlag: true });
    expect(result.copies[0].featureFlag).toMatchObject({ key: flag.key, active: false });
  });
});
