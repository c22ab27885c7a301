// Apollo Client 4 with GraphQLWsLink (the link Apollo documents for graphql-ws) receives
// featureFlagChanged events, and the event's flag lands in its normalized cache by global id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApolloClient, gql, InMemoryCache } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { KEY_A, startLiveStack, waitFor, type LiveStack } from './helpers.ts';

let stack: LiveStack;
beforeAll(async () => {
  stack = await startLiveStack();
});
afterAll(async () => {
  await stack?.stop();
});

const CHANGED = gql`
  subscription FlagChanged($projectId: ID!) {
    featureFlagChanged(projectId: $projectId) {
      kind
      key
      flag {
        id
        name
      }
    }
  }
`;

describe('Apollo Client GraphQLWsLink', () => {
  it('receives events and normalizes the changed flag', async () => {
    const wsClient = createClient({
      url: stack.gatewayUrl.replace(/^http/, 'ws'),
      webSocketImpl: WebSocket,
      connectionParams: { Authorization: `Bearer ${KEY_A}` },
    });
    const client = new ApolloClient({ link: new GraphQLWsLink(wsClient), cache: new InMemoryCache() });
    const received: Array<{ kind: string; key: string; flag: { id: string; name: string } }> = [];
    const subscription = client.subscribe({ query: CHANGED, variables: { projectId: String(stack.acmeProject) } }).subscribe({
      next: (result) => received.push((result.data as { featureFlagChanged: (typeof received)[number] }).featureFlagChanged),
    });
    await waitFor(() => stack.gateway.live.hub.stats().subscribers === 1, 'subscribed');
    await stack.patchFlag('acme-flag', { name: 'Through Apollo' });
    await waitFor(() => received.length === 1, 'one event');

    expect(received[0]).toMatchObject({ kind: 'UPDATED', key: 'acme-flag', flag: { name: 'Through Apollo' } });
    const cached = client.cache.extract() as Record<string, unknown>;
    expect(cached[`FeatureFlag:${received[0]!.flag.id}`]).toMatchObject({ name: 'Through Apollo' });
    subscription.unsubscribe();
    await wsClient.dispose();
    await waitFor(() => stack.gateway.live.hub.stats().feeds === 0, 'torn down');
  });
});
