// The operations we ship, validated against the SDL the code produces (part of `npm test`,
// docs/schema-changes.md): a schema change that breaks one of them fails here, by name, before
// codegen or Relay's compiler report it in their own words.
//
//   npm run schema:check-operations                               the repository's own operations
//   npm run schema:check-operations -- --manifest ops.json [...]  and a persisted-operation manifest
//
// The repository's operations: the typed test documents (test/*/generated, from the `graphql()`
// documents of the tests), test/clients/operations/*.graphql, the MCP tools' src/mcp/operations/*.graphql, the
// requests of the Relay test client (the text Relay's compiler persisted in test/clients/relay/__generated__),
// the client documents the benchmark sends (bench/client-documents/) and the `graphql` blocks and curl examples of
// README.md. A manifest is @apollo/generate-persisted-query-manifest's trusted-documents format.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Kind, parse, validate, visit, type DocumentNode, type FragmentDefinitionNode, type GraphQLSchema } from 'graphql';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { loadTypeDefs } from '../src/schema.ts';
import { readManifest } from '../src/trusted-documents/manifest.ts';

/** One operation document and where it comes from (a file, plus the operation's name or index). */
export interface ShippedOperation {
  source: string;
  body: string | DocumentNode;
}

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const read = (path: string) => readFileSync(`${ROOT}${path}`, 'utf8');
const filesIn = (dir: string, suffix: string) =>
  readdirSync(`${ROOT}${dir}`)
    .filter((name) => name.endsWith(suffix))
    .map((name) => `${dir}/${name}`);

/** The typed documents codegen generated from the tests' `graphql()` calls. */
async function typedDocuments(): Promise<ShippedOperation[]> {
  const operations: ShippedOperation[] = [];
  for (const dir of ['test/clients/generated', 'test/gateway/generated']) {
    const module = (await import(`${ROOT}${dir}/graphql.ts`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if ((value as DocumentNode | null)?.kind === Kind.DOCUMENT) operations.push({ source: `${dir}/graphql.ts ${name}`, body: value as DocumentNode });
    }
  }
  return operations;
}

/** The request text of each Relay artifact (fragments are inlined in the requests that use them). */
export function relayRequests(): ShippedOperation[] {
  return filesIn('test/clients/relay/__generated__', '.graphql.ts').flatMap((path) => {
    const text = /"text": ("(?:[^"\\]|\\.)*")/.exec(read(path))?.[1];
    return text ? [{ source: path, body: JSON.parse(text) as string }] : [];
  });
}

/** The ```graphql blocks of a Markdown file, and the `'{"query":...}'` bodies of its curl lines. */
export function markdownOperations(path: string, text: string = read(path)): ShippedOperation[] {
  const lineOf = (index: number) => `${path}:${text.slice(0, index).split('\n').length}`;
  const blocks = [...text.matchAll(/^```graphql\n([\s\S]*?)^```/gm)].map((block) => ({ source: lineOf(block.index), body: block[1]! }));
  const curlBodies = [...text.matchAll(/'(\{"query":"(?:[^"\\]|\\.)*"[^']*\})'/g)].map((body) => ({
    source: lineOf(body.index),
    body: (JSON.parse(body[1]!) as { query: string }).query,
  }));
  return [...blocks, ...curlBodies];
}

/**
 * test/clients/operations/*.graphql, each with the fragments of the other files it spreads (as
 * codegen resolves them): a component's fragment lives in its own file.
 */
function clientOperationFiles(): ShippedOperation[] {
  const files = filesIn('test/clients/operations', '.graphql').map((path) => {
    const text = read(path);
    return { path, text, document: parsedOrUndefined(text) };
  });
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const { document } of files) {
    for (const definition of document?.definitions ?? []) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  // A file that does not parse is reported with its own text.
  return files.map(({ path, text, document }) => ({ source: path, body: document ? withSpreadFragments(document, fragments) : text }));
}

function parsedOrUndefined(text: string): DocumentNode | undefined {
  try {
    return parse(text);
  } catch {
    return undefined;
  }
}

/** `document` plus the fragments (from `fragments`) it spreads and does not define, transitively. */
function withSpreadFragments(document: DocumentNode, fragments: Map<string, FragmentDefinitionNode>): DocumentNode {
  const definitions = [...document.definitions];
  const defined = new Set(definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [d.name.value] : [])));
  for (let i = 0; i < definitions.length; i++) {
    visit(definitions[i]!, {
      FragmentSpread(spread) {
        const fragment = fragments.get(spread.name.value);
        if (fragment && !defined.has(fragment.name.value)) {
          defined.add(fragment.name.value);
          definitions.push(fragment);
        }
      },
    });
  }
  return { ...document, definitions };
}

/** The client-shaped documents the benchmark sends, as Apollo Client and Relay sent them (bench/client-documents/). */
function recordedClientDocuments(): ShippedOperation[] {
  return filesIn('bench/client-documents', '.json').flatMap((path) =>
    (JSON.parse(read(path)) as { documents: { operationName: string; query: string }[] }).documents.map((d) => ({
      source: `${path} ${d.operationName}`,
      body: d.query,
    })),
  );
}

/** Every operation the repository ships (see the header). */
export async function repositoryOperations(): Promise<ShippedOperation[]> {
  return [
    ...(await typedDocuments()),
    ...clientOperationFiles(),
    ...filesIn('src/mcp/operations', '.graphql').map((path) => ({ source: path, body: read(path) })),
    ...relayRequests(),
    ...recordedClientDocuments(),
    ...markdownOperations('README.md'),
  ];
}

/** The operations of a persisted-operation manifest, named by their operation name. */
export function manifestOperations(path: string): ShippedOperation[] {
  return readManifest(path).operations.map((operation) => ({ source: `${path} ${operation.name || operation.id}`, body: operation.body }));
}

/** Each operation's validation errors against `schema`, one line each; empty when all are valid. */
export function invalidOperations(schema: GraphQLSchema, operations: ShippedOperation[]): string[] {
  return operations.flatMap(({ source, body }) => {
    let document: DocumentNode;
    try {
      document = typeof body === 'string' ? parse(body) : body;
    } catch (error) {
      return [`${source}: ${(error as Error).message}`];
    }
    // A fragment alone (a component's file, codegen's FragmentDoc) is checked in the operations that spread it.
    if (!document.definitions.some((definition) => definition.kind === Kind.OPERATION_DEFINITION)) return [];
    return validate(schema, document).map((error) => `${source}: ${error.message}`);
  });
}

/** The schema the code produces (the SDL of `npm run schema:print`). */
export const currentSchema = (): GraphQLSchema => buildSubgraphSchema(loadTypeDefs());

function manifestPaths(args: string[]): string[] {
  return args.flatMap((arg, i) => (arg === '--manifest' && args[i + 1] ? [args[i + 1]!] : arg.startsWith('--manifest=') ? [arg.slice(11)] : []));
}

async function main(args: string[]): Promise<number> {
  const operations = [...(await repositoryOperations()), ...manifestPaths(args).flatMap(manifestOperations)];
  const problems = invalidOperations(currentSchema(), operations);
  if (problems.length === 0) {
    console.log(`${operations.length} shipped operations are valid against the current schema.`);
    return 0;
  }
  console.error(`The current schema breaks ${problems.length} shipped operation(s):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  console.error('Keep the schema compatible with them, or change the operations with the schema (docs/schema-changes.md, "Operations").');
  return 1;
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
