// published/subgraph.graphql is the reviewable, rover-ready form of our subgraph: it must be
// current, compose on its own, and mean exactly what the running gateway serves.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { execute, parse } from 'graphql';
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
