// MCP tests speak to /mcp with the official SDK client (Client + StreamableHTTPClientTransport) over
// real HTTP, one connection per `connect` (a new initialize each time, as a new agent session would).
import http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** An MCP client connected to `baseUrl`/mcp with `key` as its bearer token (none when null). */
export async function connectMcp(baseUrl: string, key: string | null, headers: Record<string, string> = {}, fetch?: typeof globalThis.fetch): Promise<Client> {
  const client = new Client({ name: 'gateway-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
    requestInit: { headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } },
    ...(fetch ? { fetch } : {}),
  });
  await client.connect(transport);
  return client;
}

/** The text of a tool result's first content block. */
export function textOf(result: CallToolResult | Record<string, unknown>): string {
  const first = (result as CallToolResult).content?.[0];
  return first?.type === 'text' ? first.text : '';
}

/** A POST of one JSON-RPC message to /mcp, for what the SDK client would not send (no key, a foreign Host). */
export async function postMcp(baseUrl: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(new URL('/mcp', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
}

/** The status of a POST sent with node:http, which (unlike fetch) sends the Host header it is given. */
export function postStatusWithHost(baseUrl: string, host: string, body: unknown, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL('/mcp', baseUrl), {
      method: 'POST',
      headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
