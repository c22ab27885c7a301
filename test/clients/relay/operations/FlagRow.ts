// One row of a flag table, colocated with its component; `$withCreator` is the operation's own
// variable (a global variable, in Relay's words). Read by relay-compiler only: never imported at run time.
import { graphql } from 'relay-runtime';

graphql`
  fragment FlagRow_flag on FeatureFlag {
    databaseId
    key
    name
    active
    deleted
    createdAt
    createdBy @include(if: $withCreator) {
      email
    }
  }
`;
