import { PostHog } from 'posthog-node';
import { PostHog as PostHogV4 } from 'posthog-node-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalUpstream } from '../../local-upstream/index.ts';

/**
 * The official posthog-node SDK (current 5.x, and 4.x which polls the older route) evaluates flags locally
 * against the local upstream, and must reach the same values as the upstream's own `evaluation_reasons`:
 * 300 persons x 13 flags, among them flags whose variant-override conditions are not the first ones.
 */

const ORG = '0b6f2a52-7d0e-4a57-9d1c-2f6a1e0c5b11';
const API_KEY = 'phx_sdkConformanceKey0123456789abcdefghijklmnop';
const PROJECT = 'SDK conformance';
const PLANS = ['free', 'pro', 'team'];
const COUNTRIES = ['US', 'CA', 'DE', 'FR'];
const variants = [
  { key: 'control', rollout_percentage: 34 },
  { key: 'test', rollout_percentage: 33 },
  { key: 'third', rollout_percentage: 33 },
];

const groupsOf = (n: number): Record<string, string> => (n % 3 === 0 ? {} : { company: `company-${n % 7}` });
const persons = Array.from({ length: 300 }, (_, n) => ({
  distinct_id: `sdk-user-${n}`,
  groups: groupsOf(n),
  properties: {
    email: n % 5 === 0 ? `user-${n}@acme.io` : `user-${n}@example.com`,
    country: COUNTRIES[n % COUNTRIES.length] ?? 'US',
    plan: PLANS[n % PLANS.length] ?? 'free',
    age: String(18 + ((n * 7) % 50)),
  },
}));

const seed = {
  organizations: [{ id: ORG, name: 'SDK Org' }],
  users: [{ email: 'sdk@acme.test', first_name: 'S', last_name: 'D', api_key: API_KEY, scopes: ['*'], memberships: [{ organization: ORG, level: 8 }] }],
  projects: [
    {
      organization: ORG,
      name: PROJECT,
      persons,
      group_types: [{ index: 0, name: 'company' }],
      // The first cohort of a fresh database gets id 1, which the cohort flag below refers to.
      cohorts: [
        {
          name: 'Pro, or 40+ outside the US',
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
      ],
    },
  ],
  feature_flags: [
    { project: PROJECT, key: 'everyone', filters: { groups: [{ properties: [], rollout_percentage: null }], payloads: { true: '{"banner": "hi"}' } } },
    { project: PROJECT, key: 'thirty-percent', filters: { groups: [{ properties: [], rollout_percentage: 30 }] } },
    { project: PROJECT, key: 'three-way', filters: { groups: [{ properties: [], rollout_percentage: 80 }], multivariate: { variants } } },
    {
      project: PROJECT,
      key: 'acme-or-north-america',
      filters: {
        groups: [
          { properties: [{ key: 'email', type: 'person', operator: 'icontains', value: '@ACME.' }], rollout_percentage: 100 },
          { properties: [{ key: 'country', type: 'person', operator: 'exact', value: ['US', 'ca'] }], rollout_percentage: 50 },
        ],
      },
    },
    // Conditions are tried in the order given, by the service and posthog-node 5 alike (posthog-node 4 still
    // tries variant overrides first, so it only agrees when they come first, as here).
    {
      project: PROJECT,
      key: 'pro-gets-test',
      filters: {
        groups: [
          { properties: [{ key: 'plan', type: 'person', operator: 'exact', value: 'pro' }], rollout_percentage: 100, variant: 'test' },
          { properties: [], rollout_percentage: 60 },
        ],
        multivariate: { variants },
      },
    },
    {
      project: PROJECT,
      key: 'older-and-paying',
      filters: {
        groups: [
          {
            properties: [
              { key: 'age', type: 'person', operator: 'gt', value: '30' },
              { key: 'plan', type: 'person', operator: 'is_not', value: 'free' },
            ],
          },
          { properties: [{ key: 'email', type: 'person', operator: 'regex', value: '^user-1\\d@' }], rollout_percentage: 40 },
        ],
      },
    },
    // An override after a broader condition: in the order given, pro persons in the US take the first one.
    {
      project: PROJECT,
      key: 'later-override',
      filters: {
        groups: [
          { properties: [{ key: 'country', type: 'person', operator: 'exact', value: ['US'] }], rollout_percentage: 100 },
          { properties: [{ key: 'plan', type: 'person', operator: 'exact', value: 'pro' }], rollout_percentage: 100, variant: 'third' },
          { properties: [], rollout_percentage: 40 },
        ],
        multivariate: { variants },
      },
    },
    // Two overrides that both apply to DE persons on the team plan: the first given wins.
    {
      project: PROJECT,
      key: 'two-overrides',
      filters: {
        groups: [
          { properties: [{ key: 'country', type: 'person', operator: 'exact', value: 'DE' }], rollout_percentage: 100, variant: 'test' },
          { properties: [{ key: 'plan', type: 'person', operator: 'exact', value: 'team' }], rollout_percentage: 100, variant: 'third' },
          { properties: [], rollout_percentage: 40 },
        ],
        multivariate: { variants },
      },
    },
    { project: PROJECT, key: 'cohort-members', filters: { groups: [{ properties: [{ key: 'id', type: 'cohort', value: 1 }], rollout_percentage: 100 }] } },
    { project: PROJECT, key: 'per-company', filters: { aggregation_group_type_index: 0, groups: [{ properties: [], rollout_percentage: 50 }] } },
    { project: PROJECT, key: 'switched-off', active: false, filters: { groups: [{ properties: [], rollout_percentage: 100 }] } },
  ],
};

type Upstream = Awaited<ReturnType<typeof startLocalUpstream>>;
type Values = Record<string, boolean | string>;

let upstream: Upstream;
let projectId: number;
let projectToken: string;

async function api(path: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(`${upstream.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json', ...init.headers },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} -> ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function upstreamValues(distinctId: string, groups: Record<string, string> = {}): Promise<Values> {
  const query = `distinct_id=${encodeURIComponent(distinctId)}&groups=${encodeURIComponent(JSON.stringify(groups))}`;
  const body = await api(`/api/projects/${projectId}/feature_flags/evaluation_reasons/?${query}`);
  const reasons = body as Record<string, { value: boolean | string }>;
  return Object.fromEntries(Object.entries(reasons).map(([key, entry]) => [key, entry.value]));
}

beforeAll(async () => {
  upstream = await startLocalUpstream({ seed, quiet: true, rateLimit: 'off' });
  const projects = (await api('/api/projects/')) as { results: { id: number; name: string }[] };
  const project = projects.results.find((candidate) => candidate.name === PROJECT);
  if (!project) throw new Error(`seeded project missing: ${JSON.stringify(projects)}`);
  projectId = project.id;
  projectToken = ((await api(`/api/projects/${projectId}/`)) as { api_token: string }).api_token;
  // A dependency needs the other flag's id, which only exists once seeded.
  const flags = (await api(`/api/projects/${projectId}/feature_flags/?limit=100`)) as { results: { id: number; key: string }[] };
  const thirty = flags.results.find((candidate) => candidate.key === 'thirty-percent');
  await api(`/api/projects/${projectId}/feature_flags/`, {
    method: 'POST',
    body: JSON.stringify({
      key: 'after-thirty-percent',
      filters: { groups: [{ properties: [{ key: String(thirty?.id), type: 'flag', operator: 'flag_evaluates_to', value: true }], rollout_percentage: 100 }] },
    }),
  });
});

afterAll(async () => {
  await upstream?.stop();
});

describe('the seeded project', () => {
  it('has the inactive flag disabled and every flag listed by evaluation_reasons', async () => {
    const body = (await api(`/api/projects/${projectId}/feature_flags/evaluation_reasons/?distinct_id=sdk-user-1`)) as Record<
      string,
      { evaluation: { reason: string } }
    >;
    expect(Object.keys(body).sort()).toEqual([
      'acme-or-north-america',
      'after-thirty-percent',
      'cohort-members',
      'everyone',
      'later-override',
      'older-and-paying',
      'per-company',
      'pro-gets-test',
      'switched-off',
      'thirty-percent',
      'three-way',
      'two-overrides',
    ]);
    expect(body['switched-off']?.evaluation.reason).toBe('disabled');
  });
});

describe.each([
  { name: 'posthog-node 5', Client: PostHog, route: '/flags/definitions', skip: [] as string[] },
  // posthog-node 4 cannot evaluate flag dependencies locally, so it leaves that flag undecided, and it still
  // tries variant overrides first (pro persons in the US get 'third' from it), which the service stopped doing.
  {
    name: 'posthog-node 4',
    Client: PostHogV4 as unknown as typeof PostHog,
    route: '/api/feature_flag/local_evaluation',
    skip: ['after-thirty-percent', 'later-override'],
  },
])('$name with onlyEvaluateLocally', ({ Client, route, skip }) => {
  let client: PostHog;

  beforeAll(() => {
    upstream.resetRequests();
    client = new Client(projectToken, {
      host: upstream.url,
      personalApiKey: API_KEY,
      featureFlagsPollingInterval: 600_000,
      flushAt: 1000,
      flushInterval: 0,
    });
  });
  afterAll(async () => {
    await client.shutdown();
  });

  it(`polls ${route} and gets 200`, async () => {
    await client.getAllFlags('warm-up', { onlyEvaluateLocally: true });
    const polls = upstream.requests.filter((request) => request.path.split('?')[0]?.replace(/\/$/, '') === route);
    expect(polls.length).toBeGreaterThan(0);
    expect(polls.map((request) => request.status)).toContain(200);
  });

  it('getAllFlags equals evaluation_reasons for every seeded person', async () => {
    for (const person of persons) {
      const expected = await upstreamValues(person.distinct_id, person.groups);
      for (const key of skip) delete expected[key];
      const actual = await client.getAllFlags(person.distinct_id, {
        personProperties: person.properties,
        groups: person.groups,
        onlyEvaluateLocally: true,
      });
      for (const key of skip) delete actual[key];
      expect({ person: person.distinct_id, flags: actual }).toEqual({ person: person.distinct_id, flags: expected });
    }
  });

  it('getFeatureFlag equals evaluation_reasons for each flag', async () => {
    for (const person of persons.slice(0, 20)) {
      const expected = await upstreamValues(person.distinct_id, person.groups);
      for (const [key, value] of Object.entries(expected)) {
        if (skip.includes(key)) continue;
        const actual = await client.getFeatureFlag(key, person.distinct_id, {
          personProperties: person.properties,
          groups: person.groups,
          onlyEvaluateLocally: true,
          sendFeatureFlagEvents: false,
        });
        expect({ person: person.distinct_id, key, value: actual }).toEqual({ person: person.distinct_id, key, value });
      }
    }
  });
});

describe('the persons exercise every branch', () => {
  it('spread over true, false and each variant', async () => {
    const all = await Promise.all(persons.map((person) => upstreamValues(person.distinct_id, person.groups)));
    expect(new Set(all.map((values) => values['three-way']))).toEqual(new Set(['control', 'test', 'third', false]));
    expect(new Set(all.map((values) => values['pro-gets-test']))).toEqual(new Set(['control', 'test', 'third', false]));
    for (const key of ['later-override', 'two-overrides'])
      expect(new Set(all.map((values) => values[key]))).toEqual(new Set(['control', 'test', 'third', false]));
    for (const key of ['thirty-percent', 'acme-or-north-america', 'older-and-paying', 'after-thirty-percent', 'cohort-members', 'per-company']) {
      expect(new Set(all.map((values) => values[key]))).toEqual(new Set([true, false]));
    }
  });
});
