// Global object identification (node/nodes), organization lookups and federation entities.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoErrors, reportedCalls, useStack } from './helpers.ts';
import { ORG_A } from '../fixtures/seed.ts';
import { toGlobalId } from '../../src/relay/global-id.ts';

const stack = useStack();
let projectIds: number[];
beforeAll(async () => {
  const data = expectNoErrors(await stack.graphql<any>('{ projects { nodes { databaseId } } }'));
  projectIds = data.projects.nodes.map((p: { databaseId: number }) => p.databaseId);
});

describe('node / nodes', () => {
  it('refetches a project and an organization by global id', async () => {
    const pid = toGlobalId('Project', projectIds[0]!);
    const oid = toGlobalId('Organization', ORG_A);
    const data = expectNoErrors(
      await stack.graphql<any>(
        'query($p: ID!, $o: ID!) { p: node(id: $p) { __typename id ... on Project { databaseId } } o: node(id: $o) { __typename id ... on Organization { databaseId } } }',
        { p: pid, o: oid },
      ),
    );
    expect(data.p).toEqual({ __typename: 'Project', id: pid, databaseId: projectIds[0] });
    expect(data.o).toEqual({ __typename: 'Organization', id: oid, databaseId: ORG_A });
  });

  it('nodes keeps order, and a missing object is a null with its own NOT_FOUND error', async () => {
    const ids = [toGlobalId('Project', projectIds[1]!), toGlobalId('Project', 999999), toGlobalId('Project', projectIds[0]!)];
    const res = await stack.graphql<any>('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids }, { report: true });
    expect(res.data?.nodes).toEqual([{ id: ids[0] }, null, { id: ids[2] }]);
    expect(res.errors?.map((e) => [e.path, e.extensions?.code])).toEqual([[['nodes', 1], 'NOT_FOUND']]);
    // Three distinct projects, fetched in one parallel wave.
    expect(res.extensions?.upstream.totals).toMatchObject({ calls: 3, waves: 1 });
  });

  it('nodes: an object missing after the others have arrived is still a null at its own index', async () => {
    // Compiled execution once appended such a null after the items already completed
    // (graphql-jit, patched: patches/README.md), answering a list one longer than `ids`.
    stack.upstream.injectFault({ method: 'GET', path: '/api/projects/999998/', delayMs: 150 });
    const ids = [toGlobalId('Project', 999998), toGlobalId('Organization', ORG_A)]; // an organization needs no upstream call
    const res = await stack.graphql<any>('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids });
    expect(res.data?.nodes).toEqual([null, { id: ids[1] }]);
    expect(res.errors?.map((e) => [e.path, e.extensions?.code])).toEqual([[['nodes', 0], 'NOT_FOUND']]);
  });

  it('refuses more than 100 ids without calling the upstream', async () => {
    stack.upstream.resetRequests();
    const ids = Array.from({ length: 101 }, () => toGlobalId('Project', projectIds[0]!));
    const res = await stack.graphql<any>('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids });
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(stack.upstream.requests).toHaveLength(0);
  });

  it('rejects garbage and unknown types with BAD_USER_INPUT', async () => {
    for (const id of ['nope', toGlobalId('Spaceship', 1)]) {
      const res = await stack.graphql<any>('query($id: ID!) { node(id: $id) { id } }', { id });
      expect(res.data?.node).toBeNull();
      expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
  });
});

describe('organization(id:)', () => {
  it('accepts a UUID or a global id without calling the upstream', async () => {
    for (const id of [ORG_A, ORG_A.toUpperCase(), toGlobalId('Organization', ORG_A)]) {
      const res = await stack.graphql<any>('query($id: ID!) { organization(id: $id) { id databaseId } }', { id }, { report: true });
      expect(expectNoErrors(res).organization).toEqual({ id: toGlobalId('Organization', ORG_A), databaseId: ORG_A });
      expect(reportedCalls(res)).toEqual([]);
    }
  });
  it('rejects anything else', async () => {
    const res = await stack.graphql<any>('{ organization(id: "acme") { id } }');
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('federation entities', () => {
  const ENTITIES =
    'query($r: [_Any!]!) { _entities(representations: $r) { __typename ... on Project { id databaseId name } ... on Organization { orgUuid: databaseId } } }';

  it('resolves Project by id and by databaseId, de-duplicated, and a missing one as null', async () => {
    const [a, b] = projectIds as [number, number];
    const representations = [
      { __typename: 'Project', id: toGlobalId('Project', a) },
      { __typename: 'Project', databaseId: a },
      { __typename: 'Project', databaseId: b },
      { __typename: 'Project', databaseId: 999999 },
      { __typename: 'Organization', id: toGlobalId('Organization', ORG_A) },
    ];
    const res = await stack.graphql<any>(ENTITIES, { r: representations }, { report: true });
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    const entities = res.data?._entities;
    expect(entities[0]).toEqual(entities[1]);
    expect(entities[0]).toMatchObject({ __typename: 'Project', databaseId: a });
    expect(entities[2]).toMatchObject({ databaseId: b });
    expect(entities[3]).toBeNull();
    expect(entities[4]).toEqual({ __typename: 'Organization', orgUuid: ORG_A });
    expect(res.extensions?.upstream.totals).toMatchObject({ calls: 3, waves: 1 });
  });
});
