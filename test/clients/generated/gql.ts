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
    "query FlagOwners($projectId: ID!, $first: Int = 50, $after: String, $withCreator: Boolean = true) {\n  project(id: $projectId) {\n    id\n    featureFlags(first: $first, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          ...FlagRowFields\n          project {\n            id\n            name\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}": typeof types.FlagOwnersDocument,
    "fragment FlagRowFields on FeatureFlag {\n  id\n  databaseId\n  key\n  name\n  active\n  deleted\n  createdAt\n  createdBy @include(if: $withCreator) {\n    email\n  }\n}": typeof types.FlagRowFieldsFragmentDoc,
    "query FlagTable($projectId: ID!, $first: Int = 50, $after: String, $withCreator: Boolean = true) {\n  project(id: $projectId) {\n    id\n    ...FlagTableFields\n  }\n}\n\nfragment FlagTableFields on Project {\n  featureFlags(first: $first, after: $after) {\n    totalCount\n    edges {\n      cursor\n      node {\n        ...FlagRowFields\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}": typeof types.FlagTableDocument,
    "query NodeById($id: ID!) {\n  node(id: $id) {\n    __typename\n    id\n    ... on FeatureFlag {\n      key\n      active\n    }\n    ... on Project {\n      name\n    }\n  }\n}": typeof types.NodeByIdDocument,
    "query ObjectsOfEveryType($projectId: ID!, $organizationId: ID!) {\n  project(id: $projectId) {\n    id\n    databaseId\n    name\n    featureFlags(first: 1) {\n      edges {\n        cursor\n        node {\n          id\n          databaseId\n          key\n          name\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n  organization(id: $organizationId) {\n    id\n    databaseId\n    plugins(first: 1) {\n      nodes {\n        id\n        databaseId\n        name\n        pluginType\n      }\n    }\n  }\n}": typeof types.ObjectsOfEveryTypeDocument,
    "query ProjectFlags($projectId: ID!, $first: Int!, $after: String) {\n  project(id: $projectId) {\n    id\n    name\n    featureFlags(first: $first, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          id\n          key\n          name\n          active\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}": typeof types.ProjectFlagsDocument,
    "query ProjectHeader($projectId: ID!) {\n  project(id: $projectId) {\n    ...ProjectHeaderFields\n  }\n}\n\nfragment ProjectHeaderFields on Project {\n  id\n  name\n  timezone\n}": typeof types.ProjectHeaderDocument,
    "mutation RenameFeatureFlag($id: ID!, $name: String!) {\n  updateFeatureFlag(input: {id: $id, name: $name}) {\n    featureFlag {\n      id\n      name\n    }\n    userErrors {\n      field\n      message\n      code\n    }\n  }\n}": typeof types.RenameFeatureFlagDocument,
};
const documents: Documents = {
    "query FlagOwners($projectId: ID!, $first: Int = 50, $after: String, $withCreator: Boolean = true) {\n  project(id: $projectId) {\n    id\n    featureFlags(first: $first, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          ...FlagRowFields\n          project {\n            id\n            name\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}": types.FlagOwnersDocument,
    "fragment FlagRowFields on FeatureFlag {\n  id\n  databaseId\n  key\n  name\n  active\n  deleted\n  createdAt\n  createdBy @include(if: $withCreator) {\n    email\n  }\n}": types.FlagRowFieldsFragmentDoc,
    "query FlagTable($projectId: ID!, $first: Int = 50, $after: String, $withCreator: Boolean = true) {\n  project(id: $projectId) {\n    id\n    ...FlagTableFields\n  }\n}\n\nfragment FlagTableFields on Project {\n  featureFlags(first: $first, after: $after) {\n    totalCount\n    edges {\n      cursor\n      node {\n        ...FlagRowFields\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}": types.FlagTableDocument,
    "query NodeById($id: ID!) {\n  node(id: $id) {\n    __typename\n    id\n    ... on FeatureFlag {\n      key\n      active\n    }\n    ... on Project {\n      name\n    }\n  }\n}": types.NodeByIdDocument,
    "query ObjectsOfEveryType($projectId: ID!, $organizationId: ID!) {\n  project(id: $projectId) {\n    id\n    databaseId\n    name\n    featureFlags(first: 1) {\n      edges {\n        cursor\n        node {\n          id\n          databaseId\n          key\n          name\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n  organization(id: $organizationId) {\n    id\n    databaseId\n    plugins(first: 1) {\n      nodes {\n        id\n        databaseId\n        name\n        pluginType\n      }\n    }\n  }\n}": types.ObjectsOfEveryTypeDocument,
    "query ProjectFlags($projectId: ID!, $first: Int!, $after: String) {\n  project(id: $projectId) {\n    id\n    name\n    featureFlags(first: $first, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          id\n          key\n          name\n          active\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}": types.ProjectFlagsDocument,
    "query ProjectHeader($projectId: ID!) {\n  project(id: $projectId) {\n    ...ProjectHeaderFields\n  }\n}\n\nfragment ProjectHeaderFields on Project {\n  id\n  name\n  timezone\n}": types.ProjectHeaderDocument,
    "mutation RenameFeatureFlag($id: ID!, $name: String!) {\n  updateFeatureFlag(input: {id: $id, name: $name}) {\n    featureFlag {\n      id\n      name\n    }\n    userErrors {\n      field\n      message\n      code\n    }\n  }\n}": types.RenameFeatureFlagDocument,
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
export function graphql(source: "query FlagOwners($projectId: ID!, $first: Int = 50, $after: String, $withCreator: Boolean = true) {\n  project(id: $projectId) {\n    id\n    featureFlags(first: $first, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          ...FlagRowFields\n          project {\n            id\n            name\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}"): (typeof documents)["query FlagOwners($projectId: ID!, $first: Int = 50, $after: String, $withCreator: Boolean = true) {\n  project(id: $projectId) {\n    id\n    featureFlags(first: $first, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          ...FlagRowFields\n          project {\n            id\n            name\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment FlagRowFields on FeatureFlag {\n  id\n  databaseId\n  key\n  name\n  active\n  deleted\n  createdAt\n  createdBy @include(if: $withCreator) {\n    email\n  }\n}"): (typeof documents)["fragment FlagRowFields on FeatureFlag {\n  id\n  databaseId\n  key\n  name\n  active\n  deleted\n  createdAt\n  createdBy @include(if: $withCreator) {\n    email\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query FlagTable($projectId: ID!, $first: Int = 50, $after: String, $withCreator: Boolean = true) {\n  project(id: $projectId) {\n    id\n    ...FlagTableFields\n  }\n}\n\nfragment FlagTableFields on Project {\n  featureFlags(first: $first, after: $after) {\n    totalCount\n    edges {\n      cursor\n      node {\n        ...FlagRowFields\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}"): (typeof documents)["query FlagTable($projectId: ID!, $first: Int = 50, $after: String, $withCreator: Boolean = true) {\n  project(id: $projectId) {\n    id\n    ...FlagTableFields\n  }\n}\n\nfragment FlagTableFields on Project {\n  featureFlags(first: $first, after: $after) {\n    totalCount\n    edges {\n      cursor\n      node {\n        ...FlagRowFields\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query NodeById($id: ID!) {\n  node(id: $id) {\n    __typename\n    id\n    ... on FeatureFlag {\n      key\n      active\n    }\n    ... on Project {\n      name\n    }\n  }\n}"): (typeof documents)["query NodeById($id: ID!) {\n  node(id: $id) {\n    __typename\n    id\n    ... on FeatureFlag {\n      key\n      active\n    }\n    ... on Project {\n      name\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ObjectsOfEveryType($projectId: ID!, $organizationId: ID!) {\n  project(id: $projectId) {\n    id\n    databaseId\n    name\n    featureFlags(first: 1) {\n      edges {\n        cursor\n        node {\n          id\n          databaseId\n          key\n          name\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n  organization(id: $organizationId) {\n    id\n    databaseId\n    plugins(first: 1) {\n      nodes {\n        id\n        databaseId\n        name\n        pluginType\n      }\n    }\n  }\n}"): (typeof documents)["query ObjectsOfEveryType($projectId: ID!, $organizationId: ID!) {\n  project(id: $projectId) {\n    id\n    databaseId\n    name\n    featureFlags(first: 1) {\n      edges {\n        cursor\n        node {\n          id\n          databaseId\n          key\n          name\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n  organization(id: $organizationId) {\n    id\n    databaseId\n    plugins(first: 1) {\n      nodes {\n        id\n        databaseId\n        name\n        pluginType\n      }\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ProjectFlags($projectId: ID!, $first: Int!, $after: String) {\n  project(id: $projectId) {\n    id\n    name\n    featureFlags(first: $first, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          id\n          key\n          name\n          active\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}"): (typeof documents)["query ProjectFlags($projectId: ID!, $first: Int!, $after: String) {\n  project(id: $projectId) {\n    id\n    name\n    featureFlags(first: $first, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          id\n          key\n          name\n          active\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ProjectHeader($projectId: ID!) {\n  project(id: $projectId) {\n    ...ProjectHeaderFields\n  }\n}\n\nfragment ProjectHeaderFields on Project {\n  id\n  name\n  timezone\n}"): (typeof documents)["query ProjectHeader($projectId: ID!) {\n  project(id: $projectId) {\n    ...ProjectHeaderFields\n  }\n}\n\nfragment ProjectHeaderFields on Project {\n  id\n  name\n  timezone\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RenameFeatureFlag($id: ID!, $name: String!) {\n  updateFeatureFlag(input: {id: $id, name: $name}) {\n    featureFlag {\n      id\n      name\n    }\n    userErrors {\n      field\n      message\n      code\n    }\n  }\n}"): (typeof documents)["mutation RenameFeatureFlag($id: ID!, $name: String!) {\n  updateFeatureFlag(input: {id: $id, name: $name}) {\n    featureFlag {\n      id\n      name\n    }\n    userErrors {\n      field\n      message\n      code\n    }\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;