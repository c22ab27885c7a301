// How subscriptions end: a revoked key, an unreachable upstream, caps, a client that leaves
// (no poller or timer left behind); how the poller treats 429; and the client mistakes
// refused before a subscription starts.
import { afterEach, describe, expect, it } from 'vitest';
import { INPUT_LIMITS } from '../../src/apollo-plugins/input-limits.ts';
import { MAX_BODY_BYTES } from '../../src/http/json-body.ts';
import { KEY_A, KEY_C, startLiveStack, subscribeSse, subscribeWs, waitFor, type Collected, type LiveStack } from './helpers.ts';

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
    const sseQuery = subscribeSse(s, KEY_A, '{ projects { totalCount } }');
    expect(await sseQuery.ended).toBe('complete');
    expect(sseQuery.results.map((r) => r.errors?.[0]?.extensions?.code)).toEqual(['BAD_REQUEST']);
    const post = await s.graphql(SIMPLE, { p: String(s.acmeProject) });
    expect(post.status).toBe(400);
    expect(post.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect(post.data?.featureFlagChanged ?? null).toBeNull();
    expect(s.gateway.live.hub.stats().subscribers).toBe(0);
  });
});

// The client mistakes HTTP refuses with BAD_USER_INPUT are refused alike on both live transports,
// with the same message, before any subscriber exists.
describe('client mistakes on the live transports', () => {
  const KEYS = 'subscription($p: ID!, $k: [String!]) { featureFlagChanged(projectId: $p, keys: $k) { kind } }';

  /** The errors a subscription was refused with: graphql-ws sends an `error` message, graphql-sse one result. */
  async function refusal(sub: Collected): Promise<Array<{ message: string; extensions?: Record<string, any> }>> {
    const ended = await sub.ended;
    return ended === 'complete' ? (sub.results[0]?.errors ?? []) : (ended.error as Array<{ message: string }>);
  }

  /** The refusal over graphql-ws and over SSE, each as [message, extensions]. */
  async function refusedOnBoth(s: LiveStack, query: string, variables: Record<string, unknown>): Promise<unknown[][]> {
    const subs = [subscribeWs(s.wsClient(KEY_A), query, variables), subscribeSse(s, KEY_A, query, variables)];
    return Promise.all(subs.map(async (sub) => (await refusal(sub)).map((e) => [e.message, e.extensions])));
  }

  it('refuses variables that do not fit their types with graphql-js’s message and BAD_USER_INPUT', async () => {
    stack = await startLiveStack();
    const s = stack;
    const p = String(s.acmeProject);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ p, k: [5] }, 'Variable "$k" got invalid value 5 at "k[0]"; String cannot represent a non string value: 5'],
      [{ p, k: { a: 1 } }, 'Variable "$k" got invalid value { a: 1 }; String cannot represent a non string value: { a: 1 }'],
      [{ p, k: [['a']] }, 'Variable "$k" got invalid value ["a"] at "k[0]"; String cannot represent a non string value: ["a"]'],
      [{ p, k: [null] }, 'Variable "$k" got invalid value null at "k[0]"; Expected non-nullable type "String!" not to be null.'],
      [{ k: ['a'] }, 'Variable "$p" of required type "ID!" was not provided.'],
    ];
    for (const [variables, message] of cases) {
      const refused = [[message, { code: 'BAD_USER_INPUT' }]];
      expect(await refusedOnBoth(s, KEYS, variables)).toEqual([refused, refused]);
    }
    expect(s.gateway.live.hub.stats().subscribers).toBe(0);
  });

  it('applies HTTP’s input limits, with its messages, to variables and literals', async () => {
    stack = await startLiveStack();
    const s = stack;
    const p = String(s.acmeProject);
    const long = 'k'.repeat(INPUT_LIMITS.maxReadStringLength + 1);
    const nested = Array.from({ length: INPUT_LIMITS.maxDepth }).reduce<unknown>((inner) => [inner], ['a']);
    const literal = `subscription($p: ID!) { featureFlagChanged(projectId: $p, keys: ["${long}"]) { kind } }`;
    // Over HTTP, as a query: the same limits, messages and code (its requestId aside).
    const overHttp = async (query: string, variables: Record<string, unknown>) =>
      (await s.graphql(query, variables)).errors!.map((e) => [e.message, { code: e.extensions?.code }]);
    const expected = {
      longVariable: await overHttp('query($k: String) { projects(search: $k) { totalCount } }', { k: long }),
      longLiteral: await overHttp(`{ projects(search: "${long}") { totalCount } }`, {}),
      nested: await overHttp('query($k: String) { projects(search: $k) { totalCount } }', { k: nested }),
    };
    expect(expected.nested).toEqual([[expect.stringMatching(/nested deeper than 32 levels/), { code: 'BAD_USER_INPUT' }]]);
    expect(await refusedOnBoth(s, KEYS, { p, k: [long] })).toEqual([expected.longVariable, expected.longVariable]);
    expect(await refusedOnBoth(s, literal, { p })).toEqual([expected.longLiteral, expected.longLiteral]);
    expect(await refusedOnBoth(s, KEYS, { p, k: nested })).toEqual([expected.nested, expected.nested]);
    expect(s.gateway.live.hub.stats().subscribers).toBe(0);
  });

  it('refuses an SSE body over 1 MB with 413, as /graphql does, and opens no stream', async () => {
    stack = await startLiveStack();
    const s = stack;
    const body = JSON.stringify({ query: SIMPLE, variables: { p: String(s.acmeProject), pad: 'x'.repeat(MAX_BODY_BYTES) } });
    const send = (url: string) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${KEY_A}` }, body });
    const [stream, graphql] = await Promise.all([send(`${s.gatewayUrl}/stream`), send(s.gatewayUrl)]);
    expect([stream.status, graphql.status]).toEqual([413, 413]);
    expect(await stream.json()).toEqual(await graphql.json());
    expect(s.gateway.live.hub.stats().subscribers).toBe(0);
  });

  it('closes a WebSocket whose message is over 1 MB (1009) before parsing it', async () => {
    stack = await startLiveStack();
    const socket = new WebSocket(stack.gatewayUrl.replace(/^http/, 'ws'), 'graphql-transport-ws');
    await new Promise((resolve, reject) => {
      socket.onopen = resolve;
      socket.onerror = reject;
    });
    const closed = new Promise<number>((resolve) => (socket.onclose = (event) => resolve(event.code)));
    socket.send(JSON.stringify({ type: 'connection_init', payload: { pad: 'x'.repeat(MAX_BODY_BYTES) } }));
    expect(await closed).toBe(1009);
  });
});
