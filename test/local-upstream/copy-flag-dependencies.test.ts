import { describe, expect, it } from 'vitest';
import { ORG_A, useUpstream } from './helpers.ts';

/**
 * `copy_flags` and flag dependencies, as OrganizationFeatureFlagView.copy_flags does it
 * (products/feature_flags/backend/api/organization_feature_flag.py in PostHog): a dependency's id is rewritten to the
 * target's flag of the same key, or the condition is dropped with a warning and the copy lands disabled; with
 * `copy_dependencies`, the missing dependencies are copied first.
 */

const ctx = useUpstream();
const copyPath = `/api/organizations/${ORG_A}/feature_flags/copy_flags/`;

interface Flag {
  id: number;
  key: string;
  active: boolean;
  filters: { groups: Array<{ properties?: Array<{ key: unknown; type: string }> }> };
}

let serial = 0;
const uniqueKey = (name: string) => `${name}-${++serial}`;

async function project(): Promise<number> {
  return (await ctx.owner.post('/api/projects/', { name: uniqueKey('copy-deps') })).body.id;
}

async function flag(projectId: number, key: string, fields: Record<string, unknown> = {}): Promise<Flag> {
  const created = await ctx.owner.post(`/api/projects/${projectId}/feature_flags/`, { key, ...gatedBy(), ...fields });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

const onFlag = (dependency: { id: number }) => ({ key: String(dependency.id), type: 'flag', value: true, operator: 'flag_evaluates_to' });
const gatedBy = (...properties: unknown[]) => ({ filters: { groups: [{ properties, rollout_percentage: 100 }] } });

async function copy(key: string, targets: number[], extra: Record<string, unknown> = {}) {
  return ctx.owner.post(copyPath, { feature_flag_key: key, from_project: ctx.projectA, target_project_ids: targets, ...extra });
}

async function byKey(projectId: number, key: string): Promise<Flag | undefined> {
  const page = await ctx.owner.get(`/api/projects/${projectId}/feature_flags/?search=${key}`);
  return (page.body.results as Flag[]).find((candidate) => candidate.key === key);
}

describe('copy_flags rewrites flag dependencies for each target', () => {
  it("points the condition at the target's enabled flag of the same key, per target, and keeps the copy enabled", async () => {
    const [first, second] = [await project(), await project()];
    const parentKey = uniqueKey('parent');
    const parent = await flag(ctx.projectA, parentKey);
    const inFirst = await flag(first, parentKey);
    const inSecond = await flag(second, parentKey);
    const childKey = uniqueKey('child');
    await flag(ctx.projectA, childKey, gatedBy(onFlag(parent)));

    const response = await copy(childKey, [first, second]);

    expect(response.status).toBe(200);
    expect(response.body.failed).toEqual([]);
    for (const success of response.body.success) expect(success).not.toHaveProperty('flag_dependency_warnings');
    expect(response.body.success.map((s: { team_id: number }) => s.team_id)).toEqual([first, second]);
    const [copyInFirst, copyInSecond] = [await byKey(first, childKey), await byKey(second, childKey)];
    expect(copyInFirst?.filters.groups[0]?.properties?.[0]?.key).toBe(String(inFirst.id));
    expect(copyInSecond?.filters.groups[0]?.properties?.[0]?.key).toBe(String(inSecond.id));
    expect([copyInFirst?.active, copyInSecond?.active]).toEqual([true, true]);
  });

  it('drops a condition on a key the target lacks, warns, and lands the copy disabled', async () => {
    const target = await project();
    const parent = await flag(ctx.projectA, uniqueKey('missing-parent'));
    const childKey = uniqueKey('child');
    const sibling = { key: 'email', type: 'person', value: 'x', operator: 'exact' };
    await flag(ctx.projectA, childKey, gatedBy(onFlag(parent), sibling));

    const response = await copy(childKey, [target], { copy_schedule: true });

    expect(response.status).toBe(200);
    expect(response.body.failed).toEqual([]);
    const [success] = response.body.success;
    expect(success.flag_dependency_warnings).toEqual([
      `Removed dependency on flag '${parent.key}' because no flag with that key exists in the target project.`,
    ]);
    expect(success.schedule_copy_warning).toBe(
      'Flag copied but scheduled changes had dependency warnings: Skipped scheduled changes because one or more current flag dependencies could not be safely remapped.',
    );
    expect(success.active).toBe(false);
    const copied = await byKey(target, childKey);
    expect(copied?.filters.groups[0]?.properties?.map((prop) => prop.type)).toEqual(['person']);
    expect(copied?.active).toBe(false);
  });

  it('drops a condition on a flag disabled in the target, and warns that its group is left ungated', async () => {
    const target = await project();
    const parent = await flag(ctx.projectA, uniqueKey('off-there'));
    await flag(target, parent.key, { active: false });
    const childKey = uniqueKey('child');
    await flag(ctx.projectA, childKey, gatedBy(onFlag(parent)));

    const response = await copy(childKey, [target]);

    expect(response.body.success[0].flag_dependency_warnings).toEqual([
      `Removed dependency on flag '${parent.key}' because that flag is disabled in the target project.`,
      UNGATED,
    ]);
    expect((await byKey(target, childKey))?.filters.groups[0]?.properties).toEqual([]);
  });

  it('drops a condition on a flag disabled in the source even when the target has it enabled', async () => {
    const target = await project();
    const parent = await flag(ctx.projectA, uniqueKey('off-here'));
    await flag(target, parent.key);
    const childKey = uniqueKey('child');
    await flag(ctx.projectA, childKey, { ...gatedBy(onFlag(parent)), active: false });
    expect((await ctx.owner.patch(`/api/projects/${ctx.projectA}/feature_flags/${parent.id}/`, { active: false })).status).toBe(200);

    const response = await copy(childKey, [target]);

    expect(response.body.success[0].flag_dependency_warnings).toEqual([
      `Removed dependency on flag '${parent.key}' because that flag is disabled in the source project.`,
      UNGATED,
    ]);
  });

  it('drops a reference that names no live flag of the source project', async () => {
    const target = await project();
    const parent = await flag(ctx.projectA, uniqueKey('gone'));
    const childKey = uniqueKey('child');
    await flag(ctx.projectA, childKey, { ...gatedBy(onFlag(parent)), active: false });
    const deleted = await ctx.owner.patch(`/api/projects/${ctx.projectA}/feature_flags/${parent.id}/`, { deleted: true });
    expect(deleted.status).toBe(200);
    const response = await copy(childKey, [target]);
    expect(response.body.success[0].flag_dependency_warnings?.[0]).toBe(
      `Removed a flag dependency (source flag reference ${parent.id}) because the dependency flag could not be resolved in the source project.`,
    );
  });

  it('forces the copy disabled with disable_copied_flag', async () => {
    const target = await project();
    const key = uniqueKey('plain');
    await flag(ctx.projectA, key);
    const response = await copy(key, [target], { disable_copied_flag: true });
    expect(response.body.success[0]).toMatchObject({ key, active: false, team_id: target });
    expect(response.body.success[0]).not.toHaveProperty('flag_dependency_warnings');
  });
});

describe('copy_flags with copy_dependencies', () => {
  /** A chain a → b → c in the source project, each enabled. */
  async function chain(): Promise<[Flag, Flag, Flag]> {
    const c = await flag(ctx.projectA, uniqueKey('c'));
    const b = await flag(ctx.projectA, uniqueKey('b'), gatedBy(onFlag(c)));
    const a = await flag(ctx.projectA, uniqueKey('a'), gatedBy(onFlag(b)));
    return [a, b, c];
  }

  it('copies the missing dependencies first, each pointed at the copy of its own', async () => {
    const target = await project();
    const [a, b, c] = await chain();

    const response = await copy(a.key, [target], { copy_dependencies: true });

    expect(response.status).toBe(200);
    expect(response.body.failed).toEqual([]);
    const [success] = response.body.success;
    expect(success.copied_dependency_keys).toEqual([c.key, b.key]);
    expect(success).not.toHaveProperty('dependency_copy_warnings');
    expect(success).not.toHaveProperty('flag_dependency_warnings');
    const [copiedA, copiedB, copiedC] = [await byKey(target, a.key), await byKey(target, b.key), await byKey(target, c.key)];
    expect(copiedB?.filters.groups[0]?.properties?.[0]?.key).toBe(String(copiedC?.id));
    expect(copiedA?.filters.groups[0]?.properties?.[0]?.key).toBe(String(copiedB?.id));
    expect([copiedA?.active, copiedB?.active, copiedC?.active]).toEqual([true, true, true]);
  });

  it("reuses the target's enabled flag of a dependency's key and copies only what is missing", async () => {
    const target = await project();
    const [a, b, c] = await chain();
    const existingB = await flag(target, b.key);

    const response = await copy(a.key, [target], { copy_dependencies: true });

    expect(response.body.success[0]).not.toHaveProperty('copied_dependency_keys');
    expect(await byKey(target, c.key)).toBeUndefined();
    expect((await byKey(target, a.key))?.filters.groups[0]?.properties?.[0]?.key).toBe(String(existingB.id));
  });

  it('copies nothing below a dependency disabled in the target, and drops the condition on it', async () => {
    const target = await project();
    const [a, b, c] = await chain();
    await flag(target, b.key, { active: false });

    const response = await copy(a.key, [target], { copy_dependencies: true });

    const [success] = response.body.success;
    expect(success).not.toHaveProperty('copied_dependency_keys');
    expect(success.flag_dependency_warnings[0]).toBe(`Removed dependency on flag '${b.key}' because that flag is disabled in the target project.`);
    expect(await byKey(target, c.key)).toBeUndefined();
  });

  it('refuses the whole copy when a dependency reference cannot be resolved', async () => {
    const target = await project();
    const [a, b] = await chain();
    await ctx.owner.patch(`/api/projects/${ctx.projectA}/feature_flags/${a.id}/`, { active: false });
    await ctx.owner.patch(`/api/projects/${ctx.projectA}/feature_flags/${b.id}/`, { active: false, deleted: true });

    const response = await copy(a.key, [target], { copy_dependencies: true });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: `Removed a flag dependency (source flag reference ${b.id}) because the dependency flag could not be resolved in the source project.`,
    });
    expect(await byKey(target, a.key)).toBeUndefined();
  });

  it('undoes the dependencies it copied into a target whose flag is then refused, and keeps the other targets', async () => {
    const [refusing, accepting] = [await project(), await project()];
    const b = await flag(ctx.projectA, uniqueKey('b'));
    const c = await flag(ctx.projectA, uniqueKey('c'));
    const a = await flag(ctx.projectA, uniqueKey('a'), gatedBy(onFlag(b), onFlag(c)));
    // In one target, c already depends on a: the copy of a, pointed at that c, would close a cycle.
    const existingA = await flag(refusing, a.key);
    await flag(refusing, c.key, gatedBy(onFlag(existingA)));

    const response = await copy(a.key, [refusing, accepting], { copy_dependencies: true });

    expect(response.status).toBe(200);
    expect(response.body.failed).toEqual([
      // `str()` of the serializer's ValidationError, as Python prints it.
      {
        project_id: refusing,
        error_message: `{'filters': [ErrorDetail(string='Circular dependency detected: ${a.key} → ${c.key} → ${a.key}', code='invalid')]}`,
      },
    ]);
    expect(await byKey(refusing, b.key)).toBeUndefined();
    expect(response.body.success).toHaveLength(1);
    expect(response.body.success[0]).toMatchObject({ team_id: accepting, copied_dependency_keys: [b.key, c.key] });
  });
});

const UNGATED =
  'A condition group now has no remaining constraints and will match all users at its rollout percentage — review and re-gate it before re-enabling this flag.';

describe('copy_flags/dependency_requirements', () => {
  const requirementsPath = `${copyPath}dependency_requirements/`;
  const requirements = (key: string, targets: number[]) =>
    ctx.owner.post(requirementsPath, { feature_flag_key: key, from_project: ctx.projectA, target_project_ids: targets });

  async function chain(): Promise<[Flag, Flag, Flag]> {
    const c = await flag(ctx.projectA, uniqueKey('c'));
    const b = await flag(ctx.projectA, uniqueKey('b'), gatedBy(onFlag(c)));
    const a = await flag(ctx.projectA, uniqueKey('a'), gatedBy(onFlag(b)));
    return [a, b, c];
  }

  it('names the dependencies a copy would bring, writing nothing', async () => {
    const target = await project();
    const [a, b, c] = await chain();
    const response = await requirements(a.key, [target]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      can_copy_dependencies: true,
      dependency_count: 2,
      copied_dependency_keys: [c.key, b.key],
      reused_dependency_keys: [],
      warnings: [],
      reason: '2 dependency flags can be copied.',
    });
    expect(await byKey(target, c.key)).toBeUndefined();
  });

  it("reports a target's enabled flag as reused and its disabled flag as blocking", async () => {
    const [reusing, blocking] = [await project(), await project()];
    const [a, b] = await chain();
    await flag(reusing, b.key);
    await flag(blocking, b.key, { active: false });
    expect((await requirements(a.key, [reusing])).body).toMatchObject({
      can_copy_dependencies: false,
      copied_dependency_keys: [],
      reused_dependency_keys: [b.key],
      reason: "No dependency flags need to be copied because existing active target flags satisfy this flag's dependencies.",
    });
    const blocked = `Dependency copying isn't available because flag '${b.key}' is disabled in the target project. Copy this flag without dependencies to leave that target flag unchanged.`;
    expect((await requirements(a.key, [blocking])).body).toMatchObject({ can_copy_dependencies: false, warnings: [blocked], reason: blocked });
  });

  it('answers a flag without dependencies, an unknown target and an unresolvable dependency with 200', async () => {
    const target = await project();
    const plain = await flag(ctx.projectA, uniqueKey('plain'));
    expect((await requirements(plain.key, [target])).body).toEqual({
      can_copy_dependencies: false,
      dependency_count: 0,
      copied_dependency_keys: [],
      reused_dependency_keys: [],
      warnings: [],
      reason: "This feature flag doesn't have dependencies to copy.",
    });
    const [a, b] = await chain();
    expect((await requirements(a.key, [target, 987654])).body).toMatchObject({
      can_copy_dependencies: false,
      copied_dependency_keys: [],
      warnings: ['Project not found.'],
      reason: 'Project not found.',
    });
    await ctx.owner.patch(`/api/projects/${ctx.projectA}/feature_flags/${a.id}/`, { active: false });
    await ctx.owner.patch(`/api/projects/${ctx.projectA}/feature_flags/${b.id}/`, { deleted: true });
    const reason = `Removed a flag dependency (source flag reference ${b.id}) because the dependency flag could not be resolved in the source project.`;
    expect((await requirements(a.key, [target])).body).toEqual({
      can_copy_dependencies: false,
      dependency_count: 0,
      copied_dependency_keys: [],
      reused_dependency_keys: [],
      warnings: [reason],
      reason,
    });
  });
});
