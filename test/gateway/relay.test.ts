// Connection arithmetic against an in-memory list: every page the gateway computes must be
// the same slice the Relay spec describes, with the number of fetches it needs.
import { describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import { connectionFor, cursorToOffset, offsetToCursor, windowFor, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, type ConnectionArgs } from '../../src/relay/connection.ts';
import type { CountedPage } from '../../src/relay/connection.ts';

const ITEMS = Array.from({ length: 10 }, (_, i) => `item${i}`);

/** A limit/offset source over ITEMS that records its calls, like the upstream list endpoints. */
function source(items: string[] = ITEMS) {
  const calls: { limit: number; offset: number }[] = [];
  const fetchPage = async (limit: number, offset: number): Promise<CountedPage<string>> => {
    calls.push({ limit, offset });
    return { count: items.length, results: items.slice(offset, offset + limit) };
  };
  return { calls, fetchPage };
}

async function page(args: ConnectionArgs, items?: string[]) {
  const src = source(items);
  const { edges, nodes, pageInfo, totalCount } = await connectionFor(args, src.fetchPage);
  return { edges, nodes, pageInfo, totalCount, calls: src.calls };
}

async function expectBadInput(args: ConnectionArgs) {
  const src = source();
  const error = await connectionFor(args, src.fetchPage).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(GraphQLError);
  expect((error as GraphQLError).extensions.code).toBe('BAD_USER_INPUT');
  expect(src.calls).toEqual([]);
}

describe('cursors', () => {
  it('round-trip offsets and are opaque', () => {
    for (const offset of [0, 1, 99, 123456]) expect(cursorToOffset(offsetToCursor(offset), 'after')).toBe(offset);
    expect(offsetToCursor(3)).not.toContain('3');
  });
  it('reject strings the gateway did not issue', () => {
    for (const bad of [
      '',
      'abc',
      '!!!',
      Buffer.from('offset:-1').toString('base64url'),
      Buffer.from('offset:1.5').toString('base64url'),
      Buffer.from('offset:01').toString('base64url'),
    ]) {
      expect(() => cursorToOffset(bad, 'after')).toThrow(GraphQLError);
    }
  });
});

describe('forward pagination', () => {
  it('first alone returns the head with one call', async () => {
    const c = await page({ first: 3 });
    expect(c.nodes).toEqual(['item0', 'item1', 'item2']);
    expect(c.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(c.totalCount).toBe(10);
    expect(c.calls).toEqual([{ limit: 3, offset: 0 }]);
  });
  it('first/after continues right after the cursor', async () => {
    const first = await page({ first: 3 });
    const next = await page({ first: 3, after: first.pageInfo.endCursor });
    expect(next.nodes).toEqual(['item3', 'item4', 'item5']);
    expect(next.pageInfo.hasPreviousPage).toBe(true);
    expect(next.calls).toEqual([{ limit: 3, offset: 3 }]);
  });
  it('walking forward visits every item exactly once', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const c = await page({ first: 4, after });
      seen.push(...c.nodes);
      if (!c.pageInfo.hasNextPage) break;
      after = c.pageInfo.endCursor;
    }
    expect(seen).toEqual(ITEMS);
  });
  it('the last page says there is nothing next', async () => {
    const c = await page({ first: 5, after: offsetToCursor(4) });
    expect(c.nodes).toEqual(['item5', 'item6', 'item7', 'item8', 'item9']);
    expect(c.pageInfo.hasNextPage).toBe(false);
  });
  it('after the end gives an empty page with null cursors', async () => {
    const c = await page({ first: 5, after: offsetToCursor(20) });
    expect(c.edges).toEqual([]);
    expect(c.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true, startCursor: null, endCursor: null });
    expect(c.totalCount).toBe(10);
  });
  it('first: 0 still reports the total (asks for one item, returns none)', async () => {
    const c = await page({ first: 0 });
    expect(c.edges).toEqual([]);
    expect(c.totalCount).toBe(10);
    expect(c.pageInfo.hasNextPage).toBe(true);
    expect(c.calls).toEqual([{ limit: 1, offset: 0 }]);
  });
  it('no arguments returns the default page size', async () => {
    const c = await page(
      {},
      Array.from({ length: 150 }, (_, i) => String(i)),
    );
    expect(c.nodes).toHaveLength(DEFAULT_PAGE_SIZE);
    expect(c.calls).toEqual([{ limit: DEFAULT_PAGE_SIZE, offset: 0 }]);
  });
  it('edge cursors point at each item', async () => {
    const c = await page({ first: 2, after: offsetToCursor(5) });
    expect(c.edges.map((e) => cursorToOffset(e.cursor, 'after'))).toEqual([6, 7]);
    expect(c.pageInfo.startCursor).toBe(c.edges[0]?.cursor);
    expect(c.pageInfo.endCursor).toBe(c.edges[1]?.cursor);
  });

  it('builds the edges once, however often they are read (aliases read them again)', async () => {
    const connection = await connectionFor({ first: 3 }, source().fetchPage);
    expect(connection.edges).toBe(connection.edges);
    expect(connection.edges.map((edge) => edge.node)).toEqual(connection.nodes);
  });
});

describe('backward pagination', () => {
  it('last alone on a long list: one call for the count, one for the tail', async () => {
    const c = await page({ last: 3 });
    expect(c.nodes).toEqual(['item7', 'item8', 'item9']);
    expect(c.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    expect(c.calls).toEqual([
      { limit: 3, offset: 0 },
      { limit: 3, offset: 7 },
    ]);
  });
  it('last alone on a short list needs a single call', async () => {
    const c = await page({ last: 20 });
    expect(c.nodes).toEqual(ITEMS);
    expect(c.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: false });
    expect(c.calls).toHaveLength(1);
  });
  it('last/before ends right before the cursor, without counting', async () => {
    const c = await page({ last: 3, before: offsetToCursor(5) });
    expect(c.nodes).toEqual(['item2', 'item3', 'item4']);
    expect(c.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    expect(c.calls).toEqual([{ limit: 3, offset: 2 }]);
  });
  it('last/before near the start is cut at the beginning', async () => {
    const c = await page({ last: 5, before: offsetToCursor(2) });
    expect(c.nodes).toEqual(['item0', 'item1']);
    expect(c.pageInfo.hasPreviousPage).toBe(false);
  });
  it('walking backward visits every item exactly once', async () => {
    const seen: string[] = [];
    let before: string | null = null;
    for (;;) {
      const c = await page({ last: 3, before });
      seen.unshift(...c.nodes);
      if (!c.pageInfo.hasPreviousPage) break;
      before = c.pageInfo.startCursor;
    }
    expect(seen).toEqual(ITEMS);
  });
  it('last: 0 returns no edges but the total', async () => {
    const c = await page({ last: 0 });
    expect(c.edges).toEqual([]);
    expect(c.totalCount).toBe(10);
  });
  it('after + last takes the tail of what follows the cursor', async () => {
    const c = await page({ after: offsetToCursor(5), last: 2 });
    expect(c.nodes).toEqual(['item8', 'item9']);
  });
  it('first + last: the last of the first n', async () => {
    const c = await page({ first: 6, last: 2 });
    expect(c.nodes).toEqual(['item4', 'item5']);
    expect(c.calls).toEqual([{ limit: 2, offset: 4 }]);
  });
  it('after + before: the items strictly between', async () => {
    const c = await page({ after: offsetToCursor(2), before: offsetToCursor(6) });
    expect(c.nodes).toEqual(['item3', 'item4', 'item5']);
  });
  it('before at or before after gives an empty page', async () => {
    const c = await page({ after: offsetToCursor(6), before: offsetToCursor(3) });
    expect(c.nodes).toEqual([]);
  });
  it('an empty list has no pages on either side', async () => {
    for (const args of [{ first: 5 }, { last: 5 }]) {
      const c = await page(args, []);
      expect(c.nodes).toEqual([]);
      expect(c.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null });
      expect(c.totalCount).toBe(0);
    }
  });
});

describe('bad arguments are BAD_USER_INPUT and cost no upstream call', () => {
  it.each<[string, ConnectionArgs]>([
    ['first over the cap', { first: MAX_PAGE_SIZE + 1 }],
    ['last over the cap', { last: MAX_PAGE_SIZE + 1 }],
    ['negative first', { first: -1 }],
    ['negative last', { last: -5 }],
    ['malformed after', { first: 1, after: 'not-a-cursor' }],
    ['malformed before', { last: 1, before: 'b2Zmc2V0Oi0x' }],
  ])('%s', async (_name, args) => {
    await expectBadInput(args);
  });
  it('the cap itself is accepted', () => {
    expect(windowFor({ first: MAX_PAGE_SIZE })).toEqual({ start: 0, end: MAX_PAGE_SIZE, last: null });
  });
});
