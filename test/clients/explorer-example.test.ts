// The example operation Sandbox and the offline GraphiQL open with, paged by the README's own Apollo
// Client (its `Query.projects` policy): what a team copying the example into its app gets.
import { describe, expect, it } from 'vitest';
import { gql } from '@apollo/client';
import { firstValueFrom, filter } from 'rxjs';
import { EXAMPLE_OPERATION } from '../../src/server.ts';
import { useStack } from '../gateway/helpers.ts';
import { KEY_A, ORG_A, seedOrganization, seedProject, seedUser } from '../fixtures/seed.ts';
import { readmeApolloClient } from './readme-snippets.ts';

const PROJECT_COUNT = 7;

const stack = useStack({
  seed: {
    organizations: [seedOrganization(ORG_A, 'Acme')],
    users: [seedUser('alice@acme.test', KEY_A, ORG_A)],
    projects: Array.from({ length: PROJECT_COUNT }, (_, i) => seedProject(ORG_A, `Project ${i}`)),
  },
});

interface ExampleResult {
  projects: {
    totalCount: number;
    edges: { cursor: string; node: { name: string } }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
}

describe("the explorer's example operation", () => {
  it("pages every project into one list with the README's client (first 5, then the rest)", async () => {
    const client = readmeApolloClient(stack.gatewayUrl, KEY_A);
    const query = client.watchQuery<ExampleResult>({ query: gql(EXAMPLE_OPERATION) });
    const first = await firstValueFrom(query.pipe(filter((result) => result.dataState === 'complete')));
    expect(first.data.projects.edges).toHaveLength(5);
    expect(first.data.projects.pageInfo.hasNextPage).toBe(true);

    await query.fetchMore({ variables: { after: first.data.projects.pageInfo.endCursor } });
    const merged = query.getCurrentResult();
    if (merged.dataState !== 'complete') throw new Error(`incomplete result: ${merged.dataState}`);
    const names = merged.data.projects.edges.map((edge) => edge.node.name);
    expect(names).toHaveLength(PROJECT_COUNT);
    expect(new Set(names).size).toBe(PROJECT_COUNT);
    expect(merged.data.projects.pageInfo.hasNextPage).toBe(false);
  });
});
