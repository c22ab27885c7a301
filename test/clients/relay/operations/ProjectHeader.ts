// The benchmark's "project by id" as a Relay page header asks for it (bench/client-documents/,
// recorded by ../relay-runtime.test.ts). Read by relay-compiler only: never imported at run time.
import { graphql } from 'relay-runtime';

graphql`
  query ProjectHeaderQuery($projectId: ID!) {
    project(id: $projectId) {
      ...ProjectHeader_project
    }
  }
`;

graphql`
  fragment ProjectHeader_project on Project {
    name
    timezone
  }
`;
