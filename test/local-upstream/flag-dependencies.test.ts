import { describe, expect, it } from 'vitest';
import { client, KEYS, useUpstream, validation } from './helpers.ts';

/**
 * How the service reads a flag dependency (a `type: flag` condition) when a flag is created, edited or enabled:
 * the reference goes through Python's `int()` (`_validate_flag_reference`, `_find_disabled_dependencies` in
 * products/feature_flags/backend/api/feature_flag.py), the dependency walk starts from the stored key, and the
 * answers are 400 `invalid_input` (at `filters` for a condition, at null for a state change).
 */

const ctx = useUpstream();
const path = (suffix = '') => `/api/projects/${ctx.projectA}/feature_flags/${suffix}`;
const dependsOn = (...keys: unknown[]) => ({
  groups: [{ properties: keys.map((key) => ({ key, type: 'flag', value: true, operator: 'flag_evaluates_to' })), rollout_percentage: 100 }],
});

let serial = 0;
async function flag(fields: Record<string, unknown> = {}) {
  const created = await ctx.owner.post(path(), { key: `deps-${++serial}`, ...fields });
  expect(created.status).toBe(201);
  return created.body as { id: number; key: string; active: boolean; filters: { groups: Array<{ properties: Array<{ key: unknown }> }> } };
}
const create = (filters: unknown, fields: Record<string, unknown> = {}) => ctx.owner.post(path(), { key: `deps-${++serial}`, filters, ...fields });
const storedKey = (body: { filters: { groups: Array<{ properties: Array<{ key: unknown }> }> } }) => body.filters.groups[0]!.properties[0]!.key;

describe('a dependency reference is read with Python int()', () => {
  it('a fractional number names the flag it truncates to, and is stored as sent', async () => {
    const target = await flag();
    const response = await create(dependsOn(target.id + 0.5));
    expect(response.status).toBe(201);
    expect(storedKey(response.body)).toBe(target.id + 0.5);
  });

  it('a string with spaces, a sign, underscores or digits of another script names the flag', async () => {
    const target = await flag();
    const arabicIndic = [...String(target.id)].map((digit) => String.fromCodePoint(0x660 + Number(digit))).join('');
    for (const reference of [` +${target.id} `, arabicIndic, `0_${target.id}`]) {
      const response = await create(dependsOn(reference));
      expect(response.status, reference).toBe(201);
      expect(storedKey(response.body)).toBe(reference);
    }
  });

  it('a decimal string is a key, not an id', async () => {
    const target = await flag();
    const response = await create(dependsOn(`${target.id}.0`));
    expect(response.body).toEqual(
      validation('invalid_input', `Flag dependencies must reference flag IDs (integers), not flag keys. Invalid reference: '${target.id}.0'`, 'filters'),
    );
  });

  it('a falsy reference (an empty list) is skipped, as Python skips it', async () => {
    expect((await create(dependsOn([]))).status).toBe(201);
  });

  it('a reference read as a disabled flag is refused with the id int() gave', async () => {
    const target = await flag({ active: false });
    const response = await create(dependsOn(target.id + 0.25));
    expect(response.body).toEqual(
      validation(
        'invalid_input',
        `Cannot create dependency on disabled flag '${target.key}' (ID: ${target.id}). Flag dependencies must reference active flags only.`,
        'filters',
      ),
    );
  });

  it("another project's flag does not exist here", async () => {
    const elsewhere = (await client(ctx.upstream, KEYS.other).post(`/api/projects/${ctx.projectB}/feature_flags/`, { key: 'elsewhere' })).body;
    expect(elsewhere.id).toBeTypeOf('number');
    const response = await create(dependsOn(String(elsewhere.id)));
    expect(response.body).toEqual(validation('invalid_input', `Flag dependency references non-existent flag with ID ${elsewhere.id}`, 'filters'));
  });
});

describe('a PATCH that also renames the flag', () => {
  it('is refused a dependency on itself, named by its stored key', async () => {
    const target = await flag({ filters: dependsOn() });
    const response = await ctx.owner.patch(path(`${target.id}/`), { key: `${target.key}-renamed`, filters: dependsOn(String(target.id)) });
    expect(response.body).toEqual(validation('invalid_input', `Feature flag '${target.key}' cannot depend on itself`, 'filters'));
    expect((await ctx.owner.get(path(`${target.id}/`))).body.key).toBe(target.key);
  });

  it('is refused a cycle through another flag', async () => {
    const first = await flag();
    const second = await flag({ filters: dependsOn(String(first.id)) });
    const response = await ctx.owner.patch(path(`${first.id}/`), { key: `${first.key}-renamed`, filters: dependsOn(String(second.id)) });
    expect(response.body).toEqual(validation('invalid_input', `Circular dependency detected: ${first.key} → ${second.key} → ${first.key}`, 'filters'));
  });
});

describe('enabling reads the stored references with int()', () => {
  it('a fractional reference to a disabled flag refuses the enable, naming that flag', async () => {
    const target = await flag();
    const dependent = await flag({ active: false, filters: dependsOn(target.id + 0.5) });
    expect((await ctx.owner.patch(path(`${target.id}/`), { active: false })).status).toBe(200);
    const response = await ctx.owner.post(path(`${dependent.id}/enable/`), {});
    expect(response.body).toEqual(
      validation(
        'invalid_input',
        `Cannot enable this feature flag because it depends on disabled flags: ${target.key} (ID: ${target.id}). Please enable the dependency flags first.`,
        null,
      ),
    );
  });

  it('a deleted dependency does not hold the enable back (the lookup sees live flags only)', async () => {
    const target = await flag();
    const dependent = await flag({ active: false, filters: dependsOn(String(target.id)) });
    expect((await ctx.owner.patch(path(`${target.id}/`), { active: false, deleted: true })).status).toBe(200);
    const response = await ctx.owner.post(path(`${dependent.id}/enable/`), {});
    expect(response.status).toBe(200);
    expect(response.body.active).toBe(true);
  });

  it.each([
    ['enable/', 'POST'],
    ['', 'PATCH'],
  ])('a stored reference int() cannot read (an empty key, skipped at creation) fails the enable with a 500 (%s %s)', async (action, method) => {
    const dependent = await flag({ active: false, filters: dependsOn('') });
    const response = await ctx.owner.call(method, path(`${dependent.id}/${action}`), method === 'PATCH' ? { active: true } : {});
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ type: 'server_error', code: 'error', detail: 'A server error occurred.', attr: null });
    expect((await ctx.owner.get(path(`${dependent.id}/`))).body.active).toBe(false);
  });
});
