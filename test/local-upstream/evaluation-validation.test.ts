import { describe, expect, it } from 'vitest';
import { validateFilters, type FiltersContext, type FlagRef } from '../../local-upstream/validation/filters.ts';
import { ALLOWED_SINGLE_NAMES, allowedTimezones, isAllowedTimezone } from '../../rest-interface/timezones.ts';

const projectFlags: FlagRef[] = [
  { id: 1, key: 'base', active: true, deleted: false, filters: { groups: [{ properties: [] }] } },
  { id: 2, key: 'off', active: false, deleted: false },
  { id: 3, key: 'removed', active: true, deleted: true },
  {
    id: 4,
    key: 'needs-new',
    active: true,
    deleted: false,
    filters: {
      groups: [{ properties: [{ key: '5', type: 'flag', operator: 'flag_evaluates_to', value: true }] }],
    },
  },
  { id: 5, key: 'new', active: true, deleted: false, filters: { groups: [{}] } },
];
const create: FiltersContext = { isCreate: true, flagKey: 'new-flag', projectFlags, cohortIds: [10, 11] };
const update: FiltersContext = { ...create, isCreate: false, flagId: 5, flagKey: 'new' };
const person = (property: Record<string, unknown>) => ({ groups: [{ properties: [{ type: 'person', key: 'k', ...property }] }] });

function errorOf(filters: unknown, ctx: FiltersContext = create) {
  const result = validateFilters(filters, ctx);
  if (result.ok) throw new Error(`expected an error for ${JSON.stringify(filters)}`);
  return result.error;
}
const invalid = (detail: string, code = 'invalid_input') => ({ code, detail, attr: 'filters' });

describe('validateFilters: shape', () => {
  it('refuses non-objects the way DRF DictField does', () => {
    expect(errorOf([])).toEqual({ code: 'not_a_dict', detail: 'Expected a dictionary of items but got type "list".', attr: 'filters' });
    expect(errorOf('x')).toEqual({ code: 'not_a_dict', detail: 'Expected a dictionary of items but got type "str".', attr: 'filters' });
    expect(errorOf(null)).toEqual({ code: 'null', detail: 'This field may not be null.', attr: 'filters' });
  });

  it('needs at least one condition set on create only', () => {
    const message = invalid('Feature flags must have at least one condition set (group).');
    expect(errorOf({})).toEqual(message);
    expect(errorOf({ groups: [] })).toEqual(message);
    expect(validateFilters({ groups: [] }, update)).toEqual({ ok: true, filters: { groups: [] } });
  });

  it('on update, filters are merged into the stored ones key by key, and {} changes nothing', () => {
    const stored = { groups: [{ rollout_percentage: 5 }], multivariate: null };
    expect(validateFilters({}, { ...update, currentFilters: stored })).toEqual({ ok: true, filters: stored });
    expect(validateFilters({ payloads: { true: '1' } }, { ...update, currentFilters: stored })).toEqual({
      ok: true,
      filters: {
        groups: [{ rollout_percentage: 5, aggregation_group_type_index: null }],
        multivariate: null,
        payloads: { true: '1' },
        aggregation_group_type_index: null,
      },
    });
  });

  it('accepts a valid definition, giving every condition set its aggregation as the service stores it', () => {
    const group = { properties: [{ key: 'email', type: 'person', operator: 'icontains', value: '@acme' }], rollout_percentage: 50 };
    expect(validateFilters({ groups: [group] }, create)).toEqual({
      ok: true,
      filters: { groups: [{ ...group, aggregation_group_type_index: null }], aggregation_group_type_index: null },
    });
  });

  it("the flag-level aggregation is the condition sets' when they agree, else null", () => {
    const group = (index: number | null) => ({ properties: [], aggregation_group_type_index: index });
    const stored = (groups: unknown[], flagLevel: unknown) =>
      (validateFilters({ groups, aggregation_group_type_index: flagLevel }, create) as { filters: unknown }).filters;
    expect(stored([{ properties: [] }], 0)).toEqual({ groups: [group(0)], aggregation_group_type_index: 0 });
    expect(stored([group(null), { properties: [] }], 0)).toMatchObject({ aggregation_group_type_index: null });
  });
});

describe('validateFilters: property types', () => {
  it('only person, cohort and flag properties without an aggregation index', () => {
    const detail = invalid('Filters are not valid (person-aggregated conditions can only use person, cohort, and flag properties)');
    expect(errorOf({ groups: [{ properties: [{ key: 'x', type: 'event', value: 1 }] }] })).toEqual(detail);
    expect(errorOf({ groups: [{ properties: [{ key: 'x', value: 1 }] }] })).toEqual(detail);
  });

  it('only group properties of the same index with an aggregation index', () => {
    expect(errorOf({ aggregation_group_type_index: 0, groups: [{ properties: [{ key: 'x', type: 'person', value: 1 }] }] })).toEqual(
      invalid('Filters are not valid (group-aggregated conditions can only use group properties)'),
    );
    expect(errorOf({ aggregation_group_type_index: 0, groups: [{ properties: [{ key: 'x', type: 'group', group_type_index: 1, value: 1 }] }] })).toEqual(
      invalid("Filters are not valid (group properties must match the condition set's group type)"),
    );
    expect(
      validateFilters({ aggregation_group_type_index: 0, groups: [{ properties: [{ key: 'x', type: 'group', group_type_index: 0, value: 'a' }] }] }, create).ok,
    ).toBe(true);
  });
});

describe('validateFilters: flag dependencies', () => {
  const dependsOn = (key: unknown, operator = 'flag_evaluates_to') => ({ groups: [{ properties: [{ key, type: 'flag', operator, value: true }] }] });

  it('needs the flag_evaluates_to operator', () => {
    expect(errorOf(dependsOn('1', 'exact'))).toEqual(invalid("Flag properties must use the 'flag_evaluates_to' operator"));
  });

  it('needs an integer id of an existing, active, non-deleted flag', () => {
    expect(errorOf(dependsOn('base'))).toEqual(invalid("Flag dependencies must reference flag IDs (integers), not flag keys. Invalid reference: 'base'"));
    expect(errorOf(dependsOn('99'))).toEqual(invalid('Flag dependency references non-existent flag with ID 99'));
    expect(errorOf(dependsOn('3'))).toEqual(invalid('Flag dependency references non-existent flag with ID 3'));
    expect(errorOf(dependsOn('2'))).toEqual(
      invalid("Cannot create dependency on disabled flag 'off' (ID: 2). Flag dependencies must reference active flags only."),
    );
    expect(validateFilters(dependsOn('1'), create).ok).toBe(true);
  });

  it('refuses self and circular dependencies', () => {
    expect(errorOf(dependsOn('5'), update)).toEqual(invalid("Feature flag 'new' cannot depend on itself"));
    expect(errorOf(dependsOn('4'), update)).toEqual(invalid('Circular dependency detected: new → needs-new → new'));
  });
});

describe('validateFilters: variants and rollout', () => {
  const multivariate = (...percentages: number[]) => ({
    variants: percentages.map((rollout_percentage, index) => ({ key: `v${index}`, rollout_percentage })),
  });

  it('variant percentages must sum to 100', () => {
    expect(errorOf({ groups: [{}], multivariate: multivariate(50, 40) })).toEqual(
      invalid('Invalid variant definitions: Variant rollout percentages must sum to 100.'),
    );
    expect(validateFilters({ groups: [{}], multivariate: multivariate(50, 25, 25) }, create).ok).toBe(true);
  });

  it('a variant override must name a variant', () => {
    expect(errorOf({ groups: [{ variant: 'v9' }], multivariate: multivariate(100) })).toEqual(
      invalid('Filters are not valid (variant override does not exist)'),
    );
    expect(validateFilters({ groups: [{ variant: 'v0' }], multivariate: multivariate(100) }, create).ok).toBe(true);
  });

  it('rollout_percentage is a number from 0 to 100, or null, with the service messages', () => {
    expect(errorOf({ groups: [{ rollout_percentage: 101 }] })).toEqual(invalid('groups[0].rollout_percentage must be between 0 and 100, got 101'));
    expect(errorOf({ groups: [{}, { rollout_percentage: -1 }] })).toEqual(invalid('groups[1].rollout_percentage must be between 0 and 100, got -1'));
    expect(errorOf({ groups: [{ rollout_percentage: '50' }] })).toEqual(invalid('groups[0].rollout_percentage must be a number or null, got str'));
    expect(errorOf({ groups: [{ rollout_percentage: true }] })).toEqual(invalid('groups[0].rollout_percentage must be a number or null, got bool'));
    for (const good of [0, 100, 33.3, null]) expect(validateFilters({ groups: [{ rollout_percentage: good }] }, create).ok).toBe(true);
  });
});

describe('validateFilters: property values', () => {
  it('at most 1000 values in a list', () => {
    expect(errorOf(person({ key: 'email', value: Array.from({ length: 1001 }, (_, n) => `${n}`) }))).toEqual(
      invalid('Property group expressions of type email cannot contain more than 1000 values.'),
    );
  });

  it.each(['regex', 'icontains', 'not_regex', 'not_icontains', 'gte', 'lte', 'gt', 'lt'])('%s needs a string value', (operator) => {
    expect(errorOf(person({ operator, value: 5 }))).toEqual(invalid(`Invalid value for operator ${operator}: 5`, 'invalid_value'));
  });

  it('prints non-string values the way Python does', () => {
    expect(errorOf(person({ operator: 'gt', value: true })).detail).toBe('Invalid value for operator gt: True');
    expect(errorOf(person({ operator: 'gt', value: ['a', 1] })).detail).toBe("Invalid value for operator gt: ['a', 1]");
  });

  it('in / not_in only for cohorts', () => {
    expect(errorOf(person({ operator: 'in', value: 'x' }))).toEqual(
      invalid("The 'in' operator is only valid for cohort properties, not 'person' properties.", 'invalid_operator'),
    );
  });

  it('date operators need parseable dates', () => {
    expect(errorOf(person({ operator: 'is_date_before', value: 'soon' }))).toEqual(invalid('Invalid date value: soon', 'invalid_date'));
    expect(errorOf(person({ operator: 'is_date_after', value: '-10000d' }))).toEqual(invalid('Invalid date value: -10000d', 'invalid_date'));
    for (const value of ['-7d', '1h', '2w', '3m', '1y', '2024-01-31', '2024-01-31T10:00:00Z']) {
      expect(validateFilters(person({ operator: 'is_date_after', value }), create).ok).toBe(true);
    }
  });
});

describe('validateFilters: cohorts', () => {
  const cohortFilter = (value: unknown) => ({ groups: [{ properties: [{ key: 'id', type: 'cohort', value }] }] });

  it('the cohort must exist', () => {
    expect(errorOf(cohortFilter(12))).toEqual(invalid('Cohort with id 12 does not exist', 'cohort_does_not_exist'));
    expect(validateFilters(cohortFilter(10), create).ok).toBe(true);
    expect(validateFilters(cohortFilter('11'), create).ok).toBe(true);
  });

  it('refuses cohorts built on events, also through nested cohorts', () => {
    const cohorts = [
      { id: 10, name: 'Wrapper', filters: { properties: { type: 'OR', values: [{ type: 'AND', values: [{ key: 'id', type: 'cohort', value: 11 }] }] } } },
      { id: 11, name: 'Clicked', filters: { properties: { type: 'AND', values: [{ key: '$pageview', type: 'behavioral', value: 'performed_event' }] } } },
    ];
    expect(errorOf(cohortFilter(10), { ...create, cohorts })).toEqual(
      invalid("Cohort 'Clicked' has an event-based condition on '$pageview' (performed_event) and cannot be used in feature flags.", 'behavioral_cohort_found'),
    );
  });
});

describe('validateFilters: payloads', () => {
  it('must be a dictionary of JSON', () => {
    expect(errorOf({ groups: [{}], payloads: [] })).toEqual(invalid('Payloads must be passed as a dictionary'));
    expect(errorOf({ groups: [{}], payloads: { true: '{oops' } })).toEqual(invalid('Payload value is not valid JSON'));
  });

  it('turns object payloads into JSON strings as Python writes them', () => {
    const result = validateFilters({ groups: [{}], payloads: { true: { a: 1, b: ['é', null] } } }, create);
    expect(result).toEqual({
      ok: true,
      filters: { groups: [{ aggregation_group_type_index: null }], aggregation_group_type_index: null, payloads: { true: '{"a": 1, "b": ["\\u00e9", null]}' } },
    });
  });

  it('keys are variant keys, or only "true" for boolean flags', () => {
    const multivariate = { variants: [{ key: 'a', rollout_percentage: 100 }] };
    expect(errorOf({ groups: [{}], multivariate, payloads: { b: '1' } })).toEqual(invalid('Payload keys must match a variant key for multivariate flags'));
    expect(errorOf({ groups: [{}], payloads: { false: '1' } })).toEqual(invalid("Payload keys must be 'true' for boolean flags"));
    expect(validateFilters({ groups: [{}], multivariate, payloads: { a: '1' } }, create).ok).toBe(true);
  });

  it("does not change the caller's object", () => {
    const filters = { groups: [{}], payloads: { true: { a: 1 } } };
    validateFilters(filters, create);
    expect(filters.payloads.true).toEqual({ a: 1 });
  });
});

describe('isAllowedTimezone', () => {
  it.each([
    'America/Argentina/Buenos_Aires',
    'US/Pacific',
    'US/Eastern',
    'Asia/Calcutta',
    'GB',
    'ROK',
    'Etc/GMT+12',
    'Etc/GMT-14',
    'Etc/GMT0',
    'Etc/Zulu',
    'Arctic/Longyearbyen',
    'UTC',
    'EST5EDT',
    'NZ-CHAT',
    'Europe/Kyiv',
    'Africa/Abidjan',
  ])('accepts %s', (name) => {
    expect(isAllowedTimezone(name)).toBe(true);
  });

  it.each(['Etc/GMT+13', 'Factory', 'localtime', 'posix/Europe/Paris', 'right/UTC', 'utc', 'America/I_Dont_Exist', 'US/Pacific-New', ''])(
    'refuses %j',
    (name) => {
      expect(isAllowedTimezone(name)).toBe(false);
    },
  );

  it('lists every explicit prefix-less name of the interface (each one is in the time-zone database)', () => {
    const names = [...ALLOWED_SINGLE_NAMES];
    expect(names.length).toBeGreaterThan(40);
    expect(names.filter((name) => !isAllowedTimezone(name))).toEqual([]);
    expect(allowedTimezones().length).toBeGreaterThan(550);
  });
});
