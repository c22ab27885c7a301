// Many operations in flight at once: each keeps its own loaders, report and token.
import { describe, expect, it } from 'vitest';
import { expectNoErrors, useStack } from './helpers.ts';
import { KEY_A, KEY_B } from '../fixtures/seed.ts';

const stack = useStack();

describe('concurrent operations', () => {
  it("each report counts only its own calls, and full records come from the caller's own loaders", async () => {
    const shapes = [
      { token: KEY_A, query: '{ projects { nodes { name createdAt } } }', calls: 3, names: ['Acme App', 'Acme Web'] },
      { token: KEY_B, query: '{ projects { nodes { name createdAt } } }', calls: 2, names: ['Globex Site'] },
      { token: KEY_A, query: '{ projects { nodes { name } } }', calls: 1, names: ['Acme App', 'Acme Web'] },
      { token: KEY_B, query: '{ projects { nodes { name } } }', calls: 1, names: ['Globex Site'] },
    ];
    const runs = Array.from({ length: 80 }, (_, i) => shapes[i % shapes.length]!);
    stack.upstream.resetRequests();
    const results = await Promise.all(
      runs.map(async (shape) => ({ shape, res: await stack.graphql<any>(shape.query, {}, { token: shape.token, report: true }) })),
    );
    for (const { shape, res } of results) {
      const names = expectNoErrors(res)
        .projects.nodes.map((p: { name: string }) => p.name)
        .sort();
      expect(names).toEqual(shape.names);
      expect(res.extensions?.upstream.totals.calls).toBe(shape.calls);
    }
    // The upstream saw exactly the calls the reports add up to: nothing shared, nothing lost.
    const reported = results.reduce((sum, { res }) => sum + res.extensions!.upstream.totals.calls, 0);
    expect(reported).toBe(runs.reduce((sum, s) => sum + s.calls, 0));
    expect(stack.upstream.requests).toHaveLength(reported);
  });

  it("a caller's bad key fails only their own operations", async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const token = i % 3 === 0 ? 'phx_revoked_or_unknown_key' : KEY_A;
        return stack.graphql<any>('{ projects { totalCount } }', {}, { token }).then((res) => ({ token, res }));
      }),
    );
    for (const { token, res } of results) {
      if (token === KEY_A) expect(expectNoErrors(res).projects.totalCount).toBe(2);
      else expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
  });
});
