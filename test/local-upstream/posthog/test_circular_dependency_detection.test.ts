/**
 * PostHog's posthog/api/test/test_circular_dependency_detection.py (flag dependencies through
 * `flag_evaluates_to`), ported as black-box HTTP tests against the local upstream (each test named
 * `file::test_name`). PostHog's `create_flag` helper writes flags with the ORM; here they are created through the
 * API (the dependencies it writes are valid ones, so the API accepts them), each test in a project of its own.
 *
 * Every test is ported (10 with the two parameterized cases); none is skipped. test_deleted_flag_dependencies
 * edits flag B's filters and soft-deletes flag A with the ORM; here through the API (PATCH filters, then PATCH
 * deleted: the service refuses to delete a flag others still depend on, so the order matters).
 */
import { describe, expect, it } from 'vitest';
import { portedSuite, type PortedContext } from './fixture.ts';

const FILE = 'test_circular_dependency_detection.py';
const t = (name: string) => `${FILE}::${name}`;
const TESTS = [
  'test_self_reference_detection',
  'test_circular_dependency_detection_direct',
  'test_circular_dependency_detection_indirect',
  'test_valid_dependency_chain',
  'test_non_existent_flag_dependency',
  'test_invalid_flag_reference_string',
  'test_multiple_flag_dependencies_no_cycle',
  'test_complex_dependency_graph_with_cycle',
  'test_deleted_flag_dependencies',
  'test_flag_dependency_with_mixed_properties',
];
const { project } = portedSuite(Object.fromEntries(TESTS.map((name) => [name, {}])));

const dependsOn = (id: number | string) => ({ key: String(id), type: 'flag', value: 'true', operator: 'flag_evaluates_to' });
const filtersOf = (dependencies: Array<number | string>) => ({ groups: [{ properties: dependencies.map(dependsOn), rollout_percentage: 100 }] });

/** `create_flag(key, dependencies=...)`: a flag at 100% whose one condition requires its dependencies. */
async function createFlag(ctx: PortedContext, key: string, dependencies: number[] = []): Promise<number> {
  return (await ctx.createFlag({ key, name: `Flag ${key.toUpperCase()}`, filters: filtersOf(dependencies) })).id;
}
const updateDependencies = (ctx: PortedContext, id: number, dependencies: number[]) =>
  ctx.api.patch(`${ctx.flags}${id}/`, { filters: filtersOf(dependencies) });

describe('TestCircularDependencyDetection', () => {
  it(t('test_self_reference_detection'), async () => {
    const ctx = project('test_self_reference_detection');
    const flag = await createFlag(ctx, 'self_ref_flag');
    const response = await updateDependencies(ctx, flag, [flag]);
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain('cannot depend on itself');
  });

  for (const [name, keys, cycle] of [
    ['direct', ['flag_a', 'flag_b'], 'flag_a → flag_b → flag_a'],
    ['indirect', ['flag_a', 'flag_b', 'flag_c'], 'flag_a → flag_c → flag_b → flag_a'],
  ] as const) {
    it(t(`test_circular_dependency_detection_${name}`), async () => {
      const ctx = project(`test_circular_dependency_detection_${name}`);
      const ids: number[] = [];
      for (const key of keys) ids.push(await createFlag(ctx, key, ids.length ? [ids.at(-1)!] : []));
      const response = await updateDependencies(ctx, ids[0]!, [ids.at(-1)!]);
      expect(response.status).toBe(400);
      expect(response.body.detail).toContain('Circular dependency detected');
      expect(response.body.detail).toContain(cycle);
    });
  }

  it(t('test_valid_dependency_chain'), async () => {
    const ctx = project('test_valid_dependency_chain');
    const a = await createFlag(ctx, 'flag_a');
    const b = await createFlag(ctx, 'flag_b', [a]);
    expect(await createFlag(ctx, 'flag_c', [b])).toEqual(expect.any(Number));
  });

  for (const [name, reference, message] of [
    ['test_non_existent_flag_dependency', '99999', 'Flag dependency references non-existent flag'],
    ['test_invalid_flag_reference_string', 'invalid_flag_key', 'Flag dependencies must reference flag IDs'],
  ] as const) {
    it(t(name), async () => {
      const ctx = project(name);
      const response = await ctx.api.post(ctx.flags, { name: 'Flag with a bad dependency', key: 'flag_with_bad_dep', filters: filtersOf([reference]) });
      expect(response.status).toBe(400);
      expect(response.body.detail).toContain(message);
    });
  }

  it(t('test_multiple_flag_dependencies_no_cycle'), async () => {
    const ctx = project('test_multiple_flag_dependencies_no_cycle');
    const a = await createFlag(ctx, 'flag_a');
    const b = await createFlag(ctx, 'flag_b');
    expect(await createFlag(ctx, 'flag_c', [a, b])).toEqual(expect.any(Number));
  });

  it(t('test_complex_dependency_graph_with_cycle'), async () => {
    const ctx = project('test_complex_dependency_graph_with_cycle');
    const a = await createFlag(ctx, 'flag_a');
    const b = await createFlag(ctx, 'flag_b', [a]);
    const c = await createFlag(ctx, 'flag_c', [a]);
    const d = await createFlag(ctx, 'flag_d', [b, c]);
    const response = await updateDependencies(ctx, a, [d]);
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain('Circular dependency detected');
  });

  it(t('test_deleted_flag_dependencies'), async () => {
    const ctx = project('test_deleted_flag_dependencies');
    const a = await createFlag(ctx, 'flag_a');
    const b = await createFlag(ctx, 'flag_b', [a]);
    expect((await updateDependencies(ctx, b, [])).status).toBe(200);
    expect((await ctx.api.patch(`${ctx.flags}${a}/`, { deleted: true })).status).toBe(200);
    expect(await createFlag(ctx, 'new_flag_a', [b])).toEqual(expect.any(Number));
  });

  it(t('test_flag_dependency_with_mixed_properties'), async () => {
    const ctx = project('test_flag_dependency_with_mixed_properties');
    const a = await createFlag(ctx, 'flag_a');
    const response = await ctx.api.post(ctx.flags, {
      name: 'Flag B',
      key: 'flag_b',
      filters: {
        groups: [{ properties: [dependsOn(a), { key: 'email', type: 'person', value: 'test@example.com', operator: 'exact' }], rollout_percentage: 100 }],
      },
    });
    expect(response.status).toBe(201);
  });
});
