// A project's flags, paged the usePaginationFragment way: the fragment is @refetchable, so
// relay-compiler generates FlagListPaginationQuery (node(id:) + first/after) for loadNext.
// Read by relay-compiler only (artifacts in ../__generated__/): never imported at run time.
import { graphql } from 'relay-runtime';

graphql`
  query FlagListQuery($projectId: ID!, $count: Int!, $cursor: String) {
    project(id: $projectId) {
      id
      name
      ...FlagList_project @arguments(count: $count, cursor: $cursor)
    }
  }
`;

graphql`
  fragment FlagList_project on Project
  @refetchable(queryName: "FlagListPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }) {
    featureFlags(first: $count, after: $cursor) @connection(key: "FlagList_featureFlags") {
      totalCount
      edges {
        node {
          id
          key
          name
          active
        }
      }
    }
  }
`;
