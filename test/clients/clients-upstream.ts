// One local upstream per client suite (test/clients/*-client.test.ts): an organization whose owner has a
// full-scope key and a read-only key, a project with persons and flags. Throttles off: the clients poll.
import { afterAll, beforeAll } from 'vitest';
import { startLocalUpstream, type LocalUpstream } from '../../local-upstream/index.ts';
import { LEVEL, rollout, seedFlag, seedOrganization, seedProject, seedUser, seededProjectId } from '../fixtures/seed.ts';
import { restClient, type RestClient } from '../fixtures/rest.ts';

export const CLIENT_ORG = '0190c000-0000-7000-8000-0000000000c7';
export const OWNER_KEY = 'phx_test_clients_owner_aaaaaaaaaaaaaaaaaaaaaaaaaa';
export const READER_KEY = 'phx_test_clients_reader_aaaaaaaaaaaaaaaaaaaaaaaaa';
export const PROJECT_TOKEN = 'phc_test_clients_project_token_0123456789';

export interface ClientsUpstream {
  upstream: LocalUpstream;
  owner: RestClient;
  projectId: number;
}

export function useClientsUpstream(): ClientsUpstream {
  const state = {} as ClientsUpstream;
  beforeAll(async () => {
    state.upstream = await startLocalUpstream({
      quiet: true,
      rateLimit: 'off',
      seed: {
        organizations: [seedOrganization(CLIENT_ORG, 'Clients')],
        users: [
          seedUser('owner@clients.test', OWNER_KEY, CLIENT_ORG, LEVEL.owner, { first_name: 'Olga' }),
          seedUser('reader@clients.test', READER_KEY, CLIENT_ORG, LEVEL.admin, {
            scopes: ['feature_flag:read', 'project:read', 'organization:read', 'user:read'],
          }),
        ],
        projects: [
          seedProject(CLIENT_ORG, 'Shop', {
            api_token: PROJECT_TOKEN,
            persons: Array.from({ length: 20 }, (_, i) => ({ distinct_id: `shopper-${i}`, properties: { plan: i % 2 ? 'pro' : 'free' } })),
          }),
        ],
        feature_flags: [
          seedFlag('Shop', 'everyone', { filters: rollout(100) }),
          seedFlag('Shop', 'pro-only', { filters: rollout(100, [{ key: 'plan', value: 'pro', operator: 'exact', type: 'person' }]) }),
          seedFlag('Shop', 'half', { filters: rollout(50) }),
          seedFlag('Shop', 'switched-off', { active: false, filters: rollout(100) }),
        ],
      },
    });
    state.owner = restClient(state.upstream, OWNER_KEY);
    state.projectId = seededProjectId(state.upstream, 'Shop');
  });
  afterAll(() => state.upstream.stop());
  return state;
}
