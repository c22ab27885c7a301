// Project domain end to end: gateway + local upstream on port 0, over HTTP. Its operations are
// typed documents (test/gateway/generated): a schema change breaks this file at typecheck.
import { describe, expect, it } from 'vitest';
import { expectNoErrors, reportedCalls, useStack } from './helpers.ts';
import { graphql } from './generated/gql.ts';
import { ORG_A } from '../fixtures/seed.ts';
import { toGlobalId } from '../../src/relay/global-id.ts';

const stack = useStack();

const LIST = graphql(`
  query ProjectsPage($first: Int, $after: String, $last: Int, $before: String) {
    projects(first: $first, after: $after, last: $last, before: $before) {
      totalCount
      pageInfo {
        hasNextPage
        hasPreviousPage
        startCursor
        endCursor
      }
      edges {
        cursor
        node {
          id
          databaseId
          name
        }
      }
      nodes {
        name
      }
    }
  }
`);
const PROJECT_NAMES = graphql(`
  query ProjectNames {
    projects {
      nodes {
        databaseId
        name
      }
    }
  }
`);
const PROJECT_NAME = graphql(`
  query ProjectName($id: ID!) {
    project(id: $id) {
      name
    }
  }
`);
const PROJECT_COUNT = graphql(`
  query ProjectCount {
    projects {
      totalCount
    }
  }
`);

async function projectIdByName(name: string): Promise<number> {
  const data = expectNoErrors(await stack.graphql(PROJECT_NAMES, {}));
  const found = data.projects?.nodes.find((p) => p.name === name);
  if (!found) throw new Error(`no project ${name}`);
  return found.databaseId;
}

describe('projects connection', () => {
  it("lists the caller's projects with list fields in one upstream call", async () => {
    const res = await stack.graphql(
      graphql(`
        query ProjectListFields {
          projects(first: 10) {
            totalCount
            nodes {
              id
              databaseId
              uuid
              name
              apiToken
              timezone
              isDemo
              accessControl
              ingestedEvent
              completedSnippetOnboarding
              organization {
                id
                databaseId
              }
            }
          }
        }
      `),
      {},
      { report: true },
    );
    const projects = expectNoErrors(res).projects!;
    expect(projects.totalCount).toBe(2);
    expect(projects.nodes.map((p) => p.name).sort()).toEqual(['Acme App', 'Acme Web']);
    const paris = projects.nodes.find((p) => p.name === 'Acme App')!;
    expect(paris.timezone).toBe('Europe/Paris');
    expect(paris.id).toBe(toGlobalId('Project', paris.databaseId));
    expect(paris.organization).toEqual({ id: toGlobalId('Organization', ORG_A), databaseId: ORG_A });
    expect(paris.apiToken).toMatch(/^phc_/);
    expect(reportedCalls(res)).toEqual(['GET /api/projects/']);
    expect(res.extensions?.upstream.totals).toMatchObject({ calls: 1, waves: 1 });
  });

  it('fetches full records only for fields the list lacks: one parallel wave after the list', async () => {
    const res = await stack.graphql(
      graphql(`
        query ProjectFullRecordFields {
          projects {
            nodes {
              name
              createdAt
              weekStartDay
              appUrls
              effectiveMembershipLevel
            }
          }
        }
      `),
      {},
      { report: true },
    );
    const nodes = expectNoErrors(res).projects!.nodes;
    expect(nodes).toHaveLength(2);
    for (const p of nodes) {
      expect(Date.parse(p.createdAt!)).not.toBeNaN();
      expect(p.effectiveMembershipLevel).toBe(15);
      expect(Array.isArray(p.appUrls)).toBe(true);
    }
    expect(reportedCalls(res).sort()).toEqual(['GET /api/projects/', 'GET /api/projects/{id}/', 'GET /api/projects/{id}/']);
    const calls = res.extensions?.upstream.calls as Array<{ route: string; wave: number }>;
    expect(calls.filter((c) => c.route === '/api/projects/{id}/').every((c) => c.wave === 2)).toBe(true);
    expect(res.extensions?.upstream.totals.waves).toBe(2);
  });

  it('pages forward and backward with opaque cursors', async () => {
    const page = async (variables: { first?: number; after?: string | null; last?: number; before?: string | null }) =>
      expectNoErrors(await stack.graphql(LIST, variables)).projects!;
    const first = await page({ first: 1 });
    expect(first.edges).toHaveLength(1);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = await page({ first: 1, after: first.pageInfo.endCursor });
    expect(second.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    expect(second.nodes[0]!.name).not.toBe(first.nodes[0]!.name);
    const back = await page({ last: 1, before: second.pageInfo.startCursor });
    expect(back.nodes).toEqual(first.nodes);
    const lastOnly = await page({ last: 1 });
    expect(lastOnly.nodes).toEqual(second.nodes);
    expect(lastOnly.totalCount).toBe(2);
  });

  it('filters by name with search, counting only the matches', async () => {
    const res = await stack.graphql(
      graphql(`
        query ProjectSearch {
          projects(search: "app") {
            totalCount
            nodes {
              name
            }
          }
        }
      `),
      {},
      { report: true },
    );
    expect(expectNoErrors(res).projects).toEqual({ totalCount: 1, nodes: [{ name: 'Acme App' }] });
    expect(reportedCalls(res)).toEqual(['GET /api/projects/']);
  });

  it.each([
    ['first over 100', { first: 101 }],
    ['negative last', { last: -1 }],
    ['a malformed cursor', { first: 1, after: 'garbage' }],
  ])('rejects %s with BAD_USER_INPUT and no upstream call', async (_name, variables) => {
    stack.upstream.resetRequests();
    const res = await stack.graphql(LIST, variables, { report: true });
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    // The connection is nullable: it is null alone, beside any sibling root field.
    expect(res.data).toEqual({ projects: null });
    expect(res.extensions?.upstream.totals.calls).toBe(0);
    expect(stack.upstream.requests).toHaveLength(0);
  });
});

describe('project(id:)', () => {
  it('accepts the global id and the numeric id alike', async () => {
    const id = await projectIdByName('Acme Web');
    const query = graphql(`
      query ProjectById($id: ID!) {
        project(id: $id) {
          id
          databaseId
          name
          timezone
        }
      }
    `);
    const byGlobal = expectNoErrors(await stack.graphql(query, { id: toGlobalId('Project', id) }));
    const byNumber = expectNoErrors(await stack.graphql(query, { id: String(id) }));
    expect(byGlobal).toEqual(byNumber);
    expect(byGlobal.project).toEqual({ id: toGlobalId('Project', id), databaseId: id, name: 'Acme Web', timezone: 'UTC' });
  });

  it('N references to the same project cost one upstream call', async () => {
    const id = await projectIdByName('Acme Web');
    const gid = toGlobalId('Project', id);
    const res = await stack.graphql(
      graphql(`
        query ProjectReferencedFourTimes($g: ID!, $n: ID!) {
          a: project(id: $g) {
            name
            createdAt
          }
          b: project(id: $n) {
            apiToken
            anonymizeIps
          }
          c: project(id: $g) {
            weekStartDay
          }
          d: node(id: $g) {
            id
            ... on Project {
              updatedAt
            }
          }
        }
      `),
      { g: gid, n: String(id) },
      { report: true },
    );
    const data = expectNoErrors(res);
    expect(data.a?.name).toBe('Acme Web');
    expect(data.d?.id).toBe(gid);
    expect(reportedCalls(res)).toEqual(['GET /api/projects/{id}/']);
  });

  it('returns null with NOT_FOUND for a project that does not exist', async () => {
    const res = await stack.graphql(PROJECT_NAME, { id: '999999' });
    expect(res.data).toEqual({ project: null });
    expect(res.errors?.[0]).toMatchObject({ path: ['project'], extensions: { code: 'NOT_FOUND', upstream: { status: 404 } } });
  });

  it("does not show another organization's project", async () => {
    const globex = expectNoErrors(await stack.graphql(PROJECT_NAMES, {}, { token: stack.keys[1] })).projects!.nodes[0]!.databaseId;
    const res = await stack.graphql(PROJECT_NAME, { id: String(globex) });
    expect(res.data).toEqual({ project: null });
    expect(['NOT_FOUND', 'FORBIDDEN']).toContain(res.errors?.[0]?.extensions?.code);
  });

  it('rejects ids that are neither form with BAD_USER_INPUT and no upstream call', async () => {
    stack.upstream.resetRequests();
    for (const id of ['abc', '../1', toGlobalId('Plugin', 1), '-3']) {
      const res = await stack.graphql(PROJECT_NAME, { id });
      expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    expect(stack.upstream.requests).toHaveLength(0);
  });
});

describe('project mutations', () => {
  const CREATE = graphql(`
    mutation CreateProjectForTest($input: CreateProjectInput!) {
      createProject(input: $input) {
        project {
          id
          databaseId
          name
          timezone
          weekStartDay
          anonymizeIps
          appUrls
          isPendingDeletion
          organization {
            databaseId
          }
        }
        userErrors {
          field
          message
          code
        }
      }
    }
  `);

  it('creates, updates and deletes a project', async () => {
    const created = expectNoErrors(
      await stack.graphql(CREATE, { input: { name: 'Lifecycle', timezone: 'Asia/Tokyo', weekStartDay: 'MONDAY', appUrls: ['https://acme.test'] } }),
    ).createProject;
    expect(created.userErrors).toEqual([]);
    expect(created.project).toMatchObject({
      name: 'Lifecycle',
      timezone: 'Asia/Tokyo',
      weekStartDay: 'MONDAY',
      appUrls: ['https://acme.test'],
      isPendingDeletion: false,
      organization: { databaseId: ORG_A },
    });
    const project = created.project!;

    const updated = expectNoErrors(
      await stack.graphql(
        graphql(`
          mutation UpdateProjectForTest($input: UpdateProjectInput!) {
            updateProject(input: $input) {
              project {
                id
                name
                weekStartDay
                anonymizeIps
              }
              userErrors {
                field
                message
              }
            }
          }
        `),
        { input: { id: project.id, name: 'Renamed', weekStartDay: 'SUNDAY', anonymizeIps: true } },
      ),
    ).updateProject;
    expect(updated).toEqual({ project: { id: project.id, name: 'Renamed', weekStartDay: 'SUNDAY', anonymizeIps: true }, userErrors: [] });

    const reread = expectNoErrors(
      await stack.graphql(
        graphql(`
          query ProjectNameAndIps($id: ID!) {
            project(id: $id) {
              name
              anonymizeIps
            }
          }
        `),
        { id: project.id },
      ),
    );
    expect(reread.project).toEqual({ name: 'Renamed', anonymizeIps: true });

    const deleted = expectNoErrors(
      await stack.graphql(
        graphql(`
          mutation DeleteProjectForTest($input: DeleteProjectInput!) {
            deleteProject(input: $input) {
              deletedProjectId
              deletedDatabaseId
              userErrors {
                message
              }
            }
          }
        `),
        { input: { id: String(project.databaseId) } },
      ),
    ).deleteProject;
    expect(deleted).toEqual({ deletedProjectId: project.id, deletedDatabaseId: project.databaseId, userErrors: [] });

    // The upstream deletes a project in the background (docs/rest-interface.md, "Projects"): it stays readable and
    // listed, marked pending deletion, and a second deletion is refused with the upstream's message.
    const PENDING = graphql(`
      query ProjectPendingDeletion($id: ID!) {
        project(id: $id) {
          name
          isPendingDeletion
        }
        projects(first: 100) {
          nodes {
            id
          }
        }
      }
    `);
    const pending = expectNoErrors(await stack.graphql(PENDING, { id: project.id }));
    expect(pending.project).toEqual({ name: 'Renamed', isPendingDeletion: true });
    expect(pending.projects!.nodes.map((node) => node.id)).toContain(project.id);
    const again = expectNoErrors(
      await stack.graphql(
        graphql(`
          mutation DeleteProjectAgainForTest($input: DeleteProjectInput!) {
            deleteProject(input: $input) {
              deletedProjectId
              userErrors {
                message
              }
            }
          }
        `),
        { input: { id: String(project.databaseId) } },
      ),
    ).deleteProject;
    expect(again).toEqual({ deletedProjectId: null, userErrors: [{ message: 'This project is already being deleted.' }] });
  });

  it('reports upstream validation failures as userErrors on the input path, changing nothing', async () => {
    const before = expectNoErrors(await stack.graphql(PROJECT_COUNT, {})).projects!.totalCount;
    const res = expectNoErrors(await stack.graphql(CREATE, { input: { name: 'Broken', primaryDashboard: 987654 } })).createProject;
    expect(res.project).toBeNull();
    expect(res.userErrors).toEqual([{ field: ['input', 'primaryDashboard'], message: expect.stringContaining('987654'), code: 'DOES_NOT_EXIST' }]);
    expect(expectNoErrors(await stack.graphql(PROJECT_COUNT, {})).projects!.totalCount).toBe(before);
  });

  it('validates time zones in the gateway before calling the upstream: a userError on the field (test/gateway/user-errors.test.ts)', async () => {
    stack.upstream.resetRequests();
    const res = expectNoErrors(await stack.graphql(CREATE, { input: { name: 'Mars', timezone: 'Mars/Olympus_Mons' } }));
    expect(res.createProject.userErrors).toEqual([expect.objectContaining({ field: ['input', 'timezone'], code: 'INVALID_CHOICE' })]);
    expect(stack.upstream.requests).toHaveLength(0);
  });
});
