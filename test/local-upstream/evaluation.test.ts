import { describe, expect, it } from 'vitest';
import { parseConditionDate } from '../../local-upstream/evaluation/dates.ts';
import {
  blastRadius,
  bucketHash,
  evaluateFlag,
  evaluationReasons,
  localEvaluationPayload,
  type Cohort,
  type EvaluationContext,
  type EvaluationFlag,
  type Person,
} from '../../local-upstream/evaluation/index.ts';

const flag = (filters: Record<string, unknown>, extra: Partial<EvaluationFlag> = {}): EvaluationFlag => ({
  id: 1,
  key: 'beta-feature',
  active: true,
  deleted: false,
  filters,
  ensure_experience_continuity: false,
  ...extra,
});
const person = (properties: Record<string, unknown>, distinctId = 'some_distinct_id'): EvaluationContext => ({
  distinctId,
  personProperties: properties,
});
const withProperty = (property: Record<string, unknown>) => flag({ groups: [{ properties: [{ type: 'person', ...property }] }] });
const matches = (property: Record<string, unknown>, properties: Record<string, unknown>): boolean =>
  evaluateFlag(withProperty(property), person(properties)).value === true;

describe('bucketHash', () => {
  // Values from SHA-1 of "<key>.<id><salt>" computed outside this code (sha1sum) and by posthog-node's own hash.
  it.each([
    ['beta-feature', 'some_distinct_id', '', 0.8000739583404769],
    ['beta-feature', 'user-1', 'variant', 0.14578218334266493],
    ['new-nav', 'u42', '', 0.6566405204143607],
  ])('hash(%s, %s, %j) is %d', (key, id, salt, expected) => {
    expect(bucketHash(key, id, salt)).toBe(expected);
  });
});

describe('rollout and conditions', () => {
  it('a null rollout means everyone', () => {
    expect(evaluateFlag(flag({ groups: [{ properties: [], rollout_percentage: null }] }), person({}))).toEqual({
      value: true,
      reason: 'condition_match',
      conditionIndex: 0,
    });
  });

  it('compares the bucket with the rollout: 0.80007 is inside 81% and outside 80%', () => {
    expect(evaluateFlag(flag({ groups: [{ rollout_percentage: 81 }] }), person({})).value).toBe(true);
    expect(evaluateFlag(flag({ groups: [{ rollout_percentage: 80 }] }), person({}))).toEqual({
      value: false,
      reason: 'out_of_rollout_bound',
      conditionIndex: 0,
    });
  });

  it('ORs the conditions and reports the index of the one that matched', () => {
    const filters = {
      groups: [{ properties: [{ key: 'plan', type: 'person', value: 'pro' }] }, { properties: [{ key: 'country', type: 'person', value: 'DE' }] }],
    };
    expect(evaluateFlag(flag(filters), person({ plan: 'free', country: 'DE' }))).toEqual({ value: true, reason: 'condition_match', conditionIndex: 1 });
  });

  it('reports out_of_rollout_bound over no_condition_match, at its own index', () => {
    const filters = {
      groups: [
        { properties: [{ key: 'plan', type: 'person', value: 'pro' }] },
        { properties: [], rollout_percentage: 10 },
        { properties: [{ key: 'plan', type: 'person', value: 'team' }] },
      ],
    };
    expect(evaluateFlag(flag(filters), person({ plan: 'free' }))).toEqual({ value: false, reason: 'out_of_rollout_bound', conditionIndex: 1 });
  });

  it('reports the last of equal reasons when none matched, as the service does', () => {
    const filters = {
      groups: [{ properties: [{ key: 'plan', type: 'person', value: 'pro' }] }, { properties: [{ key: 'plan', type: 'person', value: 'team' }] }],
    };
    expect(evaluateFlag(flag(filters), person({ plan: 'free' }))).toEqual({ value: false, reason: 'no_condition_match', conditionIndex: 1 });
  });

  it('a missing person property does not match', () => {
    expect(matches({ key: 'plan', value: 'pro' }, {})).toBe(false);
  });

  it('an inactive flag is disabled whatever its conditions', () => {
    expect(evaluateFlag(flag({ groups: [{ rollout_percentage: 100 }] }, { active: false }), person({}))).toEqual({
      value: false,
      reason: 'disabled',
      conditionIndex: null,
    });
  });
});

describe('variants', () => {
  const variants = [
    { key: 'control', rollout_percentage: 50 },
    { key: 'test', rollout_percentage: 50 },
  ];

  it('picks the variant whose cumulative range holds hash(key, id, "variant")', () => {
    // hash(beta-feature, user-1, variant) = 0.1458, inside control's [0, 0.5).
    const result = evaluateFlag(flag({ groups: [{ rollout_percentage: 100 }], multivariate: { variants } }), person({}, 'user-1'));
    expect(result).toEqual({ value: 'control', reason: 'condition_match', conditionIndex: 0 });
    const shifted = [
      { key: 'a', rollout_percentage: 14 },
      { key: 'b', rollout_percentage: 1 },
      { key: 'c', rollout_percentage: 85 },
    ];
    expect(evaluateFlag(flag({ groups: [{ rollout_percentage: 100 }], multivariate: { variants: shifted } }), person({}, 'user-1')).value).toBe('b');
  });

  it('tries conditions in the order given, variant overrides included', () => {
    const filters = {
      groups: [
        { properties: [], rollout_percentage: 100 },
        { properties: [{ key: 'plan', type: 'person', value: 'pro' }], variant: 'test' },
      ],
      multivariate: { variants },
    };
    expect(evaluateFlag(flag(filters), person({ plan: 'pro' }, 'user-1'))).toEqual({ value: 'control', reason: 'condition_match', conditionIndex: 0 });
    const overrideFirst = { ...filters, groups: [filters.groups[1], filters.groups[0]] };
    expect(evaluateFlag(flag(overrideFirst), person({ plan: 'pro' }, 'user-1'))).toEqual({ value: 'test', reason: 'condition_match', conditionIndex: 0 });
    expect(evaluateFlag(flag(overrideFirst), person({ plan: 'free' }, 'user-1'))).toEqual({ value: 'control', reason: 'condition_match', conditionIndex: 1 });
  });

  it('ignores an override naming no variant', () => {
    const filters = { groups: [{ rollout_percentage: 100, variant: 'gone' }], multivariate: { variants } };
    expect(evaluateFlag(flag(filters), person({}, 'user-1')).value).toBe('control');
  });
});

describe('payloads', () => {
  it('returns the payload of the variant, or of "true" for a boolean flag', () => {
    const multivariate = { variants: [{ key: 'control', rollout_percentage: 100 }] };
    expect(evaluateFlag(flag({ groups: [{}], multivariate, payloads: { control: '{"a": 1}' } }), person({})).payload).toBe('{"a": 1}');
    expect(evaluateFlag(flag({ groups: [{}], payloads: { true: '[1, 2]' } }), person({})).payload).toBe('[1, 2]');
  });

  it('has no payload when the flag is off', () => {
    expect(evaluateFlag(flag({ groups: [{ rollout_percentage: 0 }], payloads: { true: '1' } }), person({}))).not.toHaveProperty('payload');
  });
});

describe('group flags', () => {
  const groupFlag = flag({ aggregation_group_type_index: 0, groups: [{ properties: [], rollout_percentage: 100 }] });

  it('is off with no_group_type when the group was not passed', () => {
    expect(evaluateFlag(groupFlag, { distinctId: 'u', groupTypeMapping: { 0: 'company' } })).toEqual({
      value: false,
      reason: 'no_group_type',
      conditionIndex: null,
    });
  });

  it('hashes the group key instead of the distinct id', () => {
    const half = flag({ aggregation_group_type_index: 0, groups: [{ rollout_percentage: 66 }] }, { key: 'new-nav' });
    // hash(new-nav, u42) = 0.6566: inside 66% only when the group key u42 is the identifier.
    const ctx = { distinctId: 'someone-else', groupTypeMapping: { 0: 'company' }, groups: { company: 'u42' } };
    expect(evaluateFlag(half, ctx).value).toBe(true);
    expect(evaluateFlag({ ...half, filters: { ...half.filters, groups: [{ rollout_percentage: 65 }] } }, ctx).value).toBe(false);
  });

  it('matches group properties of the passed group', () => {
    const filters = { aggregation_group_type_index: 0, groups: [{ properties: [{ key: 'tier', type: 'group', group_type_index: 0, value: 'gold' }] }] };
    const ctx = { distinctId: 'u', groupTypeMapping: { 0: 'company' }, groups: { company: 'acme' } };
    expect(evaluateFlag(flag(filters), { ...ctx, groupProperties: { 0: { tier: 'Gold' } } }).value).toBe(true);
    expect(evaluateFlag(flag(filters), { ...ctx, groupProperties: { 0: { tier: 'silver' } } }).value).toBe(false);
  });
});

describe('operators', () => {
  it.each([
    ['exact is case-insensitive', { key: 'email', value: 'A@B.C' }, { email: 'a@b.c' }, true],
    ['exact with a list means any of', { key: 'country', value: ['US', 'CA'] }, { country: 'ca' }, true],
    ['exact with a list misses others', { key: 'country', value: ['US', 'CA'] }, { country: 'DE' }, false],
    ['exact compares numbers as text', { key: 'age', value: '42' }, { age: 42 }, true],
    ['exact treats "true" and true alike', { key: 'beta', value: 'true' }, { beta: true }, true],
    ['is_not', { key: 'plan', operator: 'is_not', value: 'free' }, { plan: 'pro' }, true],
    ['is_not on the same value', { key: 'plan', operator: 'is_not', value: ['free', 'pro'] }, { plan: 'PRO' }, false],
    ['is_set', { key: 'plan', operator: 'is_set', value: 'is_set' }, { plan: null }, true],
    ['is_set when absent', { key: 'plan', operator: 'is_set', value: 'is_set' }, {}, false],
    ['is_not_set when absent', { key: 'plan', operator: 'is_not_set', value: 'is_not_set' }, {}, true],
    ['is_not_set when present', { key: 'plan', operator: 'is_not_set', value: 'is_not_set' }, { plan: 'x' }, false],
    ['icontains', { key: 'email', operator: 'icontains', value: '@ACME' }, { email: 'x@acme.io' }, true],
    ['not_icontains', { key: 'email', operator: 'not_icontains', value: '@acme' }, { email: 'x@acme.io' }, false],
    ['regex', { key: 'email', operator: 'regex', value: '^x@.+\\.io$' }, { email: 'x@acme.io' }, true],
    ['invalid regex never matches', { key: 'email', operator: 'regex', value: '(' }, { email: '(' }, false],
    ['not_regex', { key: 'email', operator: 'not_regex', value: '\\.com$' }, { email: 'x@acme.io' }, true],
    ['invalid not_regex never matches', { key: 'email', operator: 'not_regex', value: '[' }, { email: 'x' }, false],
    ['gt is numeric for stored numbers', { key: 'age', operator: 'gt', value: '9' }, { age: 10 }, true],
    // The service compares a stored string as a string, even when both read as numbers ("10" < "9").
    ['gt compares a stored string as a string', { key: 'age', operator: 'gt', value: '9' }, { age: '10' }, false],
    ['gte', { key: 'age', operator: 'gte', value: '10' }, { age: 10 }, true],
    ['lt', { key: 'age', operator: 'lt', value: '10' }, { age: 9.5 }, true],
    ['lte fails above', { key: 'age', operator: 'lte', value: '10' }, { age: 11 }, false],
    ['gt falls back to text', { key: 'name', operator: 'gt', value: 'b' }, { name: 'c' }, true],
    ['null fails comparisons', { key: 'age', operator: 'gt', value: '1' }, { age: null }, false],
    ['is_date_before absolute', { key: 'd', operator: 'is_date_before', value: '2024-01-01' }, { d: '2023-12-31T23:00:00Z' }, true],
    ['is_date_after absolute', { key: 'd', operator: 'is_date_after', value: '2024-01-01' }, { d: '2023-12-31' }, false],
    ['is_date_after relative', { key: 'd', operator: 'is_date_after', value: '-7d' }, { d: new Date(Date.now() - 86_400_000).toISOString() }, true],
    ['is_date_before relative', { key: 'd', operator: 'is_date_before', value: '-7d' }, { d: new Date(Date.now() - 86_400_000).toISOString() }, false],
    ['relative years', { key: 'd', operator: 'is_date_before', value: '1y' }, { d: '2000-01-01' }, true],
    ['unknown operator never matches', { key: 'plan', operator: 'semver_gt', value: '1.0.0' }, { plan: '2.0.0' }, false],
  ])('%s', (_name, property, properties, expected) => {
    expect(matches(property, properties)).toBe(expected);
  });
});

describe('relative dates', () => {
  const now = new Date('2024-03-31T12:00:00Z');
  it.each([
    ['3h', '2024-03-31T09:00:00.000Z'],
    ['-2w', '2024-03-17T12:00:00.000Z'],
    ['1m', '2024-02-29T12:00:00.000Z'],
    ['13m', '2023-02-28T12:00:00.000Z'],
    ['1y', '2023-03-31T12:00:00.000Z'],
  ])('%s before 2024-03-31 is %s (days clamp to the month)', (value, expected) => {
    expect(parseConditionDate(value, now)?.toISOString()).toBe(expected);
  });

  it('refuses 10000 or more units and unknown units', () => {
    expect(parseConditionDate('10000d', now)).toBeNull();
    expect(parseConditionDate('5q', now)).toBeNull();
  });
});

describe('cohorts', () => {
  const cohorts: Cohort[] = [
    { id: 1, name: 'Static', is_static: true, filters: null, member_distinct_ids: ['member'] },
    {
      id: 2,
      name: 'Pro outside the US',
      is_static: false,
      member_distinct_ids: [],
      filters: {
        properties: {
          type: 'AND',
          values: [
            {
              type: 'AND',
              values: [
                { key: 'plan', type: 'person', value: 'pro' },
                { key: 'country', type: 'person', value: 'US', negation: true },
              ],
            },
          ],
        },
      },
    },
    {
      id: 3,
      name: 'Static members or pro outside the US',
      is_static: false,
      member_distinct_ids: [],
      filters: {
        properties: {
          type: 'OR',
          values: [
            {
              type: 'OR',
              values: [
                { key: 'id', type: 'cohort', value: 1 },
                { key: 'id', type: 'cohort', value: 2 },
              ],
            },
          ],
        },
      },
    },
  ];
  const inCohort = (id: number, distinctId: string, properties: Record<string, unknown>, operator = 'in') =>
    evaluateFlag(flag({ groups: [{ properties: [{ key: 'id', type: 'cohort', value: id, operator }] }] }), {
      distinctId,
      personProperties: properties,
      cohorts,
    }).value;

  it('static cohorts list their members', () => {
    expect(inCohort(1, 'member', {})).toBe(true);
    expect(inCohort(1, 'stranger', {})).toBe(false);
  });

  it('dynamic cohorts match their property groups, with negation', () => {
    expect(inCohort(2, 'x', { plan: 'pro', country: 'DE' })).toBe(true);
    expect(inCohort(2, 'x', { plan: 'pro', country: 'US' })).toBe(false);
  });

  it('nested cohorts and not_in', () => {
    expect(inCohort(3, 'member', {})).toBe(true);
    expect(inCohort(3, 'x', { plan: 'pro', country: 'FR' })).toBe(true);
    expect(inCohort(3, 'x', { plan: 'free' })).toBe(false);
    expect(inCohort(3, 'x', { plan: 'free' }, 'not_in')).toBe(true);
  });

  it('an unknown cohort matches nobody', () => {
    expect(inCohort(99, 'member', {})).toBe(false);
  });
});

describe('flag dependencies', () => {
  const base = flag({ groups: [{ properties: [{ key: 'plan', type: 'person', value: 'pro' }] }] }, { id: 10, key: 'base' });
  const variantBase = flag({ groups: [{}], multivariate: { variants: [{ key: 'blue', rollout_percentage: 100 }] } }, { id: 11, key: 'colors' });
  const dependent = (key: string, value: unknown) =>
    flag({ groups: [{ properties: [{ key, type: 'flag', operator: 'flag_evaluates_to', value }] }] }, { id: 12, key: 'dependent' });
  const ctx = (plan: string): EvaluationContext => ({ distinctId: 'u', personProperties: { plan }, flags: [base, variantBase] });

  it('matches true when the dependency is on', () => {
    expect(evaluateFlag(dependent('10', true), ctx('pro')).value).toBe(true);
    expect(evaluateFlag(dependent('10', true), ctx('free')).value).toBe(false);
  });

  it('matches false when the dependency is off', () => {
    expect(evaluateFlag(dependent('10', false), ctx('free')).value).toBe(true);
  });

  it('true matches any variant, a string matches that variant', () => {
    expect(evaluateFlag(dependent('11', true), ctx('free')).value).toBe(true);
    expect(evaluateFlag(dependent('11', 'blue'), ctx('free')).value).toBe(true);
    expect(evaluateFlag(dependent('11', 'red'), ctx('free')).value).toBe(false);
  });

  it('accepts the dependency by key (local-evaluation form)', () => {
    expect(evaluateFlag(dependent('base', true), ctx('pro')).value).toBe(true);
  });

  it('an inactive dependency evaluates to false, and a cycle does not loop', () => {
    const inactive = { ...base, active: false };
    expect(evaluateFlag(dependent('10', true), { ...ctx('pro'), flags: [inactive] }).value).toBe(false);
    const selfLoop = flag({ groups: [{ properties: [{ key: '13', type: 'flag', operator: 'flag_evaluates_to', value: true }] }] }, { id: 13, key: 'loop' });
    expect(evaluateFlag(selfLoop, { distinctId: 'u', flags: [selfLoop] }).value).toBe(false);
  });
});

describe('evaluationReasons', () => {
  it('lists every non-deleted flag by key; inactive ones are disabled', () => {
    const flags = [
      flag({ groups: [{ rollout_percentage: 100 }] }, { id: 1, key: 'on' }),
      flag({ groups: [{ rollout_percentage: 100 }] }, { id: 2, key: 'off', active: false }),
      flag({ groups: [{ rollout_percentage: 100 }] }, { id: 3, key: 'gone', deleted: true }),
      flag({ groups: [{ properties: [{ key: 'plan', type: 'person', value: 'pro' }] }] }, { id: 4, key: 'pro-only' }),
    ];
    expect(evaluationReasons(flags, { distinctId: 'u', personProperties: {} })).toEqual({
      on: { value: true, evaluation: { reason: 'condition_match', condition_index: 0 } },
      off: { value: false, evaluation: { reason: 'disabled', condition_index: null } },
      'pro-only': { value: false, evaluation: { reason: 'no_condition_match', condition_index: 0 } },
    });
  });
});

describe('blastRadius', () => {
  const persons: Person[] = [
    { distinct_id: 'a', properties: { plan: 'pro', country: 'US' } },
    { distinct_id: 'b', properties: { plan: 'pro', country: 'DE' } },
    { distinct_id: 'c', properties: { plan: 'free' } },
  ];

  it('counts persons matching all properties and ignores the rollout', () => {
    const condition = { properties: [{ key: 'plan', type: 'person', value: 'pro' }], rollout_percentage: 10 };
    expect(blastRadius(condition, null, { persons, groups: [], cohorts: [] })).toEqual({ affected: 2, total: 3, users_affected: 2, total_users: 3 });
  });

  it('no properties selects everyone', () => {
    expect(blastRadius({ properties: [] }, null, { persons, groups: [], cohorts: [] })).toEqual({ affected: 3, total: 3, users_affected: 3, total_users: 3 });
  });

  it('counts cohort members', () => {
    const cohorts: Cohort[] = [{ id: 5, name: 's', is_static: true, filters: null, member_distinct_ids: ['c'] }];
    expect(blastRadius({ properties: [{ key: 'id', type: 'cohort', value: 5 }] }, null, { persons, groups: [], cohorts })).toEqual({
      affected: 1,
      total: 3,
      users_affected: 1,
      total_users: 3,
    });
  });
});

describe('localEvaluationPayload', () => {
  const cohorts: Cohort[] = [
    {
      id: 7,
      name: 'Pro',
      is_static: false,
      member_distinct_ids: [],
      filters: { properties: { type: 'OR', values: [{ type: 'AND', values: [{ key: 'plan', type: 'person', value: 'pro' }] }] } },
    },
    { id: 8, name: 'Static', is_static: true, filters: null, member_distinct_ids: ['x'] },
  ];
  const flags: EvaluationFlag[] = [
    flag({ groups: [{ properties: [{ key: 'id', type: 'cohort', value: 7 }] }] }, { id: 1, key: 'a' }),
    flag({ groups: [{ properties: [{ key: '1', type: 'flag', operator: 'flag_evaluates_to', value: true }] }] }, { id: 2, key: 'b' }),
    flag(
      {
        groups: [
          {
            properties: [
              { key: '2', type: 'flag', operator: 'flag_evaluates_to', value: true },
              { key: 'id', type: 'cohort', value: 8 },
            ],
          },
        ],
      },
      { id: 3, key: 'c', active: false },
    ),
    flag({}, { id: 4, key: 'gone', deleted: true }),
    flag({}, { id: 5, key: 'bare' }),
  ];
  const payload = localEvaluationPayload(flags, { teamId: 9, groupTypeMapping: { 0: 'company' }, cohorts, sendCohorts: true });

  it('lists non-deleted flags, inactive included, in the minimal shape', () => {
    expect(payload.flags.map((item) => (item as { key: string }).key)).toEqual(['a', 'b', 'c', 'bare']);
    expect(payload.flags[3]).toEqual({
      id: 5,
      team_id: 9,
      name: '',
      key: 'bare',
      filters: { groups: [{ properties: [], rollout_percentage: null }] },
      deleted: false,
      active: true,
      ensure_experience_continuity: false,
      has_encrypted_payloads: false,
      version: null,
      evaluation_runtime: 'all',
      bucketing_identifier: null,
      evaluation_tags: [],
    });
    expect(payload.group_type_mapping).toEqual({ 0: 'company' });
  });

  it('renames flag dependencies to keys and adds the dependency chain', () => {
    const c = payload.flags[2] as { filters: { groups: { properties: Record<string, unknown>[] }[] } };
    expect(c.filters.groups[0]?.properties[0]).toEqual({
      key: 'b',
      type: 'flag',
      operator: 'flag_evaluates_to',
      value: true,
      dependency_chain: ['a', 'b'],
    });
    expect(flags[2]?.filters).toEqual({
      groups: [
        {
          properties: [
            { key: '2', type: 'flag', operator: 'flag_evaluates_to', value: true },
            { key: 'id', type: 'cohort', value: 8 },
          ],
        },
      ],
    });
  });

  it('sends dynamic cohorts only', () => {
    expect(payload.cohorts).toEqual({ 7: { type: 'OR', values: [{ type: 'AND', values: [{ key: 'plan', type: 'person', value: 'pro' }] }] } });
  });

  it('without send_cohorts, expands a single simple cohort into a person-property condition (rollout null kept)', () => {
    const plain = localEvaluationPayload(flags, { teamId: 9, groupTypeMapping: {}, cohorts, sendCohorts: false });
    expect(plain.cohorts).toEqual({});
    expect((plain.flags[0] as { filters: unknown }).filters).toEqual({
      groups: [{ properties: [{ key: 'plan', type: 'person', value: 'pro' }], rollout_percentage: null }],
    });
  });

  it('an empty chain marks a cycle', () => {
    const loop = [
      flag({ groups: [{ properties: [{ key: '2', type: 'flag', operator: 'flag_evaluates_to', value: true }] }] }, { id: 1, key: 'x' }),
      flag({ groups: [{ properties: [{ key: '1', type: 'flag', operator: 'flag_evaluates_to', value: true }] }] }, { id: 2, key: 'y' }),
    ];
    const body = localEvaluationPayload(loop, { teamId: 1, groupTypeMapping: {}, cohorts: [], sendCohorts: true });
    const prop = (body.flags[0] as { filters: { groups: { properties: Record<string, unknown>[] }[] } }).filters.groups[0]?.properties[0];
    expect(prop?.dependency_chain).toEqual([]);
  });
});
