// Live-update harness: a local upstream with three keys (two in one organization), a gateway
// with short poll intervals, and real graphql-ws / graphql-sse clients collecting what arrives.
import { createClient as createWsClient, type Client as WsClient } from 'graphql-ws';
import { createClient as createSseClient } from 'graphql-sse';
import WebSocket from 'ws';
import { startStack, type Stack } from '../gateway/helpers.ts';
import { EVERYONE, KEY_A, KEY_B, LEVEL, ORG_A, ORG_B, seedFlag, seedProject, seedRole, seededProjectId, twoOrgSeed, seedUser } from '../fixtures/seed.ts';
import { expectOk, restClient } from '../fixtures/rest.ts';
import type { SeedFile } from '../../local-upstream/index.ts';
import type { SubscriptionOptions } from '../../src/subscriptions/options.ts';

export { KEY_A, KEY_B };
export const KEY_C = 'phx_test_key_carol_000000000000000';
export const ENGINEERS = '0190b7a0-0000-7000-8000-0000000000e1';

/** Short intervals so tests take a few hundred milliseconds. */
export const FAST: Partial<SubscriptionOptions> = { pollMinMs: 40, pollMaxMs: 150, recheckMs: 250, unreachableLimitMs: 600, heartbeatMs: 1_000 };

/** The two-organization world plus a member (Carol) and a role in Acme, and a second Acme flag. */
export function liveSeed(): SeedFile {
  const base = twoOrgSeed();
  return {
    ...base,
    users: [...base.users!, seedUser('carol@acme.test', KEY_C, ORG_A, LEVEL.member, { first_name: 'Carol', last_name: 'C' })],
    roles: [seedRole(ENGINEERS, ORG_A, 'Engineers', { feature_flags_access_level: 37 })],
    projects: [seedProject(ORG_A, 'Acme Web'), seedProject(ORG_B, 'Globex Site')],
    feature_flags: [
      seedFlag('Acme Web', 'acme-flag', { organization: ORG_A, filters: EVERYONE }),
      seedFlag('Acme Web', 'other-flag', { organization: ORG_A, filters: EVERYONE }),
      seedFlag('Globex Site', 'globex-flag', { organization: ORG_B, filters: EVERYONE }),
    ],
  };
}

export interface LiveStack extends Stack {
  acmeProject: number;
  globexProject: number;
  flagId(key: string): Promise<number>;
  /** PATCHes a flag through the REST interface (as a teammate's browser would). */
  patchFlag(key: string, body: Record<string, unknown>, token?: string): Promise<void>;
  wsClient(token: string | null): WsClient;
}

export async function startLiveStack(options: Partial<SubscriptionOptions> = {}): Promise<LiveStack> {
  const stack = await startStack({ seed: liveSeed(), gateway: { subscriptions: { ...FAST, ...options } } });
  const acmeProject = seededProjectId(stack.upstream, 'Acme Web');
  const rest = (token = KEY_A) => restClient(stack.upstream, token);
  const flagId = async (key: string) => {
    const page = expectOk(await rest().get(`/api/projects/${acmeProject}/feature_flags/?search=${encodeURIComponent(key)}`), `search ${key}`);
    return page.results.find((flag: { key: string }) => flag.key === key).id as number;
  };
  const clients: WsClient[] = [];
  return {
    ...stack,
    acmeProject,
    globexProject: seededProjectId(stack.upstream, 'Globex Site'),
    flagId,
    async patchFlag(key, body, token) {
      const path = `/api/projects/${acmeProject}/feature_flags/${await flagId(key)}/`;
      expectOk(await rest(token).patch(path, body), `PATCH ${path}`);
    },
    wsClient(token) {
      const client = createWsClient({
        url: stack.gatewayUrl.replace(/^http/, 'ws'),
        webSocketImpl: WebSocket,
        connectionParams: token ? { Authorization: `Bearer ${token}` } : {},
        retryAttempts: 0,
        lazy: true,
      });
      clients.push(client);
      return client;
    },
    async stop() {
      for (const client of clients) void client.dispose();
      await stack.stop();
    },
  };
}

/** What one subscription received: results in order, and how it ended. */
export interface Collected {
  results: Array<{ data?: any; errors?: Array<{ message: string; extensions?: Record<string, any> }> }>;
  ended: Promise<'complete' | { error: unknown }>;
  stop(): void;
}

type Sink = { next(value: any): void; error(error: unknown): void; complete(): void };
type Subscribe = (payload: { query: string; variables?: Record<string, unknown> }, sink: Sink) => () => void;

function collect(subscribe: Subscribe, query: string, variables: Record<string, unknown>): Collected {
  const results: Collected['results'] = [];
  let stop = () => {};
  const ended = new Promise<'complete' | { error: unknown }>((resolve) => {
    stop = subscribe(
      { query, variables },
      {
        next: (value) => results.push(value),
        error: (error) => resolve({ error }),
        complete: () => resolve('complete'),
      },
    );
  });
  return { results, ended, stop: () => stop() };
}

export function subscribeWs(client: WsClient, query: string, variables: Record<string, unknown> = {}): Collected {
  return collect((payload, sink) => client.subscribe(payload, sink), query, variables);
}

export function subscribeSse(stack: LiveStack, token: string, query: string, variables: Record<string, unknown> = {}): Collected {
  const client = createSseClient({ url: `${stack.gatewayUrl}/stream`, headers: { authorization: `Bearer ${token}` }, retryAttempts: 0 });
  return collect(
    (payload, sink) => {
      const dispose = client.subscribe(payload, sink);
      return () => {
        dispose();
        client.dispose();
      };
    },
    query,
    variables,
  );
}

/** Polls `condition` every 10 ms, at most `timeoutMs`; fails with `message` if it never holds. */
export async function waitFor(condition: () => boolean, message: string, timeoutMs = 15_000): Promise<void> {
  for (let waited = 0; waited <= timeoutMs; waited += 10) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`Timed out waiting: ${message}`);
}

export const FLAG_CHANGED = `subscription Changed($projectId: ID!, $keys: [String!]) {
  featureFlagChanged(projectId: $projectId, keys: $keys) {
    kind activity flagId flagDatabaseId key changedAt
    changedBy { email firstName isSystem }
    changes { field before after }
    flag { key name active project { name } }
  }
}`;
