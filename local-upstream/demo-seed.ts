import type { SeedFile } from './seed.ts';

/** The demo data `npm start` and `npm run upstream` load when no seed file is given. */
export const DEMO_API_KEY = 'phx_demo_local_key';
export const DEMO_ORGANIZATION_ID = '0190b7a0-5c3e-7d2a-9f41-2d6c8e4b1a01';
export const DEMO_PROJECT_TOKEN = 'phc_demo_local_project_token_0123456789abcdef';
export const DEMO_ROLE_ID = '0190b7a0-5c3e-7d2a-9f41-2d6c8e4b1a02';

const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'PL'];
const PLANS = ['free', 'pro', 'enterprise'];

function demoPersons(): Array<{ distinct_id: string; properties: Record<string, unknown> }> {
  return Array.from({ length: 20 }, (_, i) => ({
    distinct_id: `demo-user-${i + 1}`,
    properties: {
      email: `user${i + 1}@${i % 4 === 0 ? 'posthog.com' : 'example.com'}`,
      country: COUNTRIES[i % COUNTRIES.length],
      plan: PLANS[i % PLANS.length],
      signup_age_days: i * 9,
    },
  }));
}

/** The demo seed, with `apiKey` (LOCAL_API_KEY) instead of DEMO_API_KEY when given. */
export function demoSeed(apiKey?: string): SeedFile {
  const org = DEMO_ORGANIZATION_ID;
  const project = 'Demo project';
  return {
    organizations: [{ id: org, name: 'Demo Org' }],
    users: [
      {
        email: 'demo@posthog.local',
        first_name: 'Demo',
        last_name: 'User',
        api_key: apiKey ?? DEMO_API_KEY,
        scopes: ['*'],
        memberships: [{ organization: org, level: 15 }],
      },
    ],
    roles: [{ id: DEMO_ROLE_ID, organization: org, name: 'Engineers', feature_flags_access_level: 37 }],
    projects: [
      {
        organization: org,
        name: project,
        api_token: DEMO_PROJECT_TOKEN,
        persons: demoPersons(),
        group_types: [{ index: 0, name: 'company' }],
        groups: [
          { group_type_index: 0, group_key: 'acme', properties: { name: 'Acme Corp', plan: 'enterprise' } },
          { group_type_index: 0, group_key: 'initech', properties: { name: 'Initech', plan: 'pro' } },
        ],
        cohorts: [{ name: 'Beta testers', is_static: true, members: ['demo-user-1', 'demo-user-2', 'demo-user-3'] }],
      },
    ],
    feature_flags: [
      { project, key: 'new-onboarding', name: 'New onboarding flow for everyone', filters: { groups: [{ properties: [], rollout_percentage: 100 }] } },
      { project, key: 'beta-dashboard', name: 'Half of the users see the beta dashboard', filters: { groups: [{ properties: [], rollout_percentage: 50 }] } },
      {
        project,
        key: 'internal-tools',
        name: 'Staff only',
        filters: { groups: [{ properties: [{ key: 'email', value: '@posthog.com', operator: 'icontains', type: 'person' }], rollout_percentage: 100 }] },
      },
      {
        project,
        key: 'pricing-experiment',
        name: 'Three pricing pages',
        filters: {
          groups: [{ properties: [{ key: 'country', value: ['US', 'GB'], operator: 'exact', type: 'person' }], rollout_percentage: 100 }],
          multivariate: {
            variants: [
              { key: 'control', name: 'Control', rollout_percentage: 34 },
              { key: 'annual-first', name: 'Annual first', rollout_percentage: 33 },
              { key: 'usage-based', name: 'Usage based', rollout_percentage: 33 },
            ],
          },
          payloads: { 'annual-first': '{"discount": 20}' },
        },
      },
      {
        project,
        key: 'legacy-export',
        name: 'Old CSV export (switched off)',
        active: false,
        filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
      },
      {
        project,
        key: 'enterprise-sso',
        name: 'SSO for enterprise companies',
        filters: {
          aggregation_group_type_index: 0,
          groups: [{ properties: [{ key: 'plan', value: 'enterprise', operator: 'exact', type: 'group', group_type_index: 0 }], rollout_percentage: 100 }],
        },
      },
    ],
    plugins: [
      {
        organization: org,
        plugin_type: 'source',
        name: 'Hello world',
        description: 'Adds a greeting property to every event',
        source: {
          'plugin.json': '{"name": "Hello world", "config": []}',
          'index.ts': 'export function processEvent(event) {\n  event.properties.greeting = "hello"\n  return event\n}\n',
        },
      },
      {
        organization: org,
        plugin_type: 'custom',
        name: 'posthog-geoip',
        url: 'https://github.com/PostHog/posthog-plugin-geoip',
        description: 'Enrich events with GeoIP data',
        tag: '0a1b2c3d4e5f60718293a4b5c6d7e8f901234567',
      },
    ],
  };
}
