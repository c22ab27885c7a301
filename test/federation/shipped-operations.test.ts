// The operations check (scripts/check-operations.ts, `npm run schema:check-operations` in `npm test`):
// the repository's own client operations and an adopting team's persisted-operation manifest are
// validated against the schema the code produces, and a schema change that breaks one names it.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { Kind, visit } from 'graphql';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { loadTypeDefs } from '../../src/schema.ts';
import { currentSchema, invalidOperations, manifestOperations, markdownOperations, repositoryOperations } from '../../scripts/check-operations.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MANIFEST = 'test/federation/fixtures/persisted-operations.json';
const BROKEN_MANIFEST = 'test/federation/fixtures/persisted-operations.broken.json';

/** The current schema without `FeatureFlag.key`, a field every client of ours reads. */
function schemaWithoutFlagKey() {
  const typeDefs = visit(loadTypeDefs(), {
    FieldDefinition: (field, _key, _parent, _path, ancestors) => {
      const owner = ancestors.at(-1);
      return owner && 'kind' in owner && owner.kind === Kind.OBJECT_TYPE_DEFINITION && owner.name.value === 'FeatureFlag' && field.name.value === 'key'
        ? null
        : undefined;
    },
  });
  return buildSubgraphSchema(typeDefs);
}

describe("the repository's own operations", async () => {
  const operations = await repositoryOperations();

  it('come from the typed test documents, the client operations, the Relay client and the README', () => {
    const from = (prefix: string) => operations.filter((o) => o.source.startsWith(prefix)).length;
    expect(from('test/gateway/generated/')).toBeGreaterThan(5);
    expect(from('test/clients/generated/')).toBeGreaterThan(0);
    expect(from('test/clients/operations/')).toBeGreaterThan(0);
    expect(from('test/clients/relay/__generated__/')).toBeGreaterThan(0);
    expect(from('README.md:')).toBeGreaterThan(0);
  });

  it('are valid against the current schema', () => {
    expect(invalidOperations(currentSchema(), operations)).toEqual([]);
  });

  it('a schema change that breaks them names each broken operation and the reason', () => {
    const problems = invalidOperations(schemaWithoutFlagKey(), operations);
    expect(problems).toEqual(
      expect.arrayContaining([
        'test/clients/operations/project-flags.graphql: Cannot query field "key" on type "FeatureFlag".',
        'test/clients/relay/__generated__/FlagListQuery.graphql.ts: Cannot query field "key" on type "FeatureFlag".',
      ]),
    );
  });

  it("reads the README's graphql blocks and curl bodies, located by line", () => {
    const text = 'intro\n```graphql\n{ a }\n```\n```sh\nls\ncurl -d \'{"query":"{ c(x: \\"y\\") }"}\'\n```\n```graphql\n{ b }\n```\n';
    expect(markdownOperations('X.md', text)).toEqual([
      { source: 'X.md:2', body: '{ a }\n' },
      { source: 'X.md:9', body: '{ b }\n' },
      { source: 'X.md:7', body: '{ c(x: "y") }' },
    ]);
  });
});

describe("an adopting team's persisted-operation manifest", () => {
  it('its operations are validated by name', () => {
    const operations = manifestOperations(MANIFEST);
    expect(operations.map((o) => o.source)).toEqual([`${MANIFEST} FlagKeys`, `${MANIFEST} RenameFlag`]);
    expect(invalidOperations(currentSchema(), operations)).toEqual([]);
    expect(invalidOperations(schemaWithoutFlagKey(), operations)).toEqual([
      `${MANIFEST} FlagKeys: Cannot query field "key" on type "FeatureFlag".`,
      `${MANIFEST} RenameFlag: Cannot query field "key" on type "FeatureFlag".`,
    ]);
  });

  it('`npm run schema:check-operations -- --manifest` fails on an operation the schema breaks, and passes a valid one', async () => {
    const run = (manifest: string) =>
      promisify(execFile)(process.execPath, ['scripts/check-operations.ts', '--manifest', manifest], { cwd: ROOT }).then(
        (out) => ({ code: 0, ...out }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    const [good, broken] = await Promise.all([run(MANIFEST), run(BROKEN_MANIFEST)]);
    expect(good.code).toBe(0);
    expect(good.stdout).toMatch(/^\d+ shipped operations are valid against the current schema\.$/m);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`${BROKEN_MANIFEST} ProjectSlug: Cannot query field "slugFromAnotherSchema" on type "Project".`);
  }, 30_000);
});
