// featureFlagChanged end to end: events over graphql-ws and SSE, `keys` filter, the flag read
// through the query fields with the subscriber's key, one poller per project, no loss or
// duplicates across catch-up pages, authorization at subscribe time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from '../../src/relay/global-id.ts';
import { restClient } from '../fixtures/rest.ts';
import { ENGINEERS, FAST, FLAG_CHANGED, KEY_A, KEY_B, KEY_C, startLiveStack, subscribeSse, subscribeWs, waitFor, type LiveStack } from './helpers.ts';

let stack: LiveStack;
beforeAll(async () => {
  stack = await startLiveStack();
});
afterAll(async () => {
  await stack?.stop();
});

const subscribers = () => stack.gateway.live.hub.stats().subscribers;

describe('featureFlagChanged', () => {
  it('pushes a REST change to graphql-ws and SSE subscribers, with the flag read through the query fields', async () => {
    const ws = subscribeWs(stack.wsClient(KEY_A), FLAG_CHANGED, { projectId: String(stack.acmeProject) });
    const sse = subscribeSse(stack, KEY_C, FLAG_CHANGED, { projectId: String(stack.acmeProject) });
    await waitFor(() => subscribers() === 2, 'two subscribers');

    await stack.patchFlag('acme-flag', { name: 'Renamed live' });
    await waitFor(() => ws.results.length === 1 && sse.results.length === 1, 'one event each');

    for (const { results } of [ws, sse]) {
      const event = results[0]!.data.featureFlagChanged;
      expect(results[0]!.errors).toBeUndefined();
      expect(event).toMatchObject({
        kind: 'UPDATED',
        activity: 'updated',
        key: 'acme-flag',
        changedBy: { email: 'alice@acme.test', isSystem: false },
        flag: { key: 'acme-flag', name: 'Renamed live', project: { name: 'Acme Web' } },
      });
      expect(event.changes).toContainEqual(expect.objectContaining({ field: 'name', after: 'Renamed live' }));
      expect(event.flagDatabaseId).toBe(await stack.flagId('acme-flag'));
    }
    ws.stop();
    sse.stop();
    await waitFor(() => subscribers() === 0, 'both gone');
  });

  it('delivers soft delete and restore as DELETED and RESTORED, and `keys` narrows to the named flags', async () => {
    const onlyOther = subscribeWs(stack.wsClient(KEY_A), FLAG_CHANGED, { projectId: String(stack.acmeProject), keys: ['other-flag'] });
    await waitFor(() => subscribers() === 1, 'subscriber');
    await stack.patchFlag('acme-flag', { name: 'not for this subscriber' });
    await stack.patchFlag('other-flag', { deleted: true });
    const otherId = await otherFlagId();
    await restClient(stack.upstream, KEY_A).patch(`/api/projects/${stack.acmeProject}/feature_flags/${otherId}/`, { deleted: false });
    await waitFor(() => onlyOther.results.length === 2, 'two events');
    expect(onlyOther.results.map((r) => [r.data.featureFlagChanged.kind, r.data.featureFlagChanged.key])).toEqual([
      ['DELETED', 'other-flag'],
      ['RESTORED', 'other-flag'],
    ]);
    onlyOther.stop();
    await waitFor(() => subscribers() === 0, 'gone');
  });

  it('shares one poller among the subscribers of a project: upstream polls are the feed’s, not one per subscriber', async () => {
    const subs = [KEY_A, KEY_A, KEY_C, KEY_C, KEY_A].map((key) => subscribeWs(stack.wsClient(key), FLAG_CHANGED, { projectId: String(stack.acmeProject) }));
    await waitFor(() => subscribers() === 5, 'five subscribers');
    expect(stack.gateway.live.hub.stats().feeds).toBe(1);
    const before = stack.gateway.live.hub.stats();
    const started = performance.now();
    stack.upstream.resetRequests();
    await waitFor(() => stack.gateway.live.hub.stats().polls >= before.polls + 6, 'six polls');
    const after = stack.gateway.live.hub.stats();
    const elapsedMs = performance.now() - started;
    const logReads = stack.upstream.requests.filter((r) => r.path.endsWith('/feature_flags/activity/')).length;
    // Every read of the log is the one feed's poll or a key re-check (one per key, not per subscriber):
    // five pollers would read it five times as often.
    const expected = after.polls - before.polls + (after.checks - before.checks);
    expect(Math.abs(logReads - expected)).toBeLessThanOrEqual(2);
    // Re-checks are shared by a key's subscribers (two keys here, five subscribers): at most about two
    // per re-check period, whatever the pace of the polls (a slow machine stretches the six polls).
    expect(after.checks - before.checks).toBeLessThanOrEqual(3 * (Math.floor(elapsedMs / FAST.recheckMs!) + 1));
    for (const sub of subs) sub.stop();
    await waitFor(() => subscribers() === 0, 'gone');
  });

  it('catches up over several pages of the log with no loss and no duplicate', async () => {
    const sub = subscribeWs(stack.wsClient(KEY_A), FLAG_CHANGED, { projectId: String(stack.acmeProject), keys: ['acme-flag'] });
    await waitFor(() => subscribers() === 1, 'subscriber');
    // More changes than one activity page (20) between polls of up to 150 ms: catch-up must page.
    const names = Array.from({ length: 45 }, (_, i) => `burst ${i}`);
    await Promise.all(names.map((name) => stack.patchFlag('acme-flag', { name })));
    await waitFor(() => sub.results.length >= 45, '45 events');
    await new Promise((resolve) => setTimeout(resolve, 300)); // a couple more polls: nothing may arrive twice
    const received = sub.results.map((r) => r.data.featureFlagChanged.changes.find((c: { field: string }) => c.field === 'name')?.after);
    expect(received).toHaveLength(45);
    expect(new Set(received)).toEqual(new Set(names));
    sub.stop();
    await waitFor(() => subscribers() === 0, 'gone');
  });

  it('announces role access grants and revocations made through this gateway as ROLE_ACCESS_CHANGED', async () => {
    const sub = subscribeWs(stack.wsClient(KEY_C), FLAG_CHANGED, { projectId: String(stack.acmeProject), keys: ['acme-flag'] });
    await waitFor(() => subscribers() === 1, 'subscriber');
    const flagId = toGlobalId('FeatureFlag', stack.acmeProject, await stack.flagId('acme-flag'));
    const granted = await stack.graphql<any>(
      'mutation($input: GrantFeatureFlagRoleAccessInput!) { grantFeatureFlagRoleAccess(input: $input) { roleAccess { id } userErrors { message } } }',
      { input: { featureFlagId: flagId, roleId: ENGINEERS } },
    );
    await stack.graphql('mutation($input: RevokeFeatureFlagRoleAccessInput!) { revokeFeatureFlagRoleAccess(input: $input) { revokedRoleAccessId } }', {
      input: { id: granted.data!.grantFeatureFlagRoleAccess.roleAccess.id },
    });
    await waitFor(() => sub.results.length === 2, 'two events');
    expect(sub.results.map((r) => [r.data.featureFlagChanged.kind, r.data.featureFlagChanged.activity, r.data.featureFlagChanged.changes[0].after])).toEqual([
      ['ROLE_ACCESS_CHANGED', 'role_access_granted', 'Engineers'],
      ['ROLE_ACCESS_CHANGED', 'role_access_revoked', null],
    ]);
    expect(sub.results[0]!.data.featureFlagChanged.flag.key).toBe('acme-flag');
    sub.stop();
    await waitFor(() => subscribers() === 0, 'gone');
  });

  it('refuses a project the key cannot read, and a request without a key, leaving no subscriber behind', async () => {
    const foreign = subscribeWs(stack.wsClient(KEY_B), FLAG_CHANGED, { projectId: String(stack.acmeProject) });
    const anonymous = subscribeWs(stack.wsClient(null), FLAG_CHANGED, { projectId: String(stack.acmeProject) });
    await Promise.all([foreign.ended, anonymous.ended]);
    expect(foreign.results[0]?.errors?.[0]?.extensions?.code).toMatch(/^(FORBIDDEN|NOT_FOUND)$/);
    expect(anonymous.results[0]?.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(stack.gateway.live.hub.stats()).toMatchObject({ feeds: 0, subscribers: 0, timers: 0 });
  });
});

async function otherFlagId(): Promise<number> {
  const activity = await restClient(stack.upstream, KEY_A).get(`/api/projects/${stack.acmeProject}/feature_flags/activity/?limit=50`);
  const page = activity.body as { results: Array<{ item_id: string; detail: { name: string } }> };
  return Number(page.results.find((entry) => entry.detail.name === 'other-flag')!.item_id);
}
