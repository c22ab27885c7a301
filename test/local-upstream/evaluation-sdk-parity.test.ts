import { PostHog } from 'posthog-node';
import { PostHog as PostHogV4 } from 'posthog-node-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateFlag, localEvaluationPayload, type Cohort, type EvaluationFlag } from '../../local-upstream/evaluation/index.ts';

/**
 * The official SDK, fed our local-evaluation payload in-process (its `fetch` option), must reach the same
 * values as our server-side evaluator for every person and flag. This pins hashing, rollouts, variants,
 * overrides, operators, cohorts, dependencies and payloads against posthog-node's own implementation.
 */

const flag = (id: number, key: string, filters: Record<string, unknown>, active = true): EvaluationFlag => ({
  id,
  key,
  active,
  deleted: false,
  filters,
  ensure_experience_continuity: false,
});
const variants = [
  { key: 'control', rollout_percentage: 34 },
  { key: 'test', rollout_percentage: 33 },
  { key: 'third', rollout_percentage: 33 },
];

const FLAGS: EvaluationFlag[] = [
  flag(1, 'everyone', { groups: [{ properties: [], rollout_percentage: null }], payloads: { true: '{"banner": "hi"}' } }),
  flag(2, 'thirty-percent', { groups: [{ properties: [], rollout_percentage: 30 }] }),
  flag(3, 'three-way', {
    groups: [{ properties: [], rollout_percentage: 80 }],
    multivariate: { variants },
    payloads: { control: '"c"', test: '{"color": "red"}' },
  }),
  flag(4, 'acme-or-north-america', {
    groups: [
      { properties: [{ key: 'email', type: 'person', operator: 'icontains', value: '@ACME.' }], rollout_percentage: 100 },
      { properties: [{ key: 'country', type: 'person', value: ['US', 'ca'] }], rollout_percentage: 50 },
    ],
  }),
  flag(5, 'pro-gets-test', {
    groups: [
      { properties: [{ key: 'plan', type: 'person', value: 'pro' }], rollout_percentage: 100, variant: 'test' },
      { properties: [], rollout_percentage: 60 },
    ],
    multivariate: { variants },
  }),
  flag(6, 'switched-off', { groups: [{ properties: [], rollout_percentage: 100 }] }, false),
  flag(7, 'operators', {
    groups: [
      {
        properties: [
          { key: 'age', type: 'person', operator: 'gt', value: '30' },
          { key: 'plan', type: 'person', operator: 'is_not', value: 'free' },
        ],
      },
      { properties: [{ key: 'email', type: 'person', operator: 'regex', value: '^user-1\\d@' }] },
      { properties: [{ key: 'signed_up', type: 'person', operator: 'is_date_after', value: '2024-06-01' }], rollout_percentage: 40 },
    ],
  }),
  flag(8, 'cohort-members', { groups: [{ properties: [{ key: 'id', type: 'cohort', value: 70 }], rollout_percentage: 100 }] }),
  flag(9, 'after-thirty-percent', {
    groups: [{ properties: [{ key: '2', type: 'flag', operator: 'flag_evaluates_to', value: true }], rollout_percentage: 100 }],
  }),
  flag(10, 'per-company', { aggregation_group_type_index: 0, groups: [{ properties: [], rollout_percentage: 50 }] }),
];

const COHORTS: Cohort[] = [
  {
    id: 70,
    name: 'Pro or older',
    is_static: false,
    member_distinct_ids: [],
    filters: {
      properties: {
        type: 'OR',
        values: [
          { type: 'AND', values: [{ key: 'plan', type: 'person', value: 'pro' }] },
          {
            type: 'AND',
            values: [
              { key: 'age', type: 'person', operator: 'gte', value: '40' },
              { key: 'country', type: 'person', value: 'US', negation: true },
            ],
          },
        ],
      },
    },
  },
];

const GROUP_TYPES = { 0: 'company' };
const PLANS = ['free', 'pro', 'team'];
const COUNTRIES = ['US', 'CA', 'DE', 'FR'];

interface Subject {
  distinctId: string;
  properties: Record<string, string>;
  groups: Record<string, string>;
}
const SUBJECTS: Subject[] = Array.from({ length: 60 }, (_, n) => ({
  distinctId: `user-${n}`,
  properties: {
    email: n % 5 === 0 ? `user-${n}@acme.io` : `user-${n}@example.com`,
    country: COUNTRIES[n % COUNTRIES.length] ?? 'US',
    plan: PLANS[n % PLANS.length] ?? 'free',
    age: String(18 + ((n * 7) % 50)),
    signed_up: `2024-${String((n % 12) + 1).padStart(2, '0')}-15T10:00:00Z`,
  },
  groups: Object.fromEntries(n % 3 === 0 ? [] : [['company', `company-${n % 7}`]]),
}));

function definitionsFetch(payload: unknown): (url: string) => Promise<Response> {
  return async (url) => {
    const body = url.includes('local_evaluation') || url.includes('flags/definitions') ? payload : {};
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

function expectedValue(key: string, subject: Subject): boolean | string {
  const target = FLAGS.find((candidate) => candidate.key === key);
  if (!target) throw new Error(`no flag ${key}`);
  return evaluateFlag(target, {
    distinctId: subject.distinctId,
    personProperties: subject.properties,
    groups: subject.groups,
    groupTypeMapping: GROUP_TYPES,
    cohorts: COHORTS,
    flags: FLAGS,
  }).value;
}

const payload = localEvaluationPayload(FLAGS, { teamId: 1, groupTypeMapping: GROUP_TYPES, cohorts: COHORTS, sendCohorts: true });

describe('posthog-node 5 evaluating our local-evaluation payload', () => {
  let client: PostHog;
  beforeAll(() => {
    client = new PostHog('phc_project', {
      host: 'http://sdk.invalid',
      personalApiKey: 'phx_personal',
      fetch: definitionsFetch(payload),
      featureFlagsPollingInterval: 600_000,
      flushAt: 1000,
      flushInterval: 0,
    });
  });
  afterAll(async () => {
    await client.shutdown();
  });

  it.each(FLAGS.map((candidate) => candidate.key))('agrees on %s for every subject', async (key) => {
    for (const subject of SUBJECTS) {
      const value = await client.getFeatureFlag(key, subject.distinctId, {
        personProperties: subject.properties,
        groups: subject.groups,
        onlyEvaluateLocally: true,
        sendFeatureFlagEvents: false,
      });
      expect({ subject: subject.distinctId, value }).toEqual({ subject: subject.distinctId, value: expectedValue(key, subject) });
    }
  });

  it('returns the stored payload of the matched variant', async () => {
    const subject = SUBJECTS.find((candidate) => expectedValue('three-way', candidate) === 'test');
    if (!subject) throw new Error('no subject got variant test');
    const sdkPayload = await client.getFeatureFlagPayload('three-way', subject.distinctId, 'test', {
      personProperties: subject.properties,
      onlyEvaluateLocally: true,
    });
    expect(sdkPayload).toEqual({ color: 'red' });
  });
});

describe('posthog-node 4 evaluating our local-evaluation payload', () => {
  // Version 4 predates flag dependencies (it cannot evaluate `type: flag` locally), so that flag is left out.
  const v4Keys = FLAGS.map((candidate) => candidate.key).filter((key) => key !== 'after-thirty-percent');
  let client: PostHogV4;
  beforeAll(() => {
    client = new PostHogV4('phc_project', {
      host: 'http://sdk.invalid',
      personalApiKey: 'phx_personal',
      fetch: definitionsFetch(payload),
      featureFlagsPollingInterval: 600_000,
      flushAt: 1000,
      flushInterval: 0,
    });
  });
  afterAll(async () => {
    await client.shutdown();
  });

  it.each(v4Keys)('agrees on %s for every subject', async (key) => {
    for (const subject of SUBJECTS) {
      const value = await client.getFeatureFlag(key, subject.distinctId, {
        personProperties: subject.properties,
        groups: subject.groups,
        onlyEvaluateLocally: true,
        sendFeatureFlagEvents: false,
      });
      expect({ subject: subject.distinctId, value }).toEqual({ subject: subject.distinctId, value: expectedValue(key, subject) });
    }
  });
});

describe('the subjects exercise every branch', () => {
  it('spread over true, false and each variant', () => {
    const threeWay = new Set(SUBJECTS.map((subject) => expectedValue('three-way', subject)));
    expect(threeWay).toEqual(new Set(['control', 'test', 'third', false]));
    const thirty = SUBJECTS.filter((subject) => expectedValue('thirty-percent', subject) === true).length;
    expect(thirty).toBeGreaterThan(5);
    expect(thirty).toBeLessThan(35);
    const cohort = SUBJECTS.filter((subject) => expectedValue('cohort-members', subject) === true).length;
    expect(cohort).toBeGreaterThan(0);
    expect(cohort).toBeLessThan(SUBJECTS.length);
  });
});
