// Query limits reject abusive documents before any upstream call: graphql-armor's structural
// limits (depth, aliases, directives) as validation errors, our cost limit (scored in
// detail in query-cost.test.ts) as COST_ESTIMATED_TOO_EXPENSIVE. The logs never carry a token.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { useStack } from './helpers.ts';
import { KEY_A } from '../fixtures/seed.ts';
import { QUERY_LIMITS } from '../../src/apollo-plugins/cost-limit.ts';

const logLines: string[] = [];
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

const stack = useStack({ gateway: { logLevel: 'debug', logDestination: logSink } });

async function expectRejectedWithoutUpstream(query: string, reason: RegExp, code = 'GRAPHQL_VALIDATION_FAILED') {
  stack.upstream.resetRequests();
  const res = await stack.graphql<any>(query);
  expect(res.status).toBe(400);
  expect(res.errors?.[0]?.extensions?.code).toBe(code);
  expect(res.errors?.[0]?.message).toMatch(reason);
  expect(res.data ?? null).toBeNull();
  expect(stack.upstream.requests).toHaveLength(0);
}

describe('query limits', () => {
  it('too many aliases', async () => {
    const fields = Array.from({ length: QUERY_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: projects { totalCount }`).join(' ');
    await expectRejectedWithoutUpstream(`{ ${fields} }`, /aliases/i);
  });

  it('too deep', async () => {
    // project -> featureFlags -> nodes -> project ... : three levels per round trip.
    const rounds = Math.ceil(QUERY_LIMITS.maxDepth / 3) + 1;
    const query = `{ project(id: "1") { ${'featureFlags { nodes { project { '.repeat(rounds)}id${' } } }'.repeat(rounds)} } }`;
    await expectRejectedWithoutUpstream(query, /depth/i);
  });

  it('too many directives', async () => {
    const directives = Array.from({ length: QUERY_LIMITS.maxDirectives + 1 }, () => '@include(if: true)').join(' ');
    await expectRejectedWithoutUpstream(`{ projects ${directives} { totalCount } }`, /directives/i);
  });

  it('too expensive: three nested pages of 100', async () => {
    const query = '{ projects { nodes { featureFlags { nodes { roleAccess { nodes { id } } } } } } }';
    await expectRejectedWithoutUpstream(
      query,
      new RegExp(`^Operation cost \\d+ exceeds the limit of ${QUERY_LIMITS.maxCost}\\.$`),
      'COST_ESTIMATED_TOO_EXPENSIVE',
    );
  });

  it('a wide but cheap query passes: a page of 100 flags with every scalar field (2 upstream calls)', async () => {
    const scalars =
      'id databaseId key name description filters deleted active createdAt updatedAt version isSimpleFlag rolloutPercentage ensureExperienceContinuity experimentSet surveys features rollbackConditions performedRollback canEdit tags usageDashboard analyticsDashboards hasEnrichedAnalytics';
    const query = `{ project(id: 1) { featureFlags(first: 100) { edges { cursor node { ${scalars} createdBy { email } project { name } } } } } }`;
    const res = await stack.graphql<any>(query, {}, { report: true });
    expect(res.errors).toBeUndefined();
    expect(res.data.project.featureFlags.edges.length).toBeGreaterThan(0);
    expect(res.extensions?.upstream?.totals.calls).toBe(2);
  });

  it('a normal query passes, with its data', async () => {
    const res = await stack.graphql<any>(
      '{ projects(first: 10) { edges { cursor node { id name organization { id } } } pageInfo { hasNextPage } totalCount } }',
    );
    expect(res.status).toBe(200);
    expect(res.errors).toBeUndefined();
    const names = res.data.projects.edges.map((edge: { node: { name: string } }) => edge.node.name).sort();
    expect(names).toEqual(['Acme App', 'Acme Web']);
    expect(res.data.projects).toMatchObject({ totalCount: 2, pageInfo: { hasNextPage: false } });
  });
});

describe('logs', () => {
  it('record operations and never contain a token', async () => {
    await stack.graphql<any>('query LoggedOk { projects { totalCount } }');
    await stack.graphql<any>('query LoggedBadKey { projects { totalCount } }', {}, { token: 'phx_wrong_key_that_must_not_leak' });
    const text = logLines.join('');
    expect(text).toContain('LoggedOk');
    expect(text).toContain('LoggedBadKey');
    expect(text).not.toContain(KEY_A);
    expect(text).not.toContain('phx_wrong_key_that_must_not_leak');
  });
});
