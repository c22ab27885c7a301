// Leaves and list items under compiled execution (docs/performance.md, "Compiled execution"):
// graphql-jit is patched (patches/README.md) so that a leaf's locations and path are built only
// when it reports an error, and a list item that is no promise is completed at once. Error answers
// must stay exactly graphql-js's: message, locations, path (with the list indexes), the nulled
// parent. Values a hostile upstream could send reach the serializers here.
import {
  execute,
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLError,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLString,
  parse,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLFieldConfigMap,
} from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import type { GatewayGraphQLRequestContext } from '@apollo/server-gateway-interface';
import { describe, expect, it } from 'vitest';
import { compiledExecutor } from '../../src/execution/compiled-executor.ts';
import { compilationSchema } from '../../src/schema.ts';

type Data = Record<string, unknown>;

// An enum whose internal values differ from its names, as WeekStartDay and PluginType do.
const Day = new GraphQLEnumType({ name: 'Day', values: { SUNDAY: { value: 0 }, MONDAY: { value: 1 } } });
// A custom scalar that refuses what is not a string, as the gateway's DateTime does.
const Stamp = new GraphQLScalarType({
  name: 'Stamp',
  serialize: (value) => {
    if (typeof value === 'string') return value;
    throw new GraphQLError(`Stamp cannot represent ${JSON.stringify(value)}`);
  },
});

const required = (type: GraphQLScalarType) => new GraphQLNonNull(type);
const Thing = new GraphQLInterfaceType({ name: 'Thing', fields: { id: { type: required(GraphQLID) } }, resolveType: (value: Data) => value.kind as string });
const itemFields: GraphQLFieldConfigMap<Data, Data> = {
  id: { type: required(GraphQLID) },
  count: { type: GraphQLInt },
  total: { type: required(GraphQLInt) },
  label: { type: GraphQLString },
  title: { type: required(GraphQLString) },
  ratio: { type: GraphQLFloat },
  on: { type: required(GraphQLBoolean) },
  day: { type: Day },
  stamp: { type: Stamp },
};
const Item = new GraphQLObjectType({ name: 'Item', interfaces: [Thing], fields: itemFields });
const Other = new GraphQLObjectType({ name: 'Other', interfaces: [Thing], fields: { id: itemFields.id!, total: itemFields.total! } });
// Every root field returns what the request's context holds under its name (a function is called:
// promises, rejected ones included, are made only when the field runs).
const fromContext = (_root: unknown, _args: unknown, context: Data, info: { fieldName: string }) => {
  const value = context[info.fieldName];
  return typeof value === 'function' ? (value as () => unknown)() : value;
};
const schema = new GraphQLSchema({
  types: [Item, Other],
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      version: { type: GraphQLInt, resolve: fromContext },
      items: { type: new GraphQLList(Item), resolve: fromContext },
      strict: { type: new GraphQLList(new GraphQLNonNull(Item)), resolve: fromContext },
      grid: { type: new GraphQLList(new GraphQLList(Item)), resolve: fromContext },
      things: { type: new GraphQLList(Thing), resolve: fromContext },
    },
  }),
});

const ok = (n: number): Data => ({
  kind: 'Item',
  id: String(n),
  count: n,
  total: n,
  label: `l${n}`,
  title: `t${n}`,
  ratio: n / 2,
  on: true,
  day: 1,
  stamp: 'now',
});
/** Three good items, the middle one with `fields` replaced. */
const withBadMiddle = (fields: Data): Data[] => [ok(0), { ...ok(1), ...fields }, ok(2)];

const ALL = 'id count total label title ratio on day stamp';
const CASES: Array<[name: string, query: string, context: Data]> = [
  ['a non-null leaf that is null nulls its item', '{ items { id total } }', { items: withBadMiddle({ total: null }) }],
  ['a non-null leaf that is null nulls a list of non-null items', '{ strict { id total } }', { strict: withBadMiddle({ total: undefined }) }],
  ['a nullable leaf that is an Error', '{ items { id count } }', { items: withBadMiddle({ count: new Error('count failed') }) }],
  ['a non-null leaf that is an Error', '{ items { id title } }', { items: withBadMiddle({ title: new Error('title failed') }) }],
  ['an Int given 2^40', '{ items { id count } }', { items: withBadMiddle({ count: 2 ** 40 }) }],
  ['a non-null Int given a string', '{ items { id total } }', { items: withBadMiddle({ total: 'seven' }) }],
  ['a String given an object', '{ items { id label } }', { items: withBadMiddle({ label: { nested: true } }) }],
  ['a non-null Boolean given a string', '{ items { id on } }', { items: withBadMiddle({ on: 'yes' }) }],
  ['a Float given a string', '{ items { ratio } }', { items: withBadMiddle({ ratio: 'half' }) }],
  ['an ID given an object', '{ items { id } }', { items: withBadMiddle({ id: {} }) }],
  ['an enum given its name instead of its internal value', '{ items { day } }', { items: withBadMiddle({ day: 'MONDAY' }) }],
  ['a custom scalar refusing a value', '{ items { stamp } }', { items: withBadMiddle({ stamp: 42 }) }],
  ['several errors in several items, in order', '{ items { id count label } }', { items: [{ ...ok(0), count: 2 ** 40 }, ok(1), { ...ok(2), label: [] }] }],
  ['a leaf outside any list', '{ version }', { version: 2 ** 40 }],
  ['aliases of one field', '{ items { a: count b: count } }', { items: withBadMiddle({ count: 1.5 }) }],
  ['a nested list: both indexes in the path', `{ grid { ${ALL} } }`, { grid: [[ok(0)], [ok(1), { ...ok(2), total: null }]] }],
  [
    'the same leaf under two possible types',
    '{ things { id ... on Item { total } ... on Other { total } } }',
    { things: [ok(0), { kind: 'Other', id: '1', total: null }, { kind: 'Other', id: {}, total: 2 }] },
  ],
  [
    'list items that are promises, one rejected, one with a refused leaf',
    '{ items { id total } }',
    { items: () => [Promise.resolve(ok(0)), Promise.reject(new Error('item failed')), Promise.resolve({ ...ok(2), total: 0.5 }), ok(3)] },
  ],
  ['every leaf type, all valid', `{ items { ${ALL} } }`, { items: [ok(0), ok(1)] }],
];

/** The answer as Apollo sends it: data, then errors (each error's message, locations, path, extensions). */
const answerJson = ({ data, errors }: ExecutionResult) => JSON.stringify({ data, errors });

function request(document: DocumentNode, context: Data): GatewayGraphQLRequestContext {
  return { document, operation: document.definitions[0], operationName: null, context, request: {} } as unknown as GatewayGraphQLRequestContext;
}

describe('compiled leaves', () => {
  const compiled = compiledExecutor({ schema, compileSchema: schema, count: () => {} });

  it.each(CASES)('answer as graphql-js does (data, messages, locations, paths): %s', async (name, query, context) => {
    const document = parse(query);
    const expected = answerJson(await execute({ schema, document, contextValue: context }));
    const answer = await compiled(request(document, context));
    expect(answerJson(answer)).toBe(expected);
    if (!name.includes('all valid')) expect(answer.errors?.length).toBeGreaterThan(0);
  });

  it("keep graphql-jit's own answer to a serializer returning nothing (graphql-js words it differently; no scalar of the gateway does it)", async () => {
    const Nothing = new GraphQLScalarType({ name: 'Nothing', serialize: (value) => (value === 1 ? undefined : Number.NaN) });
    const fields = { items: { type: new GraphQLList(new GraphQLObjectType({ name: 'Box', fields: { v: { type: Nothing } } })), resolve: fromContext } };
    const odd = new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields }) });
    const answer = await compiledExecutor({ schema: odd, compileSchema: odd, count: () => {} })(
      request(parse('{ items { v } }'), { items: [{ v: 1 }, { v: 2 }] }),
    );
    expect(answer.data).toEqual({ items: [{ v: null }, { v: null }] });
    expect(answer.errors?.map((error) => [error.message, error.path?.join('.')])).toEqual([
      ['Expected a value of type "Nothing" but received: 1', 'items.0.v'],
      ['Expected a value of type "Nothing" but received: 2', 'items.1.v'],
    ]);
  });

  it('build no locations or path on the success path: every locations literal is an argument of an error being reported', () => {
    const query = parse(
      'query Flags($id: ID!) { project(id: $id) { featureFlags(first: 50) { totalCount nodes { id databaseId key name active deleted createdAt createdBy { email } } } } }',
    );
    const result = compileQuery(compilationSchema(), query, 'Flags', { debug: true } as never);
    if (!isCompiledQuery(result)) throw new Error('not compiled');
    const source = String((result as unknown as Data).__DO_NOT_USE_THIS_OR_YOU_WILL_BE_FIRED_compilation);
    const count = (pattern: RegExp) => source.match(pattern)?.length ?? 0;
    expect(count(/\[\{"line"/g)).toBeGreaterThan(10);
    expect(count(/\[\{"line"/g)).toBe(count(/new __context\.GraphQLError\(/g));
    // The leaf of a list item: a call with the value and the item's index, nothing else.
    expect(source).toMatch(/"databaseId": \s*Int__currentItemdatabaseIdLeaf\(__context, __currentItem\.databaseId, idx0\)/);
  });
});
