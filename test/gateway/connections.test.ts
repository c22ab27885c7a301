// Connections end to end, as a client walks them: cursors round-trip through edges in both
// directions, pageInfo is exact at both ends, one upstream call per page, and a cursor of one
// list is refused by another before any upstream call.
import { describe, expect, it } from 'vitest';
import { cursorToOffset, offsetToCursor } from '../../src/relay/connection.ts';
import { expectNoErrors, reportedCalls, useStack } from './helpers.ts';
import { ORG_A, twoOrgSeed } from '../fixtures/seed.ts';

const TOTAL = 12;
const stack = useStack(() => {
  const seed = twoOrgSeed();
  for (let i = 0; i < TOTAL; i++) seed.feature_flags!.push({ project: 'Acme App', organization: ORG_A, key: `walk-${String(i).padStart(2, '0')}` });
  return { seed };
});

const PAGE = `query($first: Int, $after: String, $last: Int, $before: String) { project(id: 2) {
  featureFlags(first: $first, after: $after, last: $last, before: $before) {
    totalCount edges { cursor node { key } } nodes { key } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }`;

async function page(variables: Record<string, unknown>) {
  const response = await stack.graphql<any>(PAGE, variables, { report: true });
  const flags = expectNoErrors(response).project.featureFlags;
  return { ...flags, flagCalls: reportedCalls(response).filter((c) => c.startsWith('GET /api/projects/{project_id}/feature_flags/')).length };
}

describe('walking featureFlags', () => {
  it('forward with first/after: every flag once, exact pageInfo, one call per page', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let n = 0; n < 10; n++) {
      const p: any = await page({ first: 5, after });
      expect(p.totalCount).toBe(TOTAL);
      expect(p.flagCalls).toBe(1);
      expect(p.nodes).toEqual(p.edges.map((e: any) => e.node));
      expect(p.pageInfo.hasPreviousPage).toBe(after !== null);
      expect(p.pageInfo.startCursor).toBe(p.edges[0].cursor);
      expect(p.pageInfo.endCursor).toBe(p.edges.at(-1).cursor);
      seen.push(...p.nodes.map((f: any) => f.key));
      if (!p.pageInfo.hasNextPage) break;
      after = p.pageInfo.endCursor;
    }
    expect(seen).toHaveLength(TOTAL);
    expect(new Set(seen).size).toBe(TOTAL);
  });

  it('backward with last/before gives the same list, pageInfo exact at the start', async () => {
    const forward = (await page({ first: TOTAL })).nodes.map((f: any) => f.key);
    const seen: string[] = [];
    let before: string | null = null;
    for (let n = 0; n < 10; n++) {
      const p: any = await page({ last: 5, before });
      expect(p.pageInfo.hasNextPage).toBe(before !== null);
      seen.unshift(...p.nodes.map((f: any) => f.key));
      if (!p.pageInfo.hasPreviousPage) break;
      before = p.pageInfo.startCursor;
    }
    expect(seen).toEqual(forward);
  });

  it('an edge cursor resumes right after (or right before) its own item', async () => {
    const all = await page({ first: TOTAL });
    const cursor = all.edges[4].cursor;
    expect((await page({ first: 2, after: cursor })).nodes).toEqual(all.nodes.slice(5, 7));
    expect((await page({ last: 2, before: cursor })).nodes).toEqual(all.nodes.slice(2, 4));
  });

  it('a cursor of another list is BAD_USER_INPUT with no flag-list call', async () => {
    const projects = expectNoErrors(await stack.graphql<any>(`{ projects(first: 1) { edges { cursor } } }`));
    const foreign = projects.projects.edges[0].cursor;
    const response = await stack.graphql<any>(PAGE, { first: 2, after: foreign }, { report: true });
    expect(response.errors?.map((e) => [e.extensions?.code, e.message])).toEqual([
      ['BAD_USER_INPUT', 'Argument "after" is a cursor of another list; use a cursor of this connection.'],
    ]);
    expect(reportedCalls(response).filter((c) => c.includes('feature_flags'))).toEqual([]);
  });
});

describe('cursors name their list', () => {
  it('round-trip within a list and are refused by another', () => {
    expect(cursorToOffset(offsetToCursor(7, 'Project'), 'after', 'Project')).toBe(7);
    expect(() => cursorToOffset(offsetToCursor(7, 'Project'), 'after', 'FeatureFlag')).toThrow(/another list/);
  });
});
