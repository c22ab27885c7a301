import { describe, expect, it } from 'vitest';
import { ROLE_A, useUpstream } from './helpers.ts';

// `status` of the flag serializer (posthog/models/feature_flag/flag_status.py), computed when the flag is read.

const ctx = useUpstream();
const path = (suffix = '') => `/api/projects/${ctx.projectA}/feature_flags/${suffix}`;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const OLD = daysAgo(40);
const everyone = (rollout: number | null = 100) => ({ groups: [{ properties: [], rollout_percentage: rollout }] });
const acmeOnly = { groups: [{ properties: [{ key: 'email', value: 'acme.test', operator: 'icontains', type: 'person' }], rollout_percentage: 100 }] };
const variants = (blue: number) => ({
  variants: [
    { key: 'blue', rollout_percentage: blue },
    { key: 'red', rollout_percentage: 100 - blue },
  ],
});

async function statusOf(key: string, body: Record<string, unknown>): Promise<string> {
  const created = await ctx.owner.post(path(), { key, ...body });
  expect(created.status).toBe(201);
  return created.body.status;
}

describe('flag status', () => {
  it.each([
    ['a young flag rolled out to everyone', 'ACTIVE', 'young-full', { filters: everyone(), created_at: daysAgo(29) }],
    ['an old flag rolled out to everyone at 100%', 'STALE', 'old-full', { filters: everyone(), created_at: OLD }],
    ['an old flag created without filters (no condition set)', 'ACTIVE', 'old-no-filters', { created_at: OLD }],
    ['an old flag whose 100% condition has properties', 'ACTIVE', 'old-targeted', { filters: acmeOnly, created_at: OLD }],
    ['an old flag at 50%', 'ACTIVE', 'old-half', { filters: everyone(50), created_at: OLD }],
    ['an old flag whose condition has no rollout percentage', 'ACTIVE', 'old-null-rollout', { filters: everyone(null), created_at: OLD }],
    ['an old disabled flag at 100%', 'ACTIVE', 'old-disabled', { filters: everyone(), active: false, created_at: OLD }],
    [
      'an old multivariate flag with a variant at 100%',
      'STALE',
      'old-one-variant',
      { filters: { ...everyone(), multivariate: variants(100) }, created_at: OLD },
    ],
    [
      'an old multivariate flag whose full condition overrides the variant',
      'STALE',
      'old-override',
      { filters: { groups: [{ properties: [], rollout_percentage: 100, variant: 'red' }], multivariate: variants(50) }, created_at: OLD },
    ],
    ['an old multivariate flag split between variants', 'ACTIVE', 'old-split', { filters: { ...everyone(), multivariate: variants(50) }, created_at: OLD }],
    [
      'an old multivariate flag with a variant at 100% but a 50% condition',
      'ACTIVE',
      'old-variant-half',
      { filters: { ...everyone(50), multivariate: variants(100) }, created_at: OLD },
    ],
  ])('%s is %s', async (_name, expected, key, body) => {
    expect(await statusOf(key, body)).toBe(expected);
  });

  it('is reported by retrieve, list and update, and follows the flag as it changes', async () => {
    const created = await ctx.owner.post(path(), { key: 'status-lifecycle', filters: everyone(50), created_at: OLD });
    const id = created.body.id as number;
    expect(created.body.status).toBe('ACTIVE');
    const rolledOut = await ctx.owner.patch(path(`${id}/`), { filters: everyone(100) });
    expect(rolledOut.body.status).toBe('STALE');
    expect((await ctx.owner.get(path(`${id}/`))).body.status).toBe('STALE');
    const listed = (await ctx.owner.get(path('?search=status-lifecycle'))).body.results;
    expect(listed.map((flag: { key: string; status: string }) => [flag.key, flag.status])).toEqual([['status-lifecycle', 'STALE']]);

    const deleted = await ctx.owner.patch(path(`${id}/`), { deleted: true });
    expect(deleted.body.status).toBe('DELETED');
    expect((await ctx.owner.get(path(`${id}/`))).body.status).toBe('DELETED');
  });

  it('is part of the flag embedded in a role-access record', async () => {
    const created = await ctx.owner.post(path(), { key: 'status-role', filters: everyone(), created_at: OLD });
    const access = await ctx.owner.post(path(`${created.body.id}/role_access/`), { role_id: ROLE_A });
    expect(access.status).toBe(201);
    expect(access.body.feature_flag).toMatchObject({ key: 'status-role', status: 'STALE' });
    const listed = await ctx.owner.get(path(`${created.body.id}/role_access/`));
    expect(listed.body.results[0].feature_flag.status).toBe('STALE');
  });

  it('a refused update leaves the status as it was', async () => {
    const created = await ctx.owner.post(path(), { key: 'status-refused', filters: everyone(50), created_at: OLD });
    const refused = await ctx.owner.patch(path(`${created.body.id}/`), {
      filters: {
        ...everyone(),
        multivariate: {
          variants: [
            { key: 'blue', rollout_percentage: 100 },
            { key: 'red', rollout_percentage: 100 },
          ],
        },
      },
    });
    expect(refused.status).toBe(400);
    expect((await ctx.owner.get(path(`${created.body.id}/`))).body.status).toBe('ACTIVE');
  });
});
