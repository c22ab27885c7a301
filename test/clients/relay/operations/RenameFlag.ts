// Updates a flag; the payload's flag carries its global id, so Relay updates the record in place.
// Read by relay-compiler only (artifacts in ../__generated__/): never imported at run time.
import { graphql } from 'relay-runtime';

graphql`
  mutation RenameFlagMutation($input: UpdateFeatureFlagInput!) {
    updateFeatureFlag(input: $input) {
      featureFlag {
        id
        ...FlagDetails_flag
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;
