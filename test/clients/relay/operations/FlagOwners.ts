// The benchmark's N+1 trap as a Relay table of flags with their project asks for it: every row
// reads its flag's project again. Read by relay-compiler only: never imported at run time.
import { graphql } from 'relay-runtime';

graphql`
  query FlagOwnersQuery($projectId: ID!, $count: Int = 50, $cursor: String, $withCreator: Boolean = true) {
    project(id: $projectId) {
      ...FlagOwners_project
    }
  }
`;

graphql`
  fragment FlagOwners_project on Project {
    featureFlags(first: $count, after: $cursor) @connection(key: "FlagOwners_featureFlags") {
      totalCount
      edges {
        node {
          ...FlagRow_flag
          project {
            name
          }
        }
      }
    }
  }
`;
