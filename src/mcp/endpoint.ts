// POST /mcp: the Model Context Protocol over streamable HTTP, stateless (docs/mcp.md). Each request
// gets a fresh MCP server of the official SDK (its `Server`: JSON-RPC, validation) over a transport
// that answers that one request (json-transport.ts), so any worker or replica answers any request
// and nothing is kept between them. Before the SDK sees a request: the Host and
// Origin checks against DNS rebinding, and the bearer key (401 with WWW-Authenticate without one).
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator as JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { bearerToken } from '../context.ts';
import { MAX_BODY_BYTES } from '../http/json-body.ts';
import type { McpTool } from './catalog.ts';
import { callTool, type GraphQLAnswer } from './call.ts';
import type { Confirmations } from './confirmation.ts';
import { hostRefusal } from './hosts.ts';
import { JsonExchangeTransport, readMessages, sendAnswers } from './json-transport.ts';
import { UNKNOWN_TOOL_LABEL, type ToolCallObserver } from './observe.ts';

const MCP_PATH = '/mcp';

/** Runs one operation through the gateway's GraphQL pipeline with these request headers (src/server.ts). */
export type ExecuteOperation = (
  request: { query: string; operationName: string; variables: Record<string, unknown> },
  http: { headers: IncomingHttpHeaders; res: ServerResponse },
) => Promise<{ answer: GraphQLAnswer; upstreamCalls: number; requestId: string }>;

export interface McpEndpointOptions {
  tools: ReadonlyMap<string, McpTool>;
  execute: ExecuteOperation;
  /** Host names (no port) a request's Host and Origin may name: loopback plus MCP_ALLOWED_HOSTS. */
  allowedHosts: ReadonlySet<string>;
  confirmations: Confirmations;
  observer: ToolCallObserver;
  /** The gateway's version, sent in `initialize`. */
  version: string;
}

/**
 * The SDK's modules, loaded by the first /mcp request: they (and zod, which they use) add about
 * 11 MiB of heap and 40 MiB of RSS, which a gateway no agent talks to should not carry
 * (docs/mcp.md, "Cost").
 */
type Sdk = typeof import('@modelcontextprotocol/sdk/server/index.js') &
  typeof import('@modelcontextprotocol/sdk/types.js') & { validator: JsonSchemaValidator };
let sdk: Promise<Sdk> | undefined;
const loadSdk = (): Promise<Sdk> =>
  (sdk ??= Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/types.js'),
    import('@modelcontextprotocol/sdk/validation/ajv'),
  ]).then(([server, types, ajv]) => ({ ...server, ...types, validator: new ajv.AjvJsonSchemaValidator() })));

/** True for `/mcp` with or without a query string (served before Express, like /graphql). */
export function isMcpTarget(url: string | undefined): boolean {
  return url !== undefined && url.startsWith(MCP_PATH) && (url.length === MCP_PATH.length || url[MCP_PATH.length] === '?');
}

/** The /mcp listener; what throws is logged and answered 500 (a JSON-RPC error), never a stack trace. */
export function mcpEndpoint(options: McpEndpointOptions, logger: Logger): (req: IncomingMessage, res: ServerResponse) => void {
  const serve = mcpRequests(options);
  return (req, res) => {
    serve(req, res).catch((error: unknown) => {
      logger.error({ err: error }, 'unexpected error at /mcp');
      if (res.headersSent) req.socket.destroy();
      else sendJsonRpcError(res, 500, 'Internal server error.', -32603);
    });
  };
}

function mcpRequests(options: McpEndpointOptions): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const listing = { tools: [...options.tools.values()].map((tool) => tool.listing) };
  return async (req, res) => {
    const refused = hostRefusal(req.headers, options.allowedHosts);
    if (refused) return sendJsonRpcError(res, 403, refused);
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      return sendJsonRpcError(res, 405, 'This MCP endpoint is stateless: send every message as a POST.');
    }
    const key = bearerToken(req.headers.authorization);
    if (key === null) {
      // A request without credentials gets the scheme and realm and no error code, as bearer-token servers answer it.
      res.setHeader('www-authenticate', 'Bearer realm="mcp"');
      return sendJsonRpcError(res, 401, 'Authentication required: send the header `Authorization: Bearer <personal API key>`.');
    }
    const loaded = await loadSdk();
    const read = await readMessages(req, loaded, MAX_BODY_BYTES);
    if ('status' in read) return sendJsonRpcError(res, read.status, read.message, read.code);
    const server = mcpServer(loaded, options, listing, key, req, res);
    const transport = new JsonExchangeTransport();
    // Neither is closed: both belong to this request alone and go with it. Closing would only
    // build a "connection closed" error (and its stack) for pending requests there are none of.
    await server.connect(transport);
    sendAnswers(res, await transport.exchange(read.messages, req.headers), read.batch);
  };
}

/** The MCP server of one HTTP request: the tool list and calls, bound to the caller's key. */
function mcpServer(
  { Server, CallToolRequestSchema, ListToolsRequestSchema, McpError, ErrorCode, validator }: Sdk,
  options: McpEndpointOptions,
  listing: { tools: McpTool['listing'][] },
  key: string,
  req: IncomingMessage,
  res: ServerResponse,
): Server {
  const server = new Server(
    { name: 'posthog-graphql-gateway', version: options.version },
    {
      capabilities: { tools: { listChanged: false } },
      // One validator for every request: the SDK's default builds an Ajv instance per server (~0.3 ms).
      jsonSchemaValidator: validator,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => listing);
  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    const tool = options.tools.get(params.name);
    if (!tool) {
      options.observer.start(UNKNOWN_TOOL_LABEL, req.headers).end({ tool: UNKNOWN_TOOL_LABEL, outcome: 'UNKNOWN_TOOL', upstreamCalls: 0, argumentNames: [] });
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${params.name}"; the tools are: ${[...options.tools.keys()].join(', ')}.`);
    }
    return observedCall(options, tool, params.arguments, key, req, res);
  });
  return server;
}

async function observedCall(
  options: McpEndpointOptions,
  tool: McpTool,
  args: Record<string, unknown> | undefined,
  key: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<CallToolResult> {
  const observation = options.observer.start(tool.listing.name, req.headers);
  const ran = { upstreamCalls: 0, requestId: undefined as string | undefined };
  let outcome = 'INTERNAL_SERVER_ERROR';
  try {
    const called = await callTool(
      tool,
      args,
      key,
      async (request) => {
        const { answer, upstreamCalls, requestId } = await options.execute(request, { headers: observation.headers, res });
        Object.assign(ran, { upstreamCalls, requestId });
        return answer;
      },
      options.confirmations,
    );
    outcome = called.outcome;
    return called.result;
  } finally {
    observation.end({ tool: tool.listing.name, outcome, ...ran, argumentNames: Object.keys(args ?? {}) });
  }
}

function sendJsonRpcError(res: ServerResponse, status: number, message: string, code = -32000): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
