// The query cost limit: src/query-cost.ts scores an operation from the schema's @cost/@listSize
// hints as Apollo Router's demand control does, and admission (apollo-plugins/admission.ts) refuses an operation over
// QUERY_LIMITS.maxCost before any upstream call.
import { describe, expect, it } from 'vitest';
import { buildSchema, parse } from 'graphql';
import { operationCost } from '../../src/query-cost.ts';
import { gatewaySchema } from '../../src/schema.ts';
import { QUERY_LIMITS } from '../../src/apollo-plugins/cost-limit.ts';
import { EXAMPLE_OPERATION } from '../../src/server.ts';
import { expectNoErrors, useStack } from './helpers.ts';

// A small schema covering every rule of the scoring, with numbers easy to check by hand.
const TOY = buildSchema(`
  directive @cost(weight: Int!) on FIELD_DEFINITION | OBJECT | SCALAR | ENUM
  directive @listSize(assumedSize: Int, slicingArguments: [String!], sizedFields: [String!], requireOneSlicingArgument: Boolean = true) on FIELD_DEFINITION
  directive @federation__cost(weight: Int!) on FIELD_DEFINITION

  interface Node { id: ID! }
  union Result = Book | Author
  type Query {
    book: Book
    expensiveBook: Book @cost(weight: 10)
    books(first: Int, last: Int): [Book!]! @listSize(assumedSize: 50, slicingArguments: ["first", "last"], requireOneSlicingArgument: false)
    defaultedBooks(first: Int = 7): [Book!]! @listSize(assumedSize: 50, slicingArguments: ["first"], requireOneSlicingArgument: false)
    bookPage(first: Int): BookPage @listSize(assumedSize: 20, slicingArguments: ["first"], sizedFields: ["items"], requireOneSlicingArgument: false)
    unsizedBooks: [Book!]!
    node: Node
    results: [Result!]! @listSize(assumedSize: 2)
    tags: [String!]! @listSize(assumedSize: 1000)
    heavy: Heavy
    renamed: Book @federation__cost(weight: 4)
  }
  type Mutation { renameBook(input: RenameInput!): Book }
  input RenameInput { id: ID!, title: String! }
  type BookPage { items: [Book!]!, others: [Book!]!, total: Int! }
  type Book implements Node { id: ID! title: String author: Author genre: Genre }
  type Author implements Node { id: ID! name: String books: [Book!]! @listSize(assumedSize: 3) }
  type Heavy @cost(weight: 5) { id: ID! }
  enum Genre { NOVEL POETRY }
`);

const toyCost = (query: string, variables: Record<string, unknown> = {}, operationName?: string) =>
  operationCost(TOY, parse(query), operationName, variables, { defaultListSize: 4 });

describe('operationCost: scoring rules', () => {
  it('scalars and enums cost 0, objects 1, __typename 0', () => {
    expect(toyCost('{ book { id title genre __typename } }')).toBe(1);
    expect(toyCost('{ book { author { name } } }')).toBe(2);
    expect(toyCost('{ __typename }')).toBe(0);
  });

  it('@cost on a field or on its type replaces the weight (also spelled @federation__cost)', () => {
    expect(toyCost('{ expensiveBook { author { id } } }')).toBe(10 + 1);
    expect(toyCost('{ heavy { id } }')).toBe(5);
    expect(toyCost('{ renamed { id } }')).toBe(4);
  });

  it('a list costs its element cost times the slicing argument, literal or variable, the largest of several', () => {
    expect(toyCost('{ books(first: 3) { author { id } } }')).toBe(3 * 2);
    expect(toyCost('query($n: Int) { books(first: $n) { id } }', { n: 9 })).toBe(9);
    expect(toyCost('{ books(first: 3, last: 8) { id } }')).toBe(8);
    // A variable's default applies when the request leaves it out; a null one does not count.
    expect(toyCost('query($n: Int = 6) { books(first: $n) { id } }')).toBe(6);
    expect(toyCost('query($n: Int) { books(first: $n) { id } }', { n: null })).toBe(50);
  });

  it('without a slicing argument: its default in the schema, else assumedSize, else the default list size', () => {
    expect(toyCost('{ defaultedBooks { id } }')).toBe(7);
    expect(toyCost('{ defaultedBooks(first: 2) { id } }')).toBe(2);
    expect(toyCost('{ books { id } }')).toBe(50);
    expect(toyCost('{ unsizedBooks { id } }')).toBe(4);
  });

  it('sizedFields size the listed subfields of the returned object, not the field itself', () => {
    expect(toyCost('{ bookPage(first: 5) { total items { id } others { id } } }')).toBe(1 + 5 * 1 + 4 * 1);
    expect(toyCost('{ bookPage { items { id } } }')).toBe(1 + 20);
  });

  it('nested lists multiply', () => {
    expect(toyCost('{ books(first: 10) { author { books { id } } } }')).toBe(10 * (1 + 1 + 3));
  });

  it('a list of scalars costs 0 whatever its size', () => {
    expect(toyCost('{ tags }')).toBe(0);
  });

  it('fragments count by type condition; on an abstract type the most expensive possible type counts', () => {
    expect(toyCost('{ node { id ... on Book { author { id } } ... on Author { books { id } } } }')).toBe(1 + 3);
    expect(toyCost('{ results { ...B ... on Author { name } } } fragment B on Book { author { books { id } } }')).toBe(2 * (1 + 1 + 3));
    expect(toyCost('{ node { ... on Node { ... on Book { author { id } } } } }')).toBe(2);
    expect(toyCost('{ book { ...A } } fragment A on Book { author { id } }')).toBe(2);
  });

  it('@skip/@include are applied with the variables, as execution does', () => {
    expect(toyCost('{ book { id } books @skip(if: true) { id } }')).toBe(1);
    expect(toyCost('query($on: Boolean!) { book @include(if: $on) { id } }', { on: false })).toBe(0);
    expect(toyCost('query($on: Boolean!) { ... @include(if: $on) { book { id } } }', { on: true })).toBe(1);
  });

  it('a mutation costs 10 more; arguments and input objects cost 0', () => {
    expect(toyCost('mutation { renameBook(input: { id: "1", title: "x" }) { id } }')).toBe(10 + 1);
  });

  it('a negative slicing argument counts as 0 (it cannot offset the rest of the operation)', () => {
    expect(toyCost('{ books(first: -1000) { id } book { id } }')).toBe(1);
  });

  it('a slicing value that is not an Int is ignored (assumedSize applies); execution refuses it anyway', () => {
    expect(toyCost('query($n: Int) { books(first: $n) { id } }', { n: 1e300 })).toBe(50);
    expect(toyCost('query($n: Int) { books(first: $n) { id } }', { n: '7' })).toBe(50);
  });

  it('scores the named operation of a document with several', () => {
    const document = 'query A { book { id } } query B { books(first: 2) { id } }';
    expect(toyCost(document, {}, 'A')).toBe(1);
    expect(toyCost(document, {}, 'B')).toBe(2);
    expect(toyCost(document)).toBe(0); // ambiguous: execution refuses it anyway
  });
});

// Every FeatureFlag field, its users, and its project with the organization (whose name costs a call).
const FLAG_FIELDS = `id databaseId key name description filters deleted active createdAt updatedAt version status
  isSimpleFlag rolloutPercentage ensureExperienceContinuity experimentSet surveys features rollbackConditions
  performedRollback canEdit tags usageDashboard analyticsDashboards hasEnrichedAnalytics
  createdBy { email firstName } lastModifiedBy { email firstName } project { name organization { id name } }`;
const PROJECT_FIELDS = `id databaseId uuid apiToken name completedSnippetOnboarding hasCompletedOnboardingFor ingestedEvent isDemo
  timezone accessControl appUrls slackIncomingWebhook createdAt updatedAt anonymizeIps testAccountFilters
  testAccountFiltersDefaultChecked pathCleaningFilters dataAttributes personDisplayNameProperties correlationConfig
  autocaptureOptOut autocaptureExceptionsOptIn autocaptureExceptionsErrorsToIgnore captureConsoleLogOptIn
  capturePerformanceOptIn sessionRecordingOptIn sessionRecordingSampleRate sessionRecordingMinimumDurationMilliseconds
  sessionRecordingLinkedFlag sessionRecordingNetworkPayloadCaptureConfig effectiveMembershipLevel weekStartDay
  hasGroupTypes primaryDashboard liveEventsColumns recordingDomains personOnEventsQueryingEnabled
  groupsOnEventsQueryingEnabled injectWebApps extraSettings surveysOptIn organization { id name }`;
const THREE_LEVELS = `{ projects(first: 100) { nodes { featureFlags(first: 100) { nodes { roleAccess(first: 100) { nodes { id } } } } } } }`;

interface Example {
  name: string;
  query: string;
  variables?: Record<string, unknown>;
  cost: number;
}

/** The measured examples maxCost was chosen from (the same table stands by QUERY_LIMITS.maxCost). */
const ALLOWED: Example[] = [
  { name: "Sandbox's example operation (5 projects x 10 flags)", query: EXAMPLE_OPERATION, cost: 176 },
  {
    name: '50 aliased node(id:) lookups of a flag with its project',
    // FeatureFlag.project is an upstream call of its own (@cost 10): 50 x (10 + 10).
    query: `{ ${Array.from({ length: 50 }, (_, i) => `f${i}: node(id: "RmVhdHVyZUZsYWc6MTox") { id ... on FeatureFlag { key project { name } } }`).join(' ')} }`,
    cost: 1000,
  },
  {
    name: "a project's 100 flags with every FeatureFlag field, createdBy, lastModifiedBy, project { organization { id name } }",
    query: `{ project(id: "1") { featureFlags(first: 100) { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { ${FLAG_FIELDS} } } } } }`,
    cost: 2521,
  },
  {
    // 32 full-record fields at @cost 10 each: 50 x (1 + 320 + 11) + 10 (the page).
    name: 'projects(first: 50) with every Project field and organization { id name }',
    query: `{ projects(first: 50) { totalCount nodes { ${PROJECT_FIELDS} } } }`,
    cost: 16610,
  },
  {
    name: "a project's featureFlags(first: 100) with roleAccess(first: 10) { role { name } }",
    query: `{ project(id: "1") { featureFlags(first: 100) { nodes { roleAccess(first: 10) { nodes { role { name } } } } } } }`,
    cost: 3120,
  },
  {
    name: "the most expensive query of test/: a flag's activity(first: 100) with changes (flag-actions.test.ts)",
    query: `query($id: ID!, $first: Int) { node(id: $id) { ... on FeatureFlag { activity(first: $first) { totalCount pageInfo { hasNextPage }
      nodes { activity scope itemId name createdAt user { email isSystem } changes { action field before after } } } } } }`,
    variables: { id: 'RmVhdHVyZUZsYWc6MTox', first: 100 },
    cost: 10221,
  },
  {
    name: '100 projects x their first 100 flags (key only)',
    query: `{ projects(first: 100) { nodes { featureFlags(first: 100) { nodes { key } } } } }`,
    cost: 11110,
  },
];

const REFUSED: Example[] = [
  {
    name: 'projects(first: 100) with every Project field (each full-record field counts its GET)',
    query: `{ projects(first: 100) { totalCount nodes { ${PROJECT_FIELDS} } } }`,
    cost: 33210,
  },
  { name: 'projects x featureFlags x roleAccess, first: 100 at each level', query: THREE_LEVELS, cost: 1111110 },
  { name: 'the same without first (assumedSize 100)', query: THREE_LEVELS.replace(/\(first: 100\)/g, ''), cost: 1111110 },
  {
    name: 'the same with first from variables',
    query: `query($n: Int) { projects(first: $n) { nodes { featureFlags(first: $n) { nodes { roleAccess(first: $n) { nodes { id } } } } } } }`,
    variables: { n: 100 },
    cost: 1111110,
  },
];

describe('operationCost on the gateway schema: the examples maxCost is chosen from', () => {
  const schema = gatewaySchema();
  const score = ({ query, variables }: Example) =>
    operationCost(schema, parse(query), undefined, variables ?? {}, { defaultListSize: QUERY_LIMITS.maxPageSize });

  it.each(ALLOWED)('$cost: $name (allowed)', (example) => {
    expect(score(example)).toBe(example.cost);
    expect(example.cost).toBeLessThanOrEqual(QUERY_LIMITS.maxCost);
  });

  it.each(REFUSED)('$cost: $name (refused)', (example) => {
    expect(score(example)).toBe(example.cost);
    expect(example.cost).toBeGreaterThan(QUERY_LIMITS.maxCost);
  });

  it('first: $n is read from the variables', () => {
    const query = parse('query($n: Int) { projects(first: $n) { nodes { featureFlags(first: $n) { nodes { key } } } } }');
    // Each connection weighs one upstream call (10), each project and flag 1.
    expect(operationCost(schema, query, undefined, { n: 10 })).toBe(10 + 10 * (1 + 10 + 10));
  });
});

describe('cost limit over HTTP', () => {
  const stack = useStack();

  it.each(REFUSED)('refuses $name with 400 COST_ESTIMATED_TOO_EXPENSIVE and no upstream call', async ({ query, variables, cost }) => {
    stack.upstream.resetRequests();
    const res = await stack.graphql<any>(query, variables);
    expect(res.status).toBe(400);
    expect(res.data ?? null).toBeNull();
    expect(res.errors).toEqual([
      {
        message: `Operation cost ${cost} exceeds the limit of ${QUERY_LIMITS.maxCost}.`,
        extensions: { code: 'COST_ESTIMATED_TOO_EXPENSIVE', cost, maxCost: QUERY_LIMITS.maxCost, requestId: expect.any(String) },
      },
    ]);
    expect(stack.upstream.requests).toHaveLength(0);
  });

  it.each(ALLOWED)('lets $name through', async ({ query, variables }) => {
    const res = await stack.graphql<any>(query, variables);
    expect(res.status).toBe(200);
    expect((res.errors ?? []).map((e) => e.extensions?.code)).not.toContain('COST_ESTIMATED_TOO_EXPENSIVE');
  });

  it('the same operation passes or not depending on first: $n', async () => {
    const query = 'query($n: Int) { projects(first: $n) { nodes { featureFlags(first: $n) { nodes { roleAccess(first: $n) { nodes { id } } } } } } }';
    expectNoErrors(await stack.graphql<any>(query, { n: 10 }));
    expect((await stack.graphql<any>(query, { n: 50 })).errors?.[0]?.extensions?.code).toBe('COST_ESTIMATED_TOO_EXPENSIVE');
  });

  it('without a token an expensive operation is UNAUTHENTICATED first', async () => {
    const res = await stack.graphql<any>(THREE_LEVELS, {}, { token: null });
    expect(res.status).toBe(401);
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('introspection is exempt', async () => {
    // Scored like data (an object per item, lists at the page cap) this would cost over a million.
    const introspection = '{ __schema { types { name fields { name args { name type { name ofType { name } } } } } } }';
    expect(operationCost(gatewaySchema(), parse(introspection), undefined, {})).toBe(0);
    // The limit does not even score it: no `extensions.cost` next to the report, and no token needed.
    const res = await stack.graphql<any>(introspection, {}, { token: null, report: true });
    expect(res.status).toBe(200);
    expect(res.errors).toBeUndefined();
    expect(res.data.__schema.types.length).toBeGreaterThan(20);
    expect(res.extensions?.upstream).toBeDefined();
    expect(res.extensions).not.toHaveProperty('cost');
  });

  it('x-upstream-report: 1 also returns the estimate in extensions.cost, next to the upstream report', async () => {
    const query = '{ projects(first: 10) { nodes { name organization { id } } } }';
    const res = await stack.graphql<any>(query, {}, { report: true });
    expectNoErrors(res);
    expect(res.extensions?.cost).toBe(10 + 10 * 2);
    expect(res.extensions?.upstream?.totals.calls).toBe(1);
    expect((await stack.graphql<any>(query)).extensions?.cost).toBeUndefined();
  });
});
