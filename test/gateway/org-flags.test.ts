// Organization-level flag routes end to end: flags by key across projects, copyFeatureFlags
// (copied flags, per-target failures, whole-copy userErrors), other organizations.
import { describe, expect, it } from 'vitest';
import { expectNoErrors, useStack, type GraphQLResponse } from './helpers.ts';
import { graphql } from './generated/gql.ts';
import { EVERYONE, rollout, seededProjectId, seedFlag, seedOrganization, seedProject, seedUser, type SeedFile } from '../fixtures/seed.ts';

const ORG = '01000000-0000-4000-8000-000000000001';
const OTHER_ORG = '02000000-0000-4000-8000-000000000002';
const seed: SeedFile = {
  organizations: [seedOrganization(ORG, 'Acme'), seedOrganization(OTHER_ORG, 'Globex')],
  users: [seedUser('ada@acme.test', 'phx_ada_orgflags_key', ORG), seedUser('bob@globex.test', 'phx_bob_orgflags_key', OTHER_ORG)],
  projects: [seedProject(ORG, 'Web'), seedProject(ORG, 'App'), seedProject(ORG, 'Docs'), seedProject(OTHER_ORG, 'Globex site')],
  feature_flags: [
    seedFlag('Web', 'shared', { organization: ORG, name: 'Web copy', filters: EVERYONE }),
    seedFlag('App', 'shared', { organization: ORG, name: 'App copy', active: false, filters: EVERYONE }),
    seedFlag('Web', 'to-copy', { organization: ORG, name: 'Copy me', filters: rollout(30) }),
    seedFlag('App', 'to-copy', { organization: ORG, name: 'Stale copy', filters: EVERYONE }),
  ],
};

const stack = useStack({ seed });
const codes = (response: GraphQLResponse) => (response.errors ?? []).map((e) => e.extensions?.code);
const projectId = (name: string) => seededProjectId(stack.upstream, name);

const BY_KEY = graphql(`
  query FlagsByKey($org: ID!, $key: String!) {
    organization(id: $org) {
      featureFlagsByKey(key: $key) {
        flagDatabaseId
        projectDatabaseId
        active
        filters
        createdAt
        createdBy {
          email
        }
        project {
          name
        }
        featureFlag {
          key
          name
        }
      }
    }
  }
`);
/** The organization's copies of the flag `key`. */
const byKey = async (org: string, key: string) => expectNoErrors(await stack.graphql(BY_KEY, { org, key })).organization!.featureFlagsByKey;

describe('Organization.featureFlagsByKey', () => {
  it('finds the key in every project of the organization, with each project and full flag', async () => {
    const found = (await byKey(ORG, 'shared'))!;
    const byProject = Object.fromEntries(found.map((f) => [f.project!.name, f]));
    expect(Object.keys(byProject).sort()).toEqual(['App', 'Web']);
    expect(byProject['Web']).toMatchObject({
      projectDatabaseId: projectId('Web'),
      active: true,
      featureFlag: { key: 'shared', name: 'Web copy' },
      filters: EVERYONE,
    });
    expect(byProject['App']).toMatchObject({ active: false, featureFlag: { name: 'App copy' } });
  });

  it('URL-encodes the key into one path segment (no route escapes)', async () => {
    stack.upstream.resetRequests();
    expect(await byKey(ORG, '../../projects/x?y=1#z')).toEqual([]);
    expect(stack.upstream.requests.map((r) => r.path)).toEqual([`/api/organizations/${ORG}/feature_flags/..%2F..%2Fprojects%2Fx%3Fy%3D1%23z/`]);
  });

  it('an unknown key is an empty list, not an error', async () => {
    expect(await byKey(ORG, 'nowhere')).toEqual([]);
  });

  it("another organization's flags are FORBIDDEN with the upstream's detail; an unknown organization is NOT_FOUND", async () => {
    const response = await stack.graphql(BY_KEY, { org: OTHER_ORG, key: 'shared' });
    expect(response.data?.organization?.featureFlagsByKey).toBeNull();
    expect(codes(response)).toEqual(['FORBIDDEN']);
    expect(response.errors?.[0]?.extensions?.upstream).toMatchObject({ status: 403, detail: 'You do not have permission to perform this action.' });
    const unknown = await stack.graphql(BY_KEY, { org: '03000000-0000-4000-8000-000000000003', key: 'shared' });
    expect(codes(unknown)).toEqual(['NOT_FOUND']);
  });
});

describe('copyFeatureFlags', () => {
  const COPY = graphql(`
    mutation CopyFlags($input: CopyFeatureFlagsInput!) {
      copyFeatureFlags(input: $input) {
        copiedFeatureFlags {
          key
          name
          project {
            name
          }
          filters
        }
        failures {
          projectDatabaseId
          project {
            name
          }
          errors
        }
        userErrors {
          field
          message
          code
        }
      }
    }
  `);

  it('updates the flag where the key exists, creates it elsewhere, and reports targets that failed', async () => {
    const result = expectNoErrors(
      await stack.graphql(COPY, {
        input: {
          organizationId: ORG,
          featureFlagKey: 'to-copy',
          fromProjectId: String(projectId('Web')),
          targetProjectIds: [String(projectId('App')), String(projectId('Docs')), '999999'],
        },
      }),
    ).copyFeatureFlags;
    expect(result.userErrors).toEqual([]);
    const copied = Object.fromEntries(result.copiedFeatureFlags!.map((f) => [f.project!.name, f]));
    expect(Object.keys(copied).sort()).toEqual(['App', 'Docs']);
    for (const flag of Object.values(copied))
      expect(flag).toMatchObject({ key: 'to-copy', name: 'Copy me', filters: { groups: [{ rollout_percentage: 30 }] } });
    expect(result.failures).toEqual([{ projectDatabaseId: 999999, project: null, errors: 'Project not found.' }]);
    // The update really happened upstream.
    const app = await stack.graphql(
      graphql(`
        query CopiedFlagName($p: ID!) {
          project(id: $p) {
            featureFlag(key: "to-copy") {
              name
            }
          }
        }
      `),
      { p: String(projectId('App')) },
    );
    expect(expectNoErrors(app).project?.featureFlag?.name).toBe('Copy me');
  });

  it('a source flag that does not exist is a userError and copies nothing', async () => {
    const result = expectNoErrors(
      await stack.graphql(COPY, {
        input: {
          organizationId: ORG,
          featureFlagKey: 'ghost',
          fromProjectId: String(projectId('Web')),
          targetProjectIds: [String(projectId('Docs'))],
        },
      }),
    ).copyFeatureFlags;
    expect(result).toEqual({
      copiedFeatureFlags: null,
      failures: null,
      userErrors: [{ field: null, message: 'Feature flag to copy does not exist.', code: 'OTHER' }],
    });
    expect(await byKey(ORG, 'ghost')).toEqual([]);
  });

  it('a malformed organization id is BAD_USER_INPUT before any upstream call', async () => {
    stack.upstream.resetRequests();
    const response = await stack.graphql(COPY, { input: { organizationId: 'acme', featureFlagKey: 'x', fromProjectId: '1', targetProjectIds: ['2'] } });
    expect(codes(response)).toEqual(['BAD_USER_INPUT']);
    expect(stack.upstream.requests).toEqual([]);
  });
});
