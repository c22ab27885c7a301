// The caller and their organizations end to end: `Query.viewer` (GET /api/users/@me/), the
// Organization record (GET /api/organizations/{id}/) and `Organization.projects`
// (GET /api/organizations/{id}/projects/), each with its upstream cost.
import { describe, expect, it } from 'vitest';
import { expectNoErrors, reportedCalls, useStack } from './helpers.ts';
import { graphql } from './generated/gql.ts';
import { LEVEL, ORG_A, ORG_B, seedUser, twoOrgSeed } from '../fixtures/seed.ts';
import { toGlobalId } from '../../src/relay/global-id.ts';

const CAROL = 'phx_test_key_carol_000000000000000';
const NO_USER_SCOPE = 'phx_test_key_dave_0000000000000000';

const stack = useStack(() => {
  const seed = twoOrgSeed();
  const carol = seedUser('carol@acme.test', CAROL, ORG_A, LEVEL.admin, { first_name: 'Carol' });
  carol.memberships = [
    { organization: ORG_A, level: LEVEL.admin },
    { organization: ORG_B, level: LEVEL.member },
  ];
  const dave = seedUser('dave@acme.test', NO_USER_SCOPE, ORG_A, LEVEL.member, { scopes: ['project:read'] });
  return { seed: { ...seed, users: [...seed.users!, carol, dave] } };
});

const VIEWER = graphql(`
  query Viewer {
    viewer {
      id
      databaseId
      email
      firstName
      dateJoined
      organizations {
        id
        name
        slug
        membershipLevel
      }
      organization {
        databaseId
        name
        createdAt
        memberCount
      }
      project {
        name
        apiToken
        organization {
          databaseId
        }
      }
    }
  }
`);

const VIEWER_ORG_PROJECTS = graphql(`
  query ViewerOrganizationProjects {
    viewer {
      organizations {
        name
        projects {
          totalCount
          nodes {
            name
          }
        }
      }
    }
  }
`);

const VIEWER_PROJECT_SETTINGS = graphql(`
  query ViewerProjectSettings {
    viewer {
      project {
        createdAt
      }
    }
  }
`);

const ORGANIZATION = graphql(`
  query OrganizationRecord($id: ID!) {
    organization(id: $id) {
      name
      slug
      membershipLevel
      createdAt
      updatedAt
      memberCount
    }
  }
`);

const ORGANIZATION_PROJECTS = graphql(`
  query OrganizationProjects($id: ID!, $first: Int, $after: String) {
    organization(id: $id) {
      projects(first: $first, after: $after) {
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
        nodes {
          name
          timezone
        }
      }
    }
  }
`);

const totals = (response: { extensions?: Record<string, any> | undefined }) => response.extensions?.upstream.totals;

describe('Query.viewer', () => {
  it('answers the user, every organization, the current organization and the current project from one call', async () => {
    const response = await stack.graphql(VIEWER, {}, { token: CAROL, report: true });
    const { viewer } = expectNoErrors(response);
    expect(viewer).toMatchObject({ email: 'carol@acme.test', firstName: 'Carol', databaseId: expect.any(Number) });
    expect(viewer!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(viewer!.dateJoined).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(viewer!.organizations).toEqual([
      { id: toGlobalId('Organization', ORG_A), name: 'Acme', slug: 'acme', membershipLevel: LEVEL.admin },
      { id: toGlobalId('Organization', ORG_B), name: 'Globex', slug: 'globex', membershipLevel: LEVEL.member },
    ]);
    expect(viewer!.organization).toMatchObject({ databaseId: ORG_A, name: 'Acme', memberCount: 3 });
    expect(viewer!.organization!.createdAt).toMatch(/^\d{4}-/);
    expect(viewer!.project).toMatchObject({ name: 'Acme Web', apiToken: expect.stringMatching(/^phc_/), organization: { databaseId: ORG_A } });
    expect(reportedCalls(response)).toEqual(['GET /api/users/@me/']);
    expect(totals(response)).toMatchObject({ calls: 1, waves: 1 });
  });

  it("pages each organization's projects: one call per organization, all in the second wave", async () => {
    const response = await stack.graphql(VIEWER_ORG_PROJECTS, {}, { token: CAROL, report: true });
    const organizations = expectNoErrors(response).viewer!.organizations;
    expect(organizations.map((o) => [o.name, o.projects!.totalCount, o.projects!.nodes.map((p) => p.name)])).toEqual([
      ['Acme', 2, ['Acme Web', 'Acme App']],
      ['Globex', 1, ['Globex Site']],
    ]);
    expect(reportedCalls(response).sort()).toEqual([
      'GET /api/organizations/{org_id}/projects/',
      'GET /api/organizations/{org_id}/projects/',
      'GET /api/users/@me/',
    ]);
    expect(totals(response)).toMatchObject({ calls: 3, waves: 2 });
  });

  it("reads the current project's full record only for a field its list item lacks", async () => {
    const response = await stack.graphql(VIEWER_PROJECT_SETTINGS, {}, { report: true });
    expect(expectNoErrors(response).viewer!.project!.createdAt).toMatch(/^\d{4}-/);
    expect(reportedCalls(response)).toEqual(['GET /api/users/@me/', 'GET /api/projects/{id}/']);
  });

  it("is null with FORBIDDEN and the upstream's detail when the key lacks user:read; other root fields still answer", async () => {
    const response = await stack.graphql<any>('{ viewer { email } projects { totalCount } }', {}, { token: NO_USER_SCOPE });
    expect(response.data).toEqual({ viewer: null, projects: { totalCount: 2 } });
    expect(response.errors).toHaveLength(1);
    expect(response.errors![0]).toMatchObject({
      path: ['viewer'],
      extensions: { code: 'FORBIDDEN', upstream: { status: 403, detail: "API key missing required scope 'user:read'" } },
    });
  });
});

describe('Organization', () => {
  it('reads its own record: one call for every field, whatever the number of fields', async () => {
    const response = await stack.graphql(ORGANIZATION, { id: ORG_A }, { report: true });
    const organization = expectNoErrors(response).organization!;
    expect(organization).toMatchObject({ name: 'Acme', slug: 'acme', membershipLevel: LEVEL.owner, memberCount: 3 });
    expect(organization.createdAt).toMatch(/^\d{4}-/);
    expect(organization.updatedAt).toMatch(/^\d{4}-/);
    expect(reportedCalls(response)).toEqual(['GET /api/organizations/{id}/']);
  });

  it('of every listed project: one call per distinct organization, after the list', async () => {
    const response = await stack.graphql<any>('{ projects { nodes { organization { name slug } } } }', {}, { token: CAROL, report: true });
    expect(
      expectNoErrors(response)
        .projects.nodes.map((p: any) => p.organization.name)
        .sort(),
    ).toEqual(['Acme', 'Acme', 'Globex']);
    expect(totals(response)).toMatchObject({ calls: 3, waves: 2 });
  });

  it("of the viewer's organizations: free for the current one (its record came with the viewer), one call for each other", async () => {
    const response = await stack.graphql<any>('{ viewer { organizations { name createdAt } } }', {}, { token: CAROL, report: true });
    expect(expectNoErrors(response).viewer.organizations.map((o: any) => o.name)).toEqual(['Acme', 'Globex']);
    expect(reportedCalls(response)).toEqual(['GET /api/users/@me/', 'GET /api/organizations/{id}/']);
    expect(totals(response)).toMatchObject({ calls: 2, waves: 2 });
  });

  it("of an organization the caller does not belong to: null fields with the upstream's NOT_FOUND", async () => {
    const response = await stack.graphql(ORGANIZATION, { id: ORG_B }, { report: true });
    expect(response.data?.organization).toMatchObject({ name: null, slug: null });
    expect(response.errors![0]).toMatchObject({ extensions: { code: 'NOT_FOUND', upstream: { status: 404 } } });
    expect(reportedCalls(response)).toEqual(['GET /api/organizations/{id}/']);
  });
});

describe('Organization.projects', () => {
  it('pages forwards with cursors of its own list, one call per page', async () => {
    const first = await stack.graphql(ORGANIZATION_PROJECTS, { id: ORG_A, first: 1 }, { report: true });
    const page = expectNoErrors(first).organization!.projects!;
    expect(page).toMatchObject({ totalCount: 2, pageInfo: { hasNextPage: true }, nodes: [{ name: 'Acme Web', timezone: 'UTC' }] });
    expect(reportedCalls(first)).toEqual(['GET /api/organizations/{org_id}/projects/']);
    const second = expectNoErrors(await stack.graphql(ORGANIZATION_PROJECTS, { id: ORG_A, first: 1, after: page.pageInfo.endCursor })).organization!.projects!;
    expect(second).toMatchObject({ pageInfo: { hasNextPage: false }, nodes: [{ name: 'Acme App', timezone: 'Europe/Paris' }] });
  });

  it('refuses a cursor of Query.projects (another list)', async () => {
    const all = expectNoErrors(await stack.graphql<any>('{ projects(first: 1) { pageInfo { endCursor } } }'));
    const response = await stack.graphql(ORGANIZATION_PROJECTS, { id: ORG_A, after: all.projects.pageInfo.endCursor });
    expect(response.errors![0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
  });
});
