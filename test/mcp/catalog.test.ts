// Which operations become tools and how (src/mcp/catalog.ts), over the shipped operations and
// made-up ones: the check `npm test` runs on what the repository ships, and what stops a start.
import { describe, expect, it } from 'vitest';
import { gatewaySchema } from '../../src/schema.ts';
import { buildCatalog, manifestSources, McpCatalogError, shippedOperations, toolName, type OperationSource } from '../../src/mcp/catalog.ts';
import { readManifest } from '../../src/trusted-documents/manifest.ts';
import { Confirmations } from '../../src/mcp/confirmation.ts';
import { startGateway } from '../../src/server.ts';

const schema = gatewaySchema();
const op = (body: string, source = 'test.graphql'): OperationSource => ({ source, body });

describe('the shipped operations', () => {
  it('all become tools (none undocumented, no two with one tool name), writes only with MCP_MUTATIONS=explicit', () => {
    const shipped = shippedOperations();
    expect(shipped.length).toBeGreaterThan(5);
    expect([...buildCatalog(schema, shipped, 'off').keys()]).not.toContain('set_feature_flag_active');
    expect([...buildCatalog(schema, shipped, 'explicit').keys()]).toContain('set_feature_flag_active');
  });
});

describe('building the tools', () => {
  it('names tools in snake_case', () => {
    expect(toolName('ProjectFeatureFlags')).toBe('project_feature_flags');
    expect(toolName('getHTTPStatus')).toBe('get_http_status');
    expect(toolName('Viewer2Projects')).toBe('viewer2_projects');
  });

  it('two operations with one tool name stop the build, naming both', () => {
    const build = () =>
      buildCatalog(schema, [
        op('# a\nquery ProjectList { projects { totalCount } }', 'a.graphql'),
        op('# b\nquery projectList { viewer { id } }', 'b.graphql'),
      ]);
    expect(build).toThrow(McpCatalogError);
    expect(build).toThrow(
      'MCP tools: operations "ProjectList" (a.graphql) and "projectList" (b.graphql) both become the tool "project_list"; rename one of them.',
    );
  });

  it('a start with such operations fails with that message', async () => {
    const clash = [op('query A { viewer { id } }'), op('query a { viewer { id } }')];
    await expect(startGateway({ upstreamUrl: 'http://127.0.0.1:9', port: 0, host: '127.0.0.1', mcpOperations: clash })).rejects.toThrow(
      /both become the tool "a"/,
    );
  });

  it('an operation with neither a comment nor a documented root field is refused', () => {
    expect(() => buildCatalog(schema, [op('query Service { _service { sdl } }')])).toThrow(/Service has no description/);
  });

  it("without a comment, the root fields' docs describe the tool", () => {
    const tool = buildCatalog(schema, [op('query Flags($id: ID!) { project(id: $id) { name } }')]).get('flags')!;
    expect(tool.listing.description).toMatch(/^project: A project by global id/);
  });

  it('anonymous operations and subscriptions are never tools; fragments are carried with their operation', () => {
    const tools = buildCatalog(
      schema,
      [
        op('{ viewer { id } }'),
        op('subscription Changes($id: ID!) { featureFlagChanged(projectId: $id) { kind } }'),
        op('# Me\nquery Me { viewer { ...V } } fragment V on Viewer { email }'),
      ],
      'explicit',
    );
    expect([...tools.keys()]).toEqual(['me']);
    expect((tools.get('me')!.listing.outputSchema as any).properties.viewer.properties).toHaveProperty('email');
  });

  it('types input objects, enums and lists, with their docs and required fields', () => {
    const tool = buildCatalog(
      schema,
      [op('# Create\nmutation Create($input: CreateProjectInput!) { createProject(input: $input) { project { id } } }')],
      'explicit',
    ).get('create')!;
    const input = (tool.listing.inputSchema as any).properties.input;
    expect(input).toMatchObject({ type: 'object', required: ['name'], additionalProperties: false });
    expect(input.properties.weekStartDay).toMatchObject({ type: ['string', 'null'], enum: ['SUNDAY', 'MONDAY', null] });
    expect(input.properties.appUrls).toMatchObject({ type: ['array', 'null'], items: { type: 'string' } });
    expect(input.description).toEqual(expect.any(String));
  });

  it("a manifest's named queries are the tools (a mutation only when explicit), described by their root fields' docs", () => {
    const sources = manifestSources(readManifest('test/federation/fixtures/persisted-operations.json'), 'persisted-operations.json');
    expect([...buildCatalog(schema, sources).keys()]).toEqual(['flag_keys']);
    const tools = buildCatalog(schema, sources, 'explicit');
    expect([...tools.keys()]).toEqual(['flag_keys', 'rename_flag']);
    expect(tools.get('flag_keys')!.listing.description).toMatch(/^project: A project by global id/);
    expect(tools.get('rename_flag')!.listing.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });
  });

  it('an operation that does not validate is refused, named', () => {
    expect(() => buildCatalog(schema, [op('# x\nquery Broken { viewer { nope } }', 'broken.graphql')])).toThrow(
      /broken\.graphql Broken is not valid against the schema: Cannot query field "nope"/,
    );
  });
});

describe('confirmation tokens', () => {
  it('are refused once expired, and by a gateway with another secret', () => {
    const confirmations = new Confirmations('s'.repeat(32), undefined, 1000);
    const { token } = confirmations.issue('key', 'tool', { a: 1, b: [1, 2] }, 0);
    expect(confirmations.check(token, 'key', 'tool', { b: [1, 2], a: 1 }, 500)).toBe('confirmed');
    expect(confirmations.check(token, 'key', 'tool', { a: 1, b: [1, 2] }, 5000)).toBe('expired');
    expect(new Confirmations('t'.repeat(32), undefined, 1000).check(token, 'key', 'tool', { a: 1, b: [1, 2] }, 500)).toBe('mismatch');
  });
});
