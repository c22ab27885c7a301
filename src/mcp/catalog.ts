// The MCP tools of the gateway (docs/mcp.md, "Tools"): one per named query of the trusted documents
// (TRUSTED_DOCUMENTS, else the operations shipped in src/mcp/operations/), and one per named mutation
// with MCP_MUTATIONS=explicit. Built once at startup; a clash of tool names, an invalid or
// undocumented operation stops the start with a message naming the operations.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  Kind,
  OperationTypeNode,
  parse,
  validate,
  type DocumentNode,
  type NameNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { PersistedQueryManifest } from '../trusted-documents/manifest.ts';
import { QUERY_LIMITS } from '../apollo-plugins/cost-limit.ts';
import { operationCost } from '../query-cost.ts';
import { toolDescription } from './description.ts';
import { variablesSchema, type ToolVariable } from './input-schema.ts';
import { outputShape } from './output-schema.ts';
import { compactionPlan, type Plan } from './compact.ts';
import type { JsonSchema } from './json-schema.ts';
import type { McpMutations } from './settings.ts';

/** One operation document and where it comes from (a file, or a manifest entry). */
export interface OperationSource {
  source: string;
  body: string;
}

/** A tool as `tools/list` shows it (the MCP `Tool` object). */
export interface ToolListing {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema & { type: 'object' };
  outputSchema: JsonSchema & { type: 'object' };
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
}

export interface McpTool {
  listing: ToolListing;
  operationName: string;
  type: 'query' | 'mutation';
  /** The document sent to Apollo Server (the operation with its fragments). */
  query: string;
  variables: readonly ToolVariable[];
  /** Where the answer is made compact (`nodes` for `edges { node }`); null when it has no connection. */
  compaction: Plan | null;
  source: string;
}

/** A set of operations that cannot be served as tools; the message names them and says what to change. */
export class McpCatalogError extends Error {
  override name = 'McpCatalogError';
}

const SHIPPED_DIR = fileURLToPath(new URL('./operations/', import.meta.url));

/** The operations the gateway ships for agents (src/mcp/operations/*.graphql). */
export function shippedOperations(dir: string = SHIPPED_DIR): OperationSource[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.graphql'))
    .sort()
    .map((name) => ({ source: `src/mcp/operations/${name}`, body: readFileSync(`${dir}${name}`, 'utf8') }));
}

/** A persisted-operation manifest's entries as operation sources. */
export function manifestSources(manifest: PersistedQueryManifest, path = 'TRUSTED_DOCUMENTS'): OperationSource[] {
  return manifest.operations.map((operation) => ({ source: `${path} ${operation.name || operation.id}`, body: operation.body }));
}

/** The tools by name, in the order of their sources. Throws `McpCatalogError` on a clash or a bad operation. */
export function buildCatalog(schema: GraphQLSchema, sources: readonly OperationSource[], mutations: McpMutations = 'off'): ReadonlyMap<string, McpTool> {
  const tools = new Map<string, McpTool>();
  for (const { source, body } of sources) {
    const document = parseOrThrow(source, body);
    const fragments = document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION);
    for (const operation of document.definitions) {
      if (!isTool(operation, mutations)) continue;
      const tool = toolFor(schema, { source, body, document, operation, fragments });
      const clash = tools.get(tool.listing.name);
      if (clash) {
        throw new McpCatalogError(
          `MCP tools: operations "${clash.operationName}" (${clash.source}) and "${tool.operationName}" (${source}) both become the tool "${tool.listing.name}"; rename one of them.`,
        );
      }
      tools.set(tool.listing.name, tool);
    }
  }
  return tools;
}

/** Named queries, and named mutations when asked for; never anonymous operations or subscriptions. */
function isTool(definition: DocumentNode['definitions'][number], mutations: McpMutations): definition is OperationDefinitionNode & { name: NameNode } {
  if (definition.kind !== Kind.OPERATION_DEFINITION || !definition.name) return false;
  return definition.operation === OperationTypeNode.QUERY || (definition.operation === OperationTypeNode.MUTATION && mutations === 'explicit');
}

interface Parsed {
  source: string;
  body: string;
  document: DocumentNode;
  operation: OperationDefinitionNode & { name: NameNode };
  fragments: readonly FragmentDefinitionNode[];
}

function toolFor(schema: GraphQLSchema, parsed: Parsed): McpTool {
  const { source, body, document, operation, fragments } = parsed;
  const operationName = operation.name.value;
  const problems = validate(schema, document);
  if (problems.length > 0) throw new McpCatalogError(`MCP tools: ${source} ${operationName} is not valid against the schema: ${problems[0]!.message}`);
  const { schema: inputSchema, variables } = variablesSchema(schema, operation);
  const cost = operationCost(schema, document, operationName, defaultsOf(variables), { defaultListSize: QUERY_LIMITS.maxPageSize });
  const description = toolDescription(schema, operation, cost);
  if (description === null) {
    throw new McpCatalogError(`MCP tools: ${source} ${operationName} has no description: add a leading # comment, or use documented root fields.`);
  }
  const shape = outputShape(schema, operation, fragments);
  const name = toolName(operationName);
  const read = operation.operation === OperationTypeNode.QUERY;
  return {
    listing: {
      name,
      title: titleOf(operationName),
      description,
      inputSchema: read ? inputSchema : withConfirmationInput(inputSchema, source, operationName),
      outputSchema: (read ? shape.schema : withConfirmationOutput(shape.schema)) as JsonSchema & { type: 'object' },
      annotations: { title: titleOf(operationName), readOnlyHint: read, destructiveHint: !read, idempotentHint: read, openWorldHint: false },
    },
    operationName,
    type: read ? 'query' : 'mutation',
    query: body,
    variables,
    compaction: compactionPlan(shape.compactPaths),
    source,
  };
}

/** The argument a write's second call carries (src/mcp/confirmation.ts). */
export const CONFIRMATION_ARGUMENT = 'confirmationToken';

function withConfirmationInput(schema: JsonSchema & { type: 'object' }, source: string, operationName: string): JsonSchema & { type: 'object' } {
  const properties = schema.properties as Record<string, JsonSchema>;
  if (CONFIRMATION_ARGUMENT in properties)
    throw new McpCatalogError(`MCP tools: ${source} ${operationName}: the variable $${CONFIRMATION_ARGUMENT} is reserved for confirming writes.`);
  const confirmation = {
    type: 'string',
    description: 'Leave out on the first call, which only returns this token; send it back with the same arguments to run the write.',
  };
  return { ...schema, properties: { ...properties, [CONFIRMATION_ARGUMENT]: confirmation } };
}

/** A write answers either its payload (confirmed) or `confirmation` (first call): nothing is required at the top. */
function withConfirmationOutput(schema: JsonSchema): JsonSchema {
  const confirmation = {
    type: 'object',
    description: 'Present when the write has not run yet: call the tool again with the same arguments and `confirmationToken`.',
    properties: { confirmationToken: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' }, arguments: { type: 'object' } },
    required: ['confirmationToken', 'expiresAt', 'arguments'],
  };
  return { type: 'object', properties: { ...(schema.properties as Record<string, JsonSchema>), confirmation } };
}

/** `ProjectFeatureFlags` -> `project_feature_flags`, `getHTTPStatus` -> `get_http_status`. */
export function toolName(operationName: string): string {
  return operationName
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** `ProjectFeatureFlags` -> `Project feature flags`. */
function titleOf(operationName: string): string {
  const words = toolName(operationName).split('_').filter(Boolean);
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

function defaultsOf(variables: readonly ToolVariable[]): Record<string, unknown> {
  return Object.fromEntries(variables.filter((v) => v.defaultValue !== undefined).map((v) => [v.name, v.defaultValue]));
}

function parseOrThrow(source: string, body: string): DocumentNode {
  try {
    return parse(body);
  } catch (error) {
    throw new McpCatalogError(`MCP tools: ${source} does not parse: ${(error as Error).message}`);
  }
}
