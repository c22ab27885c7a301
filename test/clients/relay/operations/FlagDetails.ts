// A flag's details; @refetchable on a Node type makes relay-compiler generate a node(id:) query.
// Read by relay-compiler only (artifacts in ../__generated__/): never imported at run time.
import { graphql } from 'relay-runtime';

graphql`
  fragment FlagDetails_flag on FeatureFlag @refetchable(queryName: "FlagDetailsRefetchQuery") {
    key
    name
    active
    version
  }
`;
