// How subscriptions end: a revoked key, an unreachable upstream, caps, a client that leaves
// (no poller or timer left behind); and how the poller treats 429.
import { afterEach, describe, expect, it } from 'vitest';
import { KEY_A, KEY_C, startLiveStack, subscribeSse, subscribeWs, waitFor, type LiveStack } from './helpers.ts';

let stack: LiveStack | undefined;
afterEach(async () => {
  await stack?.stop();
  stack = undefined;
});

const SIMPLE = 'subscription($p: ID!) { featureFlagChanged(projectId: $p) { kind key } }';

describe('subscription lifecycle', () => {
  it('ends the subscriptions of a revoked key with UNAUTHENTICATED, and it receives nothing after', async () => {
    stack = await startLiveStack();
    const s = stack;
    const alice = subscribeWs(s.wsClient(KEY_A), SIMPLE, { p: String(s.acmeProject) });
    const carolWs = subscribeWs(s.wsClient(KEY_C), SIMPLE, { p: String(s.acmeProject) });
    const carolSse = subscribeSse(s, KEY_C, SIMPLE, { p: String(s.acmeProject) });
    await waitFor(() => s.gateway.live.hub.stats().subscribers === 3, 'three subscribers');

    s.upstream.revokeKey(KEY_C);
    await Promise.all([carolWs.ended, carolSse.ended]);
    for (const carol of [carolWs, carolSse]) {
      expect(carol.results.map((r) => r.errors?.[0]?.extensions?.code)).toEqual(['UNAUTHENTICATED']);
    }

    await s.patchFlag('acme-flag', { name: 'after revocation' });
    await waitFor(() => alice.results.length === 1, 'alice still receives');
    expect(carolWs.results).toHaveLength(1);
    expect(carolSse.results).toHaveLength(1);
  });

  it('leaves no poller, subscriber or timer behind when clients disconnect, and stops polling', async () => {
    stack = await startLiveStack();
    const s = stack;
    const client = s.wsClient(KEY_A);
    subscribeWs(client, SIMPLE, { p: String(s.acmeProject) });
    subscribeWs(client, SIMPLE, { p: String(s.acmeProject) });
    const sse = subscribeSse(s, KEY_C, SIMPLE, { p: String(s.acmeProject) });
    await waitFor(() => s.gateway.live.hub.stats().subscribers === 3, 'three subscribers');
    await waitFor(() => s.upstream.requests.some((r) => r.path.endsWith('/feature_flags/activity/')), 'polling');

    await client.dispose(); // the WebSocket closes without completing its operations
    sse.stop();
    await waitFor(() => s.gateway.live.hub.stats().timers === 0, 'timers cleared');
    expect(s.gateway.live.hub.stats()).toMatchObject({ feeds: 0, subscribers: 0, timers: 0 });
    s.upstream.resetRequests();
    await new Promise((resolve) => setTimeout(resolve, 400)); // several poll intervals
    expect(s.upstream.requests.filter((r) => r.path.endsWith('/feature_flags/activity/'))).toEqual([]);
  });

  it('sends an error event once the upstream stays unreachable past the limit, and tears down', async () => {
    stack = await startLiveStack();
    const s = stack;
    const sub = subscribeWs(s.wsClient(KEY_A), SIMPLE, { p: String(s.acmeProject) });
    await waitFor(() => s.gateway.live.hub.stats().subscribers === 1, 'subscriber');
    s.upstream.injectFault({ path: `/api/projects/${s.acmeProject}/feature_flags/activity/`, destroySocket: true, times: 1_000 });
    expect(await sub.ended).toBe('complete');
    expect(sub.results.at(-1)?.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(s.gateway.live.hub.stats()).toMatchObject({ feeds: 0, subscribers: 0, timers: 0 });
  });

  it('keeps a subscription through failures shorter than the limit and delivers the changes made meanwhile', async () => {
    stack = await startLiveStack({ unreachableLimitMs: 5_000 });
    const s = stack;
    const sub = subscribeWs(s.wsClient(KEY_A), SIMPLE, { p: String(s.acmeProject) });
    await waitFor(() => s.gateway.live.hub.stats().subscribers === 1, 'subscriber');
    s.upstream.injectFault({ path: `/api/projects/${s.acmeProject}/feature_flags/activity/`, status: 503, times: 3 });
    await s.patchFlag('acme-flag', { name: 'during outage' });
    await waitFor(() => sub.results.length === 1, 'the change arrives after the outage');
    expect(sub.results[0]!.data.featureFlagChanged).toEqual({ kind: 'UPDATED', key: 'acme-flag' });
  });

  it('waits out a 429 for as long as Retry-After says', async () => {
    stack = await startLiveStack();
    const s = stack;
    subscribeWs(s.wsClient(KEY_A), SIMPLE, { p: String(s.acmeProject) });
    await waitFor(() => s.gateway.live.hub.stats().subscribers === 1, 'subscriber');
    s.upstream.injectFault({ path: `/api/projects/${s.acmeProject}/feature_flags/activity/`, status: 429, headers: { 'retry-after': '1' }, body: '{}' });
    await waitFor(() => s.upstream.requests.some((r) => r.status === 429), 'throttled once');
    const throttledAt = s.upstream.requests.findIndex((r) => r.status === 429);
    const pollsAtThrottle = s.gateway.live.hub.stats().polls;
    await new Promise((resolve) => setTimeout(resolve, 600)); // 4+ poll intervals, well under Retry-After
    expect(s.gateway.live.hub.stats().polls).toBe(pollsAtThrottle);
    // Neither polls nor key re-checks read the throttled log before Retry-After has passed.
    expect(s.upstream.requests.slice(throttledAt + 1).filter((r) => r.path.endsWith('/feature_flags/activity/'))).toEqual([]);
  });

  it('caps subscriptions per connection with TOO_MANY_SUBSCRIPTIONS', async () => {
    stack = await startLiveStack({ maxPerConnection: 2 });
    const s = stack;
    const client = s.wsClient(KEY_A);
    subscribeWs(client, SIMPLE, { p: String(s.acmeProject) });
    subscribeWs(client, SIMPLE, { p: String(s.acmeProject) });
    await waitFor(() => s.gateway.live.hub.stats().subscribers === 2, 'two subscribers');
    const third = subscribeWs(client, SIMPLE, { p: String(s.acmeProject) });
    await third.ended;
    expect(third.results[0]?.errors?.[0]?.extensions?.code).toBe('TOO_MANY_SUBSCRIPTIONS');
    const otherConnection = subscribeWs(s.wsClient(KEY_A), SIMPLE, { p: String(s.acmeProject) });
    await waitFor(() => s.gateway.live.hub.stats().subscribers === 3, 'another connection has its own budget');
    otherConnection.stop();
  });

  it('serves only subscriptions on the live transports, and not subscriptions over HTTP POST', async () => {
    stack = await startLiveStack();
    const s = stack;
    const query = subscribeWs(s.wsClient(KEY_A), '{ projects { totalCount } }');
    expect(await query.ended).toMatchObject({ error: expect.anything() });
    const post = await s.graphql(SIMPLE, { p: String(s.acmeProject) });
    expect(post.status).toBe(400);
    expect(post.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect(post.data?.featureFlagChanged ?? null).toBeNull();
    expect(s.gateway.live.hub.stats().subscribers).toBe(0);
  });
});
