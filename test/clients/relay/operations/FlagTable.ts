// The benchmark's 50-flag list as a Relay table asks for it: a query with defaults and a
// @connection fragment (relay-compiler adds cursor, pageInfo and __typename) spreading the rows'
// fragment. Read by relay-compiler only: never imported at run time.
import { graphql } from 'relay-runtime';

graphql`
  query FlagTableQuery($projectId: ID!, $count: Int = 50, $cursor: String, $withCreator: Boolean = true) {
    project(id: $projectId) {
      ...FlagTable_project
    }
  }
`;

graphql`
  fragment FlagTable_project on Project {
    featureFlags(first: $count, after: $cursor) @connection(key: "FlagTable_featureFlags") {
      totalCount
      edges {
        node {
          ...FlagRow_flag
        }
      }
    }
  }
`;
