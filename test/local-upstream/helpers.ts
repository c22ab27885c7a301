import { afterAll, beforeAll } from 'vitest';
import { startLocalUpstream, type LocalUpstream, type LocalUpstreamOptions, type SeedFile } from '../../local-upstream/index.ts';
import { LEVEL, seedFlag, seedOrganization, seedPlugin, seedProject, seedRole, rollout, seededProjectId, seedUser } from '../fixtures/seed.ts';
import { restClient, type RestClient } from '../fixtures/rest.ts';

/** Two organizations, keys with different scopes and levels, for the local upstream's own suites. */
export const ORG_A = '0190c000-0000-7000-8000-00000000000a';
export const ORG_B = '0190c000-0000-7000-8000-00000000000b';
export const ROLE_A = '0190c000-0000-7000-8000-0000000000a1';
export const ROLE_B = '0190c000-0000-7000-8000-0000000000b1';

export const KEYS = {
  owner: 'phx_test_owner_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  member: 'phx_test_member_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  reader: 'phx_test_reader_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  flagWriter: 'phx_test_flag_writer_aaaaaaaaaaaaaaaaaaaaaaaaaa',
  other: 'phx_test_other_org_bbbbbbbbbbbbbbbbbbbbbbbbbbbb',
} as const;

export const PROJECT_A_TOKEN = 'phc_test_project_a_token_0123456789';
const PROJECT_B_TOKEN = 'phc_test_project_b_token_0123456789';

export function testSeed(): SeedFile {
  const everyone = rollout(100);
  return {
    organizations: [seedOrganization(ORG_A, 'Acme'), seedOrganization(ORG_B, 'Globex')],
    users: [
      seedUser('ada@acme.test', KEYS.owner, ORG_A, LEVEL.owner, { first_name: 'Ada', last_name: 'Lovelace' }),
      seedUser('bob@acme.test', KEYS.member, ORG_A, LEVEL.member, { first_name: 'Bob' }),
      seedUser('rita@acme.test', KEYS.reader, ORG_A, LEVEL.admin, { first_name: 'Rita', scopes: ['feature_flag:read', 'project:read', 'plugin:read'] }),
      seedUser('will@acme.test', KEYS.flagWriter, ORG_A, LEVEL.admin, { first_name: 'Will', scopes: ['feature_flag:write'] }),
      seedUser('gil@globex.test', KEYS.other, ORG_B, LEVEL.owner, { first_name: 'Gil' }),
    ],
    roles: [seedRole(ROLE_A, ORG_A, 'Engineers', { feature_flags_access_level: 37 }), seedRole(ROLE_B, ORG_B, 'Globex engineers')],
    projects: [
      seedProject(ORG_A, 'Web', {
        api_token: PROJECT_A_TOKEN,
        persons: Array.from({ length: 10 }, (_, i) => ({
          distinct_id: `person-${i}`,
          properties: { email: `p${i}@${i < 3 ? 'acme.test' : 'mail.test'}`, plan: i % 2 ? 'pro' : 'free' },
        })),
        group_types: [{ index: 0, name: 'company' }],
        groups: [{ group_type_index: 0, group_key: 'acme', properties: { plan: 'enterprise' } }],
        cohorts: [
          {
            name: 'Pro plan',
            filters: { properties: { type: 'OR', values: [{ type: 'AND', values: [{ key: 'plan', value: 'pro', type: 'person', operator: 'exact' }] }] } },
          },
          { name: 'Hand picked', is_static: true, members: ['person-8'] },
        ],
      }),
      seedProject(ORG_B, 'Globex web', { api_token: PROJECT_B_TOKEN }),
    ],
    feature_flags: [
      seedFlag('Web', 'everyone', { name: 'On for all', filters: everyone }),
      seedFlag('Web', 'acme-staff', { filters: rollout(100, [{ key: 'email', value: 'acme.test', operator: 'icontains', type: 'person' }]) }),
      seedFlag('Web', 'switched-off', { active: false, filters: everyone }),
      seedFlag('Globex web', 'everyone', { filters: everyone }),
    ],
    plugins: [
      seedPlugin(ORG_A, 'source', 'Acme source', { source: { 'index.ts': 'export {}' } }),
      seedPlugin(ORG_B, 'source', 'Globex private'),
      seedPlugin(ORG_B, 'custom', 'Shared geoip', { url: 'https://github.com/PostHog/posthog-plugin-geoip', is_global: true }),
    ],
  };
}

// The REST client lives with the fixtures (test/fixtures/rest.ts); this suite calls it `client`.
export { restClient as client, type HttpResult, type RestClient as Client } from '../fixtures/rest.ts';

/** Starts one upstream for a test file (seeded with `testSeed()` unless told otherwise) and stops it after. */
export function useUpstream(options: LocalUpstreamOptions = {}) {
  const state = {} as { upstream: LocalUpstream; owner: RestClient; projectA: number; projectB: number };
  beforeAll(async () => {
    state.upstream = await startLocalUpstream({ seed: testSeed(), quiet: true, rateLimit: 'off', ...options });
    state.owner = restClient(state.upstream, KEYS.owner);
    state.projectA = seededProjectId(state.upstream, 'Web');
    state.projectB = seededProjectId(state.upstream, 'Globex web');
  });
  afterAll(async () => {
    await state.upstream?.stop();
  });
  return state;
}

export const envelope = (type: string, code: string, detail: string, attr: string | null = null) => ({ type, code, detail, attr });
export const validation = (code: string, detail: string, attr: string | null) => envelope('validation_error', code, detail, attr);
