// `featureFlags(includeDeleted: true)`: soft-deleted flags found through the flag activity log
// and read back by id, after the live flags; restored and hard-deleted flags are not listed twice.
import { beforeAll, describe, expect, it } from 'vitest';
import { deletedIds } from '../../src/resolvers/support/flags-with-deleted.ts';
import type { ActivityLogRecord } from '../../src/upstream-client/endpoints/activity.ts';
import { expectNoErrors, useStack } from './helpers.ts';
import { ORG_A, twoOrgSeed } from '../fixtures/seed.ts';

const entry = (activity: string, itemId: string): ActivityLogRecord => ({
  activity,
  item_id: itemId,
  scope: 'FeatureFlag',
  user: null,
  detail: null,
  created_at: '2026-01-01T00:00:00Z',
});

describe('deletedIds (newest activity entries first)', () => {
  it('keeps items whose newest deleted/restored entry is a deletion', () => {
    const entries = [
      entry('deleted', '3'),
      entry('updated', '4'),
      entry('restored', '2'),
      entry('deleted', '2'),
      entry('deleted', '4'),
      entry('restored', '3'),
      entry('created', '5'),
    ];
    expect(deletedIds(entries)).toEqual([3, 4]);
  });
  it('ignores entries without a usable item id', () => {
    expect(deletedIds([entry('deleted', ''), entry('deleted', 'abc'), entry('deleted', '0')])).toEqual([]);
  });
});

describe('featureFlags(includeDeleted: true)', () => {
  const stack = useStack(() => {
    const seed = twoOrgSeed();
    for (const key of KEYS) seed.feature_flags!.push({ project: 'Acme App', organization: ORG_A, key });
    return { seed };
  });
  const KEYS = ['keep-a', 'keep-b', 'gone-a', 'gone-b', 'back-again'];
  const flags = new Map<string, string>();
  const mutate = async (name: 'deleteFeatureFlag' | 'restoreFeatureFlag', key: string) =>
    expectNoErrors(
      await stack.graphql<any>(`mutation($i: FeatureFlagReferenceInput!) { ${name}(input: $i) { userErrors { message } } }`, { i: { id: flags.get(key) } }),
    );
  const PAGE = `query($first: Int, $last: Int, $after: String, $includeDeleted: Boolean, $search: String) { project(id: 2) {
    featureFlags(first: $first, last: $last, after: $after, includeDeleted: $includeDeleted, search: $search) {
      totalCount nodes { key deleted } edges { cursor } pageInfo { hasNextPage hasPreviousPage } } } }`;
  const page = async (variables: Record<string, unknown>) => expectNoErrors(await stack.graphql<any>(PAGE, variables, { report: true })).project.featureFlags;

  beforeAll(async () => {
    const data = expectNoErrors(await stack.graphql<any>(`{ project(id: 2) { featureFlags { nodes { id key } } } }`));
    for (const node of data.project.featureFlags.nodes) flags.set(node.key, node.id);
    await mutate('deleteFeatureFlag', 'gone-a');
    await mutate('deleteFeatureFlag', 'gone-b');
    await mutate('deleteFeatureFlag', 'back-again');
    await mutate('restoreFeatureFlag', 'back-again');
  });

  it('without it, deleted flags stay hidden', async () => {
    const flagsPage = await page({});
    expect(flagsPage.totalCount).toBe(3);
    expect(flagsPage.nodes.every((n: any) => n.deleted === false)).toBe(true);
  });

  it('with it, the deleted flags follow the live ones, newest first, and count in totalCount', async () => {
    const all = await page({ includeDeleted: true });
    expect(all.totalCount).toBe(5);
    expect(all.nodes.map((n: any) => [n.key, n.deleted])).toEqual([
      ['back-again', false],
      ['keep-b', false],
      ['keep-a', false],
      ['gone-b', true],
      ['gone-a', true],
    ]);
  });

  it('pages across the live/deleted boundary in both directions', async () => {
    const head = await page({ includeDeleted: true, first: 2 });
    const tail = await page({ includeDeleted: true, first: 10, after: head.edges[1].cursor });
    expect([...head.nodes, ...tail.nodes].map((n: any) => n.key)).toEqual(['back-again', 'keep-b', 'keep-a', 'gone-b', 'gone-a']);
    expect(tail.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
    const last = await page({ includeDeleted: true, last: 2 });
    expect(last.nodes.map((n: any) => n.key)).toEqual(['gone-b', 'gone-a']);
    expect(last.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
  });

  it('applies search to the deleted flags too', async () => {
    const found = await page({ includeDeleted: true, search: 'gone-b' });
    expect(found.nodes).toEqual([{ key: 'gone-b', deleted: true }]);
    expect(found.totalCount).toBe(1);
  });

  it('a hard-deleted flag (its key reused by a new flag) is not listed', async () => {
    const created = expectNoErrors(
      await stack.graphql<any>(`mutation { createFeatureFlag(input: { projectId: 2, key: "gone-a" }) { featureFlag { id } userErrors { message } } }`),
    );
    expect(created.createFeatureFlag.userErrors).toEqual([]);
    const all = await page({ includeDeleted: true });
    expect(all.nodes.map((n: any) => [n.key, n.deleted])).toEqual([
      ['gone-a', false],
      ['back-again', false],
      ['keep-b', false],
      ['keep-a', false],
      ['gone-b', true],
    ]);
  });
});

// The deleted flags are searched by the gateway itself, so it must match as the upstream's list does
// (rest-interface/flag-search.ts): live and deleted flags then answer the same search alike.
describe('featureFlags(includeDeleted: true, search:) matches as the service does', () => {
  const KEYS = ['web-analytics', 'web-analytics-gone', 'analytics-web-gone'];
  const stack = useStack(() => {
    const seed = twoOrgSeed();
    for (const key of KEYS) seed.feature_flags!.push({ project: 'Acme App', organization: ORG_A, key });
    return { seed };
  });
  const SEARCH = `query($search: String) { project(id: 2) { featureFlags(includeDeleted: true, search: $search) { nodes { key deleted } } } }`;
  const found = async (search: string) =>
    expectNoErrors(await stack.graphql<any>(SEARCH, { search })).project.featureFlags.nodes.map((n: any) => [n.key, n.deleted]);

  beforeAll(async () => {
    const data = expectNoErrors(await stack.graphql<any>(`{ project(id: 2) { featureFlags { nodes { id key } } } }`));
    for (const node of data.project.featureFlags.nodes.filter((n: any) => n.key.endsWith('-gone'))) {
      expectNoErrors(
        await stack.graphql<any>(`mutation($i: FeatureFlagReferenceInput!) { deleteFeatureFlag(input: $i) { userErrors { message } } }`, {
          i: { id: node.id },
        }),
      );
    }
  });

  it('a space in the search stands for the separators of a deleted flag key, as for the live ones', async () => {
    expect(await found('Web Analytics')).toEqual([
      ['web-analytics', false],
      ['web-analytics-gone', true],
    ]);
  });

  it('the words keep their order', async () => {
    expect(await found('analytics web')).toEqual([['analytics-web-gone', true]]);
  });
});
