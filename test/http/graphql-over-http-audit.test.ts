// The GraphQL-over-HTTP audit of graphql-http (the spec's own test suite), run against the gateway and,
// for comparison, against a bare Apollo Server 5: the gateway passes every MUST, and every SHOULD
// except those Apollo Server itself cannot pass.
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { auditServer, type AuditResult } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../gateway/helpers.ts';

/**
 * SHOULDs Apollo Server cannot pass: it answers a document it cannot parse or validate, or variables
 * it cannot coerce, with 400 whatever the Accept header (the spec prefers 200 for application/json).
 */
const APOLLO_SERVER_SHOULD_FAILURES = ['572B', 'FDE2', '7B9B'];

let stack: Stack;
let bare: { url: string; stop(): Promise<void> };
beforeAll(async () => {
  stack = await startStack();
  const server = new ApolloServer({ typeDefs: 'type Query { hello: String }', resolvers: { Query: { hello: () => 'world' } } });
  const { url } = await startStandaloneServer(server, { listen: { port: 0, host: '127.0.0.1' } });
  bare = { url, stop: () => server.stop() };
});
afterAll(async () => {
  await Promise.all([stack?.stop(), bare?.stop()]);
});

function failures(results: AuditResult[], level: 'MUST' | 'SHOULD'): string[] {
  return results
    .filter((r) => r.name.startsWith(level) && r.status !== 'ok')
    .map((r) => r.id)
    .sort();
}

describe('graphql-http auditServer', () => {
  it('passes every MUST and every SHOULD a bare Apollo Server passes', async () => {
    const authorization = `Bearer ${stack.keys[0]}`;
    const withKey: typeof fetch = (input, init) => fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), authorization } });
    const [ours, apollo] = await Promise.all([auditServer({ url: stack.gatewayUrl, fetchFn: withKey }), auditServer({ url: bare.url })]);

    expect(ours.length).toBeGreaterThan(50);
    expect(failures(ours, 'MUST')).toEqual([]);
    expect(failures(ours, 'SHOULD')).toEqual(APOLLO_SERVER_SHOULD_FAILURES.sort());
    // The exceptions are Apollo Server's own, not ours.
    expect(failures(apollo, 'SHOULD')).toEqual(APOLLO_SERVER_SHOULD_FAILURES.sort());
  });
});
