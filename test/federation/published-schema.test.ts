// published/subgraph.graphql is the reviewable, rover-ready form of our subgraph: it must be
// current, compose on its own, and mean exactly what the running gateway serves.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  buildClientSchema,
  execute,
  getIntrospectionQuery,
  lexicographicSortSchema,
  parse,
  printSchema,
  type GraphQLSchema,
  visit,
  type IntrospectionQuery,
} from 'graphql';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { gatewaySchema } from '../../src/schema.ts';
import { PUBLISHED_SCHEMA_PATH, publishedSchema, withoutHeader } from '../../scripts/print-schema.ts';
import { compose } from './supergraph.ts';

async function servedSdl(): Promise<string> {
  const result = await execute({ schema: gatewaySchema(), document: parse('{ _service { sdl } }') });
  return (result.data as { _service: { sdl: string } })._service.sdl;
}

const supergraphOf = (sdl: string): string => {
  const result = compose([{ name: 'gateway', url: 'http://localhost:4000/graphql', sdl }]);
  if (result.errors) throw new Error(result.errors.map((e) => e.message).join('\n'));
  expect(result.hints ?? []).toEqual([]);
  return result.supergraphSdl;
};

describe('published/subgraph.graphql', () => {
  const published = readFileSync(PUBLISHED_SCHEMA_PATH, 'utf8');

  it('is up to date (npm run schema:print)', () => {
    expect(published).toBe(publishedSchema());
  });

  it('composes to the same supergraph as the SDL the gateway serves at _service', async () => {
    expect(supergraphOf(withoutHeader(published))).toBe(supergraphOf(await servedSdl()));
  });

  it('links a Federation 2 spec with cost directives and declares the entity keys', () => {
    expect(published).toMatch(/@link\(url: "https:\/\/specs\.apollo\.dev\/federation\/v2\.(9|1\d)", import: \[[^\]]*"@key"[^\]]*"@cost", "@listSize"\]\)/);
    expect(published).toContain('type Project implements Node @key(fields: "id") @key(fields: "databaseId")');
    for (const type of ['FeatureFlag', 'Plugin', 'Organization']) expect(published).toContain(`type ${type} implements Node @key(fields: "id")`);
    for (const type of ['PageInfo', 'UserError', 'User']) expect(published).toContain(`type ${type} @shareable`);
  });
});

// One SDL everywhere: what introspection shows, what `_service { sdl }` serves and the published file
// are one schema. Introspection carries every type, field, argument, default value, description,
// deprecation, specifiedByURL and directive definition, but no applied directive; so the three are
// compared as graphql-js prints them, sorted (the per-file SDL of `_service` folds extensions
// differently), and the applied directives (@key, @shareable, @cost, @listSize: federation-only
// elements a router reads from the SDL) are compared through the supergraph each composes to, above.
describe('one SDL: introspection, _service { sdl } and published/subgraph.graphql', () => {
  const printed = (schema: GraphQLSchema) => printSchema(lexicographicSortSchema(schema));
  // buildSubgraphSchema adds the federation root fields and types itself: the SDL's copies go first.
  const GENERATED = new Set(['_Service', '_Any', '_Entity', '_entities', '_service']);
  const withoutGenerated = (sdl: string) =>
    visit(parse(sdl), { enter: (node) => ('name' in node && node.name && GENERATED.has(node.name.value) ? null : undefined) });
  const fromSdl = (sdl: string) => printed(buildSubgraphSchema(withoutGenerated(sdl)));

  it('are the same schema, descriptions included', async () => {
    const introspection = await execute({
      schema: gatewaySchema(),
      document: parse(getIntrospectionQuery({ specifiedByUrl: true, inputValueDeprecation: true, directiveIsRepeatable: true })),
    });
    expect(introspection.errors).toBeUndefined();
    const introspected = printed(buildClientSchema(introspection.data as unknown as IntrospectionQuery));
    expect(introspected).toBe(fromSdl(await servedSdl()));
    expect(introspected).toBe(fromSdl(withoutHeader(readFileSync(PUBLISHED_SCHEMA_PATH, 'utf8'))));
  });

  it("the scalars' descriptions are schema/common.graphql's, not the code's or graphql-scalars'", () => {
    const schema = gatewaySchema();
    for (const name of ['DateTime', 'UUID', 'TimeZone', 'JSON']) {
      const scalar = schema.getType(name)!;
      expect(scalar.description, name).toBe(scalar.astNode?.description?.value);
      expect(scalar.description, name).toBeTruthy();
    }
    expect(schema.getType('JSON')?.description).toMatch(/^Arbitrary JSON/);
  });
});
