// A gateway given its MCP tools already built (main.ts builds them once, to check them before anything
// starts) serves those, and builds none of its own: at a single-process start the catalog is built once.
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { buildCatalog, shippedOperations } from '../../src/mcp/catalog.ts';
import { gatewaySchema } from '../../src/schema.ts';
import { KEY_A } from '../fixtures/seed.ts';
import { startStack, type Stack } from '../gateway/helpers.ts';
import { connectMcp } from './helpers.ts';

// The real builder, counted.
vi.mock('../../src/mcp/catalog.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/mcp/catalog.ts')>();
  return { ...actual, buildCatalog: vi.fn(actual.buildCatalog) };
});

let stack: Stack | undefined;
let client: Client | undefined;
afterAll(async () => {
  await client?.close();
  await stack?.stop();
});

describe('MCP tools built before the start', () => {
  it('are the ones served, and the gateway builds no other catalog', async () => {
    const viewerOnly = shippedOperations().filter(({ body }) => /query Viewer\b/.test(body));
    const tools = buildCatalog(gatewaySchema(), viewerOnly, 'off');
    expect([...tools.keys()]).toEqual(['viewer']);
    vi.mocked(buildCatalog).mockClear();

    stack = await startStack({ gateway: { mcpTools: tools } });
    client = await connectMcp(stack.gateway.baseUrl, KEY_A);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['viewer']);
    expect(buildCatalog).not.toHaveBeenCalled();
  });
});
