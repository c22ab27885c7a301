/* eslint-disable */
import * as types from './graphql.ts';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query FlagsByKey($org: ID!, $key: String!) {\n    organization(id: $org) {\n      featureFlagsByKey(key: $key) {\n        flagDatabaseId\n        projectDatabaseId\n        active\n        filters\n        createdAt\n        createdBy {\n          email\n        }\n        project {\n          name\n        }\n        featureFlag {\n          key\n          name\n        }\n      }\n    }\n  }\n": typeof types.FlagsByKeyDocument,
    "\n    mutation CopyFlags($input: CopyFeatureFlagsInput!) {\n      copyFeatureFlags(input: $input) {\n        copiedFeatureFlags {\n          key\n          name\n          project {\n            name\n          }\n          filters\n        }\n        failures {\n          projectDatabaseId\n          project {\n            name\n          }\n          errors\n        }\n        userErrors {\n          field\n          message\n          code\n        }\n      }\n    }\n  ": typeof types.CopyFlagsDocument,
    "\n        query CopiedFlagName($p: ID!) {\n          project(id: $p) {\n            featureFlag(key: \"to-copy\") {\n              name\n            }\n          }\n        }\n      ": typeof types.CopiedFlagNameDocument,
    "\n  query ProjectsPage($first: Int, $after: String, $last: Int, $before: String) {\n    projects(first: $first, after: $after, last: $last, before: $before) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          id\n          databaseId\n          name\n        }\n      }\n      nodes {\n        name\n      }\n    }\n  }\n": typeof types.ProjectsPageDocument,
    "\n  query ProjectNames {\n    projects {\n      nodes {\n        databaseId\n        name\n      }\n    }\n  }\n": typeof types.ProjectNamesDocument,
    "\n  query ProjectName($id: ID!) {\n    project(id: $id) {\n      name\n    }\n  }\n": typeof types.ProjectNameDocument,
    "\n  query ProjectCount {\n    projects {\n      totalCount\n    }\n  }\n": typeof types.ProjectCountDocument,
    "\n        query ProjectListFields {\n          projects(first: 10) {\n            totalCount\n            nodes {\n              id\n              databaseId\n              uuid\n              name\n              apiToken\n              timezone\n              isDemo\n              accessControl\n              ingestedEvent\n              completedSnippetOnboarding\n              organization {\n                id\n                databaseId\n              }\n            }\n          }\n        }\n      ": typeof types.ProjectListFieldsDocument,
    "\n        query ProjectFullRecordFields {\n          projects {\n            nodes {\n              name\n              createdAt\n              weekStartDay\n              appUrls\n              effectiveMembershipLevel\n            }\n          }\n        }\n      ": typeof types.ProjectFullRecordFieldsDocument,
    "\n        query ProjectSearch {\n          projects(search: \"app\") {\n            totalCount\n            nodes {\n              name\n            }\n          }\n        }\n      ": typeof types.ProjectSearchDocument,
    "\n      query ProjectById($id: ID!) {\n        project(id: $id) {\n          id\n          databaseId\n          name\n          timezone\n        }\n      }\n    ": typeof types.ProjectByIdDocument,
    "\n        query ProjectReferencedFourTimes($g: ID!, $n: ID!) {\n          a: project(id: $g) {\n            name\n            createdAt\n          }\n          b: project(id: $n) {\n            apiToken\n            anonymizeIps\n          }\n          c: project(id: $g) {\n            weekStartDay\n          }\n          d: node(id: $g) {\n            id\n            ... on Project {\n              updatedAt\n            }\n          }\n        }\n      ": typeof types.ProjectReferencedFourTimesDocument,
    "\n    mutation CreateProjectForTest($input: CreateProjectInput!) {\n      createProject(input: $input) {\n        project {\n          id\n          databaseId\n          name\n          timezone\n          weekStartDay\n          anonymizeIps\n          appUrls\n          isPendingDeletion\n          organization {\n            databaseId\n          }\n        }\n        userErrors {\n          field\n          message\n          code\n        }\n      }\n    }\n  ": typeof types.CreateProjectForTestDocument,
    "\n          mutation UpdateProjectForTest($input: UpdateProjectInput!) {\n            updateProject(input: $input) {\n              project {\n                id\n                name\n                weekStartDay\n                anonymizeIps\n              }\n              userErrors {\n                field\n                message\n              }\n            }\n          }\n        ": typeof types.UpdateProjectForTestDocument,
    "\n          query ProjectNameAndIps($id: ID!) {\n            project(id: $id) {\n              name\n              anonymizeIps\n            }\n          }\n        ": typeof types.ProjectNameAndIpsDocument,
    "\n          mutation DeleteProjectForTest($input: DeleteProjectInput!) {\n            deleteProject(input: $input) {\n              deletedProjectId\n              deletedDatabaseId\n              userErrors {\n                message\n              }\n            }\n          }\n        ": typeof types.DeleteProjectForTestDocument,
    "\n      query ProjectPendingDeletion($id: ID!) {\n        project(id: $id) {\n          name\n          isPendingDeletion\n        }\n        projects(first: 100) {\n          nodes {\n            id\n          }\n        }\n      }\n    ": typeof types.ProjectPendingDeletionDocument,
    "\n          mutation DeleteProjectAgainForTest($input: DeleteProjectInput!) {\n            deleteProject(input: $input) {\n              deletedProjectId\n              userErrors {\n                message\n              }\n            }\n          }\n        ": typeof types.DeleteProjectAgainForTestDocument,
    "\n  query Viewer {\n    viewer {\n      id\n      databaseId\n      email\n      firstName\n      dateJoined\n      organizations {\n        id\n        name\n        slug\n        membershipLevel\n      }\n      organization {\n        databaseId\n        name\n        createdAt\n        memberCount\n      }\n      project {\n        name\n        apiToken\n        organization {\n          databaseId\n        }\n      }\n    }\n  }\n": typeof types.ViewerDocument,
    "\n  query ViewerOrganizationProjects {\n    viewer {\n      organizations {\n        name\n        projects {\n          totalCount\n          nodes {\n            name\n          }\n        }\n      }\n    }\n  }\n": typeof types.ViewerOrganizationProjectsDocument,
    "\n  query ViewerProjectSettings {\n    viewer {\n      project {\n        createdAt\n      }\n    }\n  }\n": typeof types.ViewerProjectSettingsDocument,
    "\n  query OrganizationRecord($id: ID!) {\n    organization(id: $id) {\n      name\n      slug\n      membershipLevel\n      createdAt\n      updatedAt\n      memberCount\n    }\n  }\n": typeof types.OrganizationRecordDocument,
    "\n  query OrganizationProjects($id: ID!, $first: Int, $after: String) {\n    organization(id: $id) {\n      projects(first: $first, after: $after) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        nodes {\n          name\n          timezone\n        }\n      }\n    }\n  }\n": typeof types.OrganizationProjectsDocument,
};
const documents: Documents = {
    "\n  query FlagsByKey($org: ID!, $key: String!) {\n    organization(id: $org) {\n      featureFlagsByKey(key: $key) {\n        flagDatabaseId\n        projectDatabaseId\n        active\n        filters\n        createdAt\n        createdBy {\n          email\n        }\n        project {\n          name\n        }\n        featureFlag {\n          key\n          name\n        }\n      }\n    }\n  }\n": types.FlagsByKeyDocument,
    "\n    mutation CopyFlags($input: CopyFeatureFlagsInput!) {\n      copyFeatureFlags(input: $input) {\n        copiedFeatureFlags {\n          key\n          name\n          project {\n            name\n          }\n          filters\n        }\n        failures {\n          projectDatabaseId\n          project {\n            name\n          }\n          errors\n        }\n        userErrors {\n          field\n          message\n          code\n        }\n      }\n    }\n  ": types.CopyFlagsDocument,
    "\n        query CopiedFlagName($p: ID!) {\n          project(id: $p) {\n            featureFlag(key: \"to-copy\") {\n              name\n            }\n          }\n        }\n      ": types.CopiedFlagNameDocument,
    "\n  query ProjectsPage($first: Int, $after: String, $last: Int, $before: String) {\n    projects(first: $first, after: $after, last: $last, before: $before) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          id\n          databaseId\n          name\n        }\n      }\n      nodes {\n        name\n      }\n    }\n  }\n": types.ProjectsPageDocument,
    "\n  query ProjectNames {\n    projects {\n      nodes {\n        databaseId\n        name\n      }\n    }\n  }\n": types.ProjectNamesDocument,
    "\n  query ProjectName($id: ID!) {\n    project(id: $id) {\n      name\n    }\n  }\n": types.ProjectNameDocument,
    "\n  query ProjectCount {\n    projects {\n      totalCount\n    }\n  }\n": types.ProjectCountDocument,
    "\n        query ProjectListFields {\n          projects(first: 10) {\n            totalCount\n            nodes {\n              id\n              databaseId\n              uuid\n              name\n              apiToken\n              timezone\n              isDemo\n              accessControl\n              ingestedEvent\n              completedSnippetOnboarding\n              organization {\n                id\n                databaseId\n              }\n            }\n          }\n        }\n      ": types.ProjectListFieldsDocument,
    "\n        query ProjectFullRecordFields {\n          projects {\n            nodes {\n              name\n              createdAt\n              weekStartDay\n              appUrls\n              effectiveMembershipLevel\n            }\n          }\n        }\n      ": types.ProjectFullRecordFieldsDocument,
    "\n        query ProjectSearch {\n          projects(search: \"app\") {\n            totalCount\n            nodes {\n              name\n            }\n          }\n        }\n      ": types.ProjectSearchDocument,
    "\n      query ProjectById($id: ID!) {\n        project(id: $id) {\n          id\n          databaseId\n          name\n          timezone\n        }\n      }\n    ": types.ProjectByIdDocument,
    "\n        query ProjectReferencedFourTimes($g: ID!, $n: ID!) {\n          a: project(id: $g) {\n            name\n            createdAt\n          }\n          b: project(id: $n) {\n            apiToken\n            anonymizeIps\n          }\n          c: project(id: $g) {\n            weekStartDay\n          }\n          d: node(id: $g) {\n            id\n            ... on Project {\n              updatedAt\n            }\n          }\n        }\n      ": types.ProjectReferencedFourTimesDocument,
    "\n    mutation CreateProjectForTest($input: CreateProjectInput!) {\n      createProject(input: $input) {\n        project {\n          id\n          databaseId\n          name\n          timezone\n          weekStartDay\n          anonymizeIps\n          appUrls\n          isPendingDeletion\n          organization {\n            databaseId\n          }\n        }\n        userErrors {\n          field\n          message\n          code\n        }\n      }\n    }\n  ": types.CreateProjectForTestDocument,
    "\n          mutation UpdateProjectForTest($input: UpdateProjectInput!) {\n            updateProject(input: $input) {\n              project {\n                id\n                name\n                weekStartDay\n                anonymizeIps\n              }\n              userErrors {\n                field\n                message\n              }\n            }\n          }\n        ": types.UpdateProjectForTestDocument,
    "\n          query ProjectNameAndIps($id: ID!) {\n            project(id: $id) {\n              name\n              anonymizeIps\n            }\n          }\n        ": types.ProjectNameAndIpsDocument,
    "\n          mutation DeleteProjectForTest($input: DeleteProjectInput!) {\n            deleteProject(input: $input) {\n              deletedProjectId\n              deletedDatabaseId\n              userErrors {\n                message\n              }\n            }\n          }\n        ": types.DeleteProjectForTestDocument,
    "\n      query ProjectPendingDeletion($id: ID!) {\n        project(id: $id) {\n          name\n          isPendingDeletion\n        }\n        projects(first: 100) {\n          nodes {\n            id\n          }\n        }\n      }\n    ": types.ProjectPendingDeletionDocument,
    "\n          mutation DeleteProjectAgainForTest($input: DeleteProjectInput!) {\n            deleteProject(input: $input) {\n              deletedProjectId\n              userErrors {\n                message\n              }\n            }\n          }\n        ": types.DeleteProjectAgainForTestDocument,
    "\n  query Viewer {\n    viewer {\n      id\n      databaseId\n      email\n      firstName\n      dateJoined\n      organizations {\n        id\n        name\n        slug\n        membershipLevel\n      }\n      organization {\n        databaseId\n        name\n        createdAt\n        memberCount\n      }\n      project {\n        name\n        apiToken\n        organization {\n          databaseId\n        }\n      }\n    }\n  }\n": types.ViewerDocument,
    "\n  query ViewerOrganizationProjects {\n    viewer {\n      organizations {\n        name\n        projects {\n          totalCount\n          nodes {\n            name\n          }\n        }\n      }\n    }\n  }\n": types.ViewerOrganizationProjectsDocument,
    "\n  query ViewerProjectSettings {\n    viewer {\n      project {\n        createdAt\n      }\n    }\n  }\n": types.ViewerProjectSettingsDocument,
    "\n  query OrganizationRecord($id: ID!) {\n    organization(id: $id) {\n      name\n      slug\n      membershipLevel\n      createdAt\n      updatedAt\n      memberCount\n    }\n  }\n": types.OrganizationRecordDocument,
    "\n  query OrganizationProjects($id: ID!, $first: Int, $after: String) {\n    organization(id: $id) {\n      projects(first: $first, after: $after) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        nodes {\n          name\n          timezone\n        }\n      }\n    }\n  }\n": types.OrganizationProjectsDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FlagsByKey($org: ID!, $key: String!) {\n    organization(id: $org) {\n      featureFlagsByKey(key: $key) {\n        flagDatabaseId\n        projectDatabaseId\n        active\n        filters\n        createdAt\n        createdBy {\n          email\n        }\n        project {\n          name\n        }\n        featureFlag {\n          key\n          name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query FlagsByKey($org: ID!, $key: String!) {\n    organization(id: $org) {\n      featureFlagsByKey(key: $key) {\n        flagDatabaseId\n        projectDatabaseId\n        active\n        filters\n        createdAt\n        createdBy {\n          email\n        }\n        project {\n          name\n        }\n        featureFlag {\n          key\n          name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation CopyFlags($input: CopyFeatureFlagsInput!) {\n      copyFeatureFlags(input: $input) {\n        copiedFeatureFlags {\n          key\n          name\n          project {\n            name\n          }\n          filters\n        }\n        failures {\n          projectDatabaseId\n          project {\n            name\n          }\n          errors\n        }\n        userErrors {\n          field\n          message\n          code\n        }\n      }\n    }\n  "): (typeof documents)["\n    mutation CopyFlags($input: CopyFeatureFlagsInput!) {\n      copyFeatureFlags(input: $input) {\n        copiedFeatureFlags {\n          key\n          name\n          project {\n            name\n          }\n          filters\n        }\n        failures {\n          projectDatabaseId\n          project {\n            name\n          }\n          errors\n        }\n        userErrors {\n          field\n          message\n          code\n        }\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n        query CopiedFlagName($p: ID!) {\n          project(id: $p) {\n            featureFlag(key: \"to-copy\") {\n              name\n            }\n          }\n        }\n      "): (typeof documents)["\n        query CopiedFlagName($p: ID!) {\n          project(id: $p) {\n            featureFlag(key: \"to-copy\") {\n              name\n            }\n          }\n        }\n      "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectsPage($first: Int, $after: String, $last: Int, $before: String) {\n    projects(first: $first, after: $after, last: $last, before: $before) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          id\n          databaseId\n          name\n        }\n      }\n      nodes {\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query ProjectsPage($first: Int, $after: String, $last: Int, $before: String) {\n    projects(first: $first, after: $after, last: $last, before: $before) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          id\n          databaseId\n          name\n        }\n      }\n      nodes {\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectNames {\n    projects {\n      nodes {\n        databaseId\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query ProjectNames {\n    projects {\n      nodes {\n        databaseId\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectName($id: ID!) {\n    project(id: $id) {\n      name\n    }\n  }\n"): (typeof documents)["\n  query ProjectName($id: ID!) {\n    project(id: $id) {\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectCount {\n    projects {\n      totalCount\n    }\n  }\n"): (typeof documents)["\n  query ProjectCount {\n    projects {\n      totalCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n        query ProjectListFields {\n          projects(first: 10) {\n            totalCount\n            nodes {\n              id\n              databaseId\n              uuid\n              name\n              apiToken\n              timezone\n              isDemo\n              accessControl\n              ingestedEvent\n              completedSnippetOnboarding\n              organization {\n                id\n                databaseId\n              }\n            }\n          }\n        }\n      "): (typeof documents)["\n        query ProjectListFields {\n          projects(first: 10) {\n            totalCount\n            nodes {\n              id\n              databaseId\n              uuid\n              name\n              apiToken\n              timezone\n              isDemo\n              accessControl\n              ingestedEvent\n              completedSnippetOnboarding\n              organization {\n                id\n                databaseId\n              }\n            }\n          }\n        }\n      "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n        query ProjectFullRecordFields {\n          projects {\n            nodes {\n              name\n              createdAt\n              weekStartDay\n              appUrls\n              effectiveMembershipLevel\n            }\n          }\n        }\n      "): (typeof documents)["\n        query ProjectFullRecordFields {\n          projects {\n            nodes {\n              name\n              createdAt\n              weekStartDay\n              appUrls\n              effectiveMembershipLevel\n            }\n          }\n        }\n      "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n        query ProjectSearch {\n          projects(search: \"app\") {\n            totalCount\n            nodes {\n              name\n            }\n          }\n        }\n      "): (typeof documents)["\n        query ProjectSearch {\n          projects(search: \"app\") {\n            totalCount\n            nodes {\n              name\n            }\n          }\n        }\n      "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      query ProjectById($id: ID!) {\n        project(id: $id) {\n          id\n          databaseId\n          name\n          timezone\n        }\n      }\n    "): (typeof documents)["\n      query ProjectById($id: ID!) {\n        project(id: $id) {\n          id\n          databaseId\n          name\n          timezone\n        }\n      }\n    "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n        query ProjectReferencedFourTimes($g: ID!, $n: ID!) {\n          a: project(id: $g) {\n            name\n            createdAt\n          }\n          b: project(id: $n) {\n            apiToken\n            anonymizeIps\n          }\n          c: project(id: $g) {\n            weekStartDay\n          }\n          d: node(id: $g) {\n            id\n            ... on Project {\n              updatedAt\n            }\n          }\n        }\n      "): (typeof documents)["\n        query ProjectReferencedFourTimes($g: ID!, $n: ID!) {\n          a: project(id: $g) {\n            name\n            createdAt\n          }\n          b: project(id: $n) {\n            apiToken\n            anonymizeIps\n          }\n          c: project(id: $g) {\n            weekStartDay\n          }\n          d: node(id: $g) {\n            id\n            ... on Project {\n              updatedAt\n            }\n          }\n        }\n      "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation CreateProjectForTest($input: CreateProjectInput!) {\n      createProject(input: $input) {\n        project {\n          id\n          databaseId\n          name\n          timezone\n          weekStartDay\n          anonymizeIps\n          appUrls\n          isPendingDeletion\n          organization {\n            databaseId\n          }\n        }\n        userErrors {\n          field\n          message\n          code\n        }\n      }\n    }\n  "): (typeof documents)["\n    mutation CreateProjectForTest($input: CreateProjectInput!) {\n      createProject(input: $input) {\n        project {\n          id\n          databaseId\n          name\n          timezone\n          weekStartDay\n          anonymizeIps\n          appUrls\n          isPendingDeletion\n          organization {\n            databaseId\n          }\n        }\n        userErrors {\n          field\n          message\n          code\n        }\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n          mutation UpdateProjectForTest($input: UpdateProjectInput!) {\n            updateProject(input: $input) {\n              project {\n                id\n                name\n                weekStartDay\n                anonymizeIps\n              }\n              userErrors {\n                field\n                message\n              }\n            }\n          }\n        "): (typeof documents)["\n          mutation UpdateProjectForTest($input: UpdateProjectInput!) {\n            updateProject(input: $input) {\n              project {\n                id\n                name\n                weekStartDay\n                anonymizeIps\n              }\n              userErrors {\n                field\n                message\n              }\n            }\n          }\n        "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n          query ProjectNameAndIps($id: ID!) {\n            project(id: $id) {\n              name\n              anonymizeIps\n            }\n          }\n        "): (typeof documents)["\n          query ProjectNameAndIps($id: ID!) {\n            project(id: $id) {\n              name\n              anonymizeIps\n            }\n          }\n        "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n          mutation DeleteProjectForTest($input: DeleteProjectInput!) {\n            deleteProject(input: $input) {\n              deletedProjectId\n              deletedDatabaseId\n              userErrors {\n                message\n              }\n            }\n          }\n        "): (typeof documents)["\n          mutation DeleteProjectForTest($input: DeleteProjectInput!) {\n            deleteProject(input: $input) {\n              deletedProjectId\n              deletedDatabaseId\n              userErrors {\n                message\n              }\n            }\n          }\n        "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      query ProjectPendingDeletion($id: ID!) {\n        project(id: $id) {\n          name\n          isPendingDeletion\n        }\n        projects(first: 100) {\n          nodes {\n            id\n          }\n        }\n      }\n    "): (typeof documents)["\n      query ProjectPendingDeletion($id: ID!) {\n        project(id: $id) {\n          name\n          isPendingDeletion\n        }\n        projects(first: 100) {\n          nodes {\n            id\n          }\n        }\n      }\n    "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n          mutation DeleteProjectAgainForTest($input: DeleteProjectInput!) {\n            deleteProject(input: $input) {\n              deletedProjectId\n              userErrors {\n                message\n              }\n            }\n          }\n        "): (typeof documents)["\n          mutation DeleteProjectAgainForTest($input: DeleteProjectInput!) {\n            deleteProject(input: $input) {\n              deletedProjectId\n              userErrors {\n                message\n              }\n            }\n          }\n        "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Viewer {\n    viewer {\n      id\n      databaseId\n      email\n      firstName\n      dateJoined\n      organizations {\n        id\n        name\n        slug\n        membershipLevel\n      }\n      organization {\n        databaseId\n        name\n        createdAt\n        memberCount\n      }\n      project {\n        name\n        apiToken\n        organization {\n          databaseId\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Viewer {\n    viewer {\n      id\n      databaseId\n      email\n      firstName\n      dateJoined\n      organizations {\n        id\n        name\n        slug\n        membershipLevel\n      }\n      organization {\n        databaseId\n        name\n        createdAt\n        memberCount\n      }\n      project {\n        name\n        apiToken\n        organization {\n          databaseId\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ViewerOrganizationProjects {\n    viewer {\n      organizations {\n        name\n        projects {\n          totalCount\n          nodes {\n            name\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ViewerOrganizationProjects {\n    viewer {\n      organizations {\n        name\n        projects {\n          totalCount\n          nodes {\n            name\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ViewerProjectSettings {\n    viewer {\n      project {\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query ViewerProjectSettings {\n    viewer {\n      project {\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrganizationRecord($id: ID!) {\n    organization(id: $id) {\n      name\n      slug\n      membershipLevel\n      createdAt\n      updatedAt\n      memberCount\n    }\n  }\n"): (typeof documents)["\n  query OrganizationRecord($id: ID!) {\n    organization(id: $id) {\n      name\n      slug\n      membershipLevel\n      createdAt\n      updatedAt\n      memberCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrganizationProjects($id: ID!, $first: Int, $after: String) {\n    organization(id: $id) {\n      projects(first: $first, after: $after) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        nodes {\n          name\n          timezone\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query OrganizationProjects($id: ID!, $first: Int, $after: String) {\n    organization(id: $id) {\n      projects(first: $first, after: $after) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        nodes {\n          name\n          timezone\n        }\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;