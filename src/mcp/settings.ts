// The MCP settings' values, apart from the catalog so config.ts reads them without loading GraphQL.

/** MCP_MUTATIONS: `off` (default) lists queries only; `explicit` lists mutations too, each confirmed before it runs. */
export type McpMutations = 'off' | 'explicit';
export const MCP_MUTATIONS_MODES: readonly McpMutations[] = ['off', 'explicit'];
