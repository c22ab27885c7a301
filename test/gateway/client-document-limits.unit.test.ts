// Every document the repository's Apollo Client and Relay tests send passes every query limit with
// room to spare: with each limit cut to two thirds (depth, aliases, directives, tokens, cost, the
// variables' nesting and strings), the gateway's own rules still accept it. The documents: those
// the tools emitted for the benchmark (bench/client-documents/), the typed documents of
// test/clients/operations/ as Apollo Client sends them (`__typename` added), the request texts
// relay-compiler generated, the README's queries.
import { describe, expect, it } from 'vitest';
import { Kind, parse, print, specifiedRules, validate, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { addTypenameToDocument } from '@apollo/client/utilities';
import type { GraphQLRequestContextDidResolveOperation } from '@apollo/server';
import { gatewaySchema } from '../../src/schema.ts';
import { QUERY_LIMITS, costLimit } from '../../src/apollo-plugins/cost-limit.ts';
import { queryLimitRules } from '../../src/query-limits.ts';
import { INPUT_LIMITS, inputProblem } from '../../src/apollo-plugins/input-limits.ts';
import type { GatewayContext } from '../../src/context.ts';
import { markdownOperations, relayRequests } from '../../scripts/check-operations.ts';
import { clientDocument, clientDocuments } from '../../bench/client-documents.ts';
import * as apolloDocuments from '../clients/generated/graphql.ts';

const schema = gatewaySchema();
const ROOM = 2 / 3;
const tight = (limit: number) => Math.floor(limit * ROOM);

interface SentDocument {
  source: string;
  text: string;
  variables: Record<string, unknown>;
}

const isOperationDocument = (value: unknown): value is DocumentNode =>
  (value as DocumentNode | null)?.kind === Kind.DOCUMENT && (value as DocumentNode).definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION);

// Variables as recorded where the tools' requests were recorded; none elsewhere, so every list
// without a `first` is sized at the page cap (the most the cost estimate can be).
const documents: SentDocument[] = [
  ...(['apollo', 'relay'] as const).flatMap((tool) =>
    clientDocuments(tool).documents.map((d) => ({ source: `bench/client-documents ${tool} ${d.operationName}`, text: d.query, variables: d.variables })),
  ),
  ...Object.entries(apolloDocuments)
    .filter((entry): entry is [string, DocumentNode] => isOperationDocument(entry[1]))
    .map(([name, document]) => ({ source: `Apollo Client: ${name}`, text: print(addTypenameToDocument(document)), variables: {} })),
  ...relayRequests().map(({ source, body }) => ({ source, text: body as string, variables: {} })),
  ...markdownOperations('README.md').map(({ source, body }) => ({ source, text: body as string, variables: {} })),
];

/** The cost limit's own check (apollo-plugins/cost-limit.ts) at `maxCost`, on each operation of `document`. */
function checkCost(document: DocumentNode, variables: Record<string, unknown>, maxCost: number): void {
  const check = costLimit(maxCost);
  for (const operation of document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)) {
    const request = { schema, document, operation, request: { variables } } as unknown as GraphQLRequestContextDidResolveOperation<GatewayContext>;
    check(request, false);
  }
}

describe('the documents the client tests send', () => {
  it('include the ones the tools emitted for the benchmark, and Apollo Client sends the typed documents as printed here', () => {
    expect(documents.length).toBeGreaterThan(20);
    expect(print(addTypenameToDocument(apolloDocuments.FlagTableDocument))).toBe(clientDocument('apollo', 'FlagTable').query);
  });

  it.each(documents)('$source passes every limit at two thirds of its value', ({ text, variables }) => {
    const document = parse(text, { maxTokens: tight(QUERY_LIMITS.maxTokens) });
    expect(validate(schema, document, specifiedRules)).toEqual([]);
    const structural = { maxDepth: tight(QUERY_LIMITS.maxDepth), maxAliases: tight(QUERY_LIMITS.maxAliases), maxDirectives: tight(QUERY_LIMITS.maxDirectives) };
    expect(validate(schema, document, queryLimitRules(structural)).map((error) => error.message)).toEqual([]);
    expect(() => checkCost(document, variables, tight(QUERY_LIMITS.maxCost))).not.toThrow();
    expect(inputProblem(variables, { maxDepth: tight(INPUT_LIMITS.maxDepth), maxStringLength: tight(INPUT_LIMITS.maxReadStringLength) })).toBeNull();
  });
});
