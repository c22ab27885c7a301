import { afterAll, beforeAll } from 'vitest';
import { startLocalUpstream, type LocalUpstream, type LocalUpstreamOptions, type SeedFile } from '../../local-upstream/index.ts';

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
  return {
    organizations: [
      { id: ORG_A, name: 'Acme' },
      { id: ORG_B, name: 'Globex' },
    ],
    users: [
      { email: 'ada@acme.test', first_name: 'Ada', last_name: 'Lovelace', api_key: KEYS.owner, memberships: [{ organization: ORG_A, level: 15 }] },
      { email: 'bob@acme.test', first_name: 'Bob', api_key: KEYS.member, memberships: [{ organization: ORG_A, level: 1 }] },
      {
        email: 'rita@acme.test',
        first_name: 'Rita',
        api_key: KEYS.reader,
        scopes: ['feature_flag:read', 'project:read', 'plugin:read'],
        memberships: [{ organization: ORG_A, level: 8 }],
      },
      {
        email: 'will@acme.test',
        first_name: 'Will',
        api_key: KEYS.flagWriter,
        scopes: ['feature_flag:write'],
        memberships: [{ organization: ORG_A, level: 8 }],
      },
      { email: 'gil@globex.test', first_name: 'Gil', api_key: KEYS.other, memberships: [{ organization: ORG_B, level: 15 }] },
    ],
    roles: [
      { id: ROLE_A, organization: ORG_A, name: 'Engineers', feature_flags_access_level: 37 },
      { id: ROLE_B, organization: ORG_B, name: 'Globex engineers' },
    ],
    projects: [
      {
        organization: ORG_A,
        name: 'Web',
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
      },
      { organization: ORG_B, name: 'Globex web', api_token: PROJECT_B_TOKEN },
    ],
    feature_flags: [
      { project: 'Web', key: 'everyone', name: 'On for all', filters: { groups: [{ properties: [], rollout_percentage: 100 }] } },
      {
        project: 'Web',
        key: 'acme-staff',
        filters: { groups: [{ properties: [{ key: 'email', value: 'acme.test', operator: 'icontains', type: 'person' }], rollout_percentage: 100 }] },
      },
      { project: 'Web', key: 'switched-off', active: false, filters: { groups: [{ properties: [], rollout_percentage: 100 }] } },
      { project: 'Globex web', key: 'everyone', filters: { groups: [{ properties: [], rollout_percentage: 100 }] } },
    ],
    plugins: [
      { organization: ORG_A, plugin_type: 'source', name: 'Acme source', source: { 'index.ts': 'export {}' } },
      { organization: ORG_B, plugin_type: 'source', name: 'Globex private' },
      { organization: ORG_B, plugin_type: 'custom', name: 'Shared geoip', url: 'https://github.com/PostHog/posthog-plugin-geoip', is_global: true },
    ],
  };
}

export interface HttpResult<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

/** A tiny JSON client bound to one upstream and one key (undefined: no Authorization header). */
export function client(upstream: LocalUpstream, key: string | undefined) {
  async function call<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpResult<T>> {
    const init: RequestInit = { method, headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${upstream.url}${path}`, init);
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed as T, text, headers: response.headers };
  }
  return {
    get: <T = any>(path: string, headers?: Record<string, string>) => call<T>('GET', path, undefined, headers),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>('POST', path, body ?? {}, headers),
    patch: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>('PATCH', path, body ?? {}, headers),
    put: <T = any>(path: string, body?: unknown) => call<T>('PUT', path, body ?? {}),
    delete: <T = any>(path: string) => call<T>('DELETE', path),
    call,
  };
}

export type Client = ReturnType<typeof client>;

/** Starts one upstream for a test file (seeded with `testSeed()` unless told otherwise) and stops it after. */
export function useUpstream(options: LocalUpstreamOptions = {}) {
  const state = {} as { upstream: LocalUpstream; owner: Client; projectA: number; projectB: number };
  beforeAll(async () => {
    state.upstream = await startLocalUpstream({ seed: testSeed(), quiet: true, ...options });
    state.owner = client(state.upstream, KEYS.owner);
    const projects = state.upstream.seeded.projects;
    state.projectA = projects.find((project) => project.name === 'Web')!.id;
    state.projectB = projects.find((project) => project.name === 'Globex web')!.id;
  });
  afterAll(async () => {
    await state.upstream?.stop();
  });
  return state;
}

export const envelope = (type: string, code: string, detail: string, attr: string | null = null) => ({ type, code, detail, attr });
export const validation = (code: string, detail: string, attr: string | null) => envelope('validation_error', code, detail, attr);
