import { describe, expect, it } from 'vitest';
import { client, KEYS, useUpstream, validation } from './helpers.ts';

/**
 * The version check of a flag PATCH beyond the cases ported in posthog/test-feature-flag-api.test.ts, after
 * `FeatureFlagSerializer.update` and `_get_conflicting_changes` in PostHog's
 * products/feature_flags/backend/api/feature_flag.py: `version` is a writable serializer field and takes part in the
 * comparison, a stale version without `original_flag` is accepted, and the check runs after the state rules.
 */

const ctx = useUpstream();
const path = (suffix = '') => `/api/projects/${ctx.projectA}/feature_flags/${suffix}`;
const bob = () => client(ctx.upstream, KEYS.member);
const everyone = { groups: [{ properties: [], rollout_percentage: 100 }] };

let serial = 0;
async function flag(fields: Record<string, unknown> = {}) {
  const created = await ctx.owner.post(path(), { key: `conflict-${++serial}`, name: 'first', filters: everyone, ...fields });
  expect(created.status).toBe(201);
  return created.body as { id: number; key: string; version: number };
}

const CONFLICT = (email: string) => ({
  type: 'server_error',
  code: 'conflict',
  detail: `The feature flag was updated by ${email} since you started editing it. Please refresh and try again.`,
  attr: null,
});

describe('PATCH with version and original_flag', () => {
  it('accepts a stale version without original_flag, and writes the edit', async () => {
    const created = await flag();
    expect((await bob().patch(path(`${created.id}/`), { name: 'by bob' })).status).toBe(200);
    const stale = await ctx.owner.patch(path(`${created.id}/`), { name: 'by ada', version: created.version });
    expect(stale.status).toBe(200);
    expect(stale.body).toMatchObject({ name: 'by ada', version: 3 });
  });

  it('an original_flag whose version differs from the sent and the stored one refuses every stale edit, and writes nothing', async () => {
    const created = await flag();
    expect((await bob().patch(path(`${created.id}/`), { active: false })).status).toBe(200);
    // Nobody else touched `name`: the version alone makes the edit a conflict.
    const stale = await ctx.owner.patch(path(`${created.id}/`), { name: 'by ada', version: created.version, original_flag: { version: -1 } });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual(CONFLICT('bob@acme.test'));
    expect((await ctx.owner.get(path(`${created.id}/`))).body).toMatchObject({ name: 'first', active: false, version: 2 });
    const current = await ctx.owner.patch(path(`${created.id}/`), { name: 'by ada', version: 2, original_flag: { version: -1 } });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ name: 'by ada', active: false, version: 3 });
  });

  it('refuses a stale edit whose original_flag names last_modified_by when someone else edited last', async () => {
    const created = await flag();
    expect((await bob().patch(path(`${created.id}/`), { active: false })).status).toBe(200);
    const stale = await ctx.owner.patch(path(`${created.id}/`), { name: 'by ada', version: created.version, original_flag: { last_modified_by: null } });
    expect(stale.status).toBe(409);
    // The caller's own last edit is no conflict.
    expect((await ctx.owner.patch(path(`${created.id}/`), { name: 'by ada' })).status).toBe(200);
    const own = await ctx.owner.patch(path(`${created.id}/`), { name: 'again', version: created.version, original_flag: { last_modified_by: null } });
    expect(own.status).toBe(200);
  });

  it('checks the state rules before the version', async () => {
    const target = await flag();
    await ctx.owner.post(path(), {
      key: `conflict-dependent-${++serial}`,
      filters: { groups: [{ properties: [{ key: String(target.id), type: 'flag', value: 'true', operator: 'flag_evaluates_to' }], rollout_percentage: 100 }] },
    });
    expect((await bob().patch(path(`${target.id}/`), { name: 'by bob' })).status).toBe(200);
    const refused = await ctx.owner.patch(path(`${target.id}/`), { active: false, version: target.version, original_flag: { version: -1 } });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain('Cannot disable this feature flag because other flags depend on it');
  });

  it('refuses a version that is not an integer, and never stores the version sent', async () => {
    const created = await flag();
    expect((await ctx.owner.patch(path(`${created.id}/`), { version: 'two' })).body).toEqual(
      validation('invalid_input', 'A valid integer is required.', 'version'),
    );
    const current = await ctx.owner.patch(path(`${created.id}/`), { name: 'x', version: created.version });
    expect(current.body.version).toBe(created.version + 1);
    const fresh = await ctx.owner.post(path(), { key: `conflict-new-${++serial}`, version: 40 });
    expect(fresh.body.version).toBe(1);
  });
});
