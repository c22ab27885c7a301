// The HTTP side of one /mcp request: a stateless streamable-HTTP exchange answered with JSON, as the
// SDK's StreamableHTTPServerTransport does with `sessionIdGenerator: undefined` and
// `enableJsonResponse: true`, and under the same rules (406 without both Accept types, 415 for
// another Content-Type, 400 for bad JSON, a bad JSON-RPC message, a batch over 100 or an
// unsupported `mcp-protocol-version`, 202 for notifications alone). JSON-RPC itself (dispatch,
// validation of every message and result) stays the SDK's: this is the `Transport` its `Server`
// is connected to, and messages are checked with its `JSONRPCMessageSchema`.
//
// Written here rather than used from the SDK because the SDK's Node transport turns each request
// into a web `Request` and its answer into a web `Response` (through @hono/node-server and web
// streams): on a tool call that conversion cost about half as much CPU again as the operation
// itself (docs/mcp.md, "Cost"). Here the body is read as /graphql reads it (src/http/read-json.ts)
// and the answer written with one `res.end`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { BodyError, isPlainJson, readPlainJson } from '../http/read-json.ts';

/** The SDK functions the exchange uses (loaded with the SDK, src/mcp/endpoint.ts). */
export interface MessageRules {
  JSONRPCMessageSchema: { safeParse(value: unknown): { success: boolean; data?: unknown } };
  SUPPORTED_PROTOCOL_VERSIONS: readonly string[];
}

/** The SDK's batch limit (server/requestBody.js). */
const MAX_BATCH = 100;

export class JsonExchangeTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];
  readonly #waiting = new Set<RequestId>();
  readonly #answers: JSONRPCMessage[] = [];
  #answered: () => void = () => {};

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.onclose?.();
  }

  /** Answers to this request's own requests are kept; anything else (a notification to the client) has no stream to go to. */
  async send(message: JSONRPCMessage): Promise<void> {
    const id = 'id' in message && ('result' in message || 'error' in message) ? message.id : undefined;
    if (id === undefined || !this.#waiting.delete(id)) return;
    this.#answers.push(message);
    if (this.#waiting.size === 0) this.#answered();
  }

  /** Hands the messages to the server; resolves with the answers to its requests once all are in. */
  exchange(messages: readonly JSONRPCMessage[], headers: Record<string, string | string[] | undefined>): Promise<JSONRPCMessage[]> {
    for (const message of messages) if ('method' in message && 'id' in message) this.#waiting.add(message.id);
    const done = new Promise<JSONRPCMessage[]>((resolve) => {
      this.#answered = () => resolve(this.#answers);
    });
    const requestInfo = { headers };
    for (const message of messages) this.onmessage?.(message, { requestInfo });
    return this.#waiting.size === 0 ? Promise.resolve([]) : done;
  }
}

/** What a POST carries: its messages, or the refusal to send (status, JSON-RPC code, message). */
export type ReadMessages = { messages: JSONRPCMessage[]; batch: boolean } | { status: number; code: number; message: string };

export async function readMessages(req: IncomingMessage, rules: MessageRules, limit: number): Promise<ReadMessages> {
  const accept = req.headers.accept ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
    return { status: 406, code: -32000, message: 'Not Acceptable: Client must accept both application/json and text/event-stream' };
  }
  if (!isPlainJson(req)) return { status: 415, code: -32000, message: 'Unsupported Media Type: Content-Type must be application/json' };
  let raw: unknown;
  try {
    raw = await readPlainJson(req, limit);
  } catch (error) {
    if (error instanceof BodyError && error.status === 413) return { status: 413, code: -32000, message: `Request body exceeds ${limit} bytes` };
    return { status: 400, code: -32700, message: 'Parse error: Invalid JSON' };
  }
  const batch = Array.isArray(raw);
  const items: unknown[] = Array.isArray(raw) ? raw : [raw];
  if (items.length > MAX_BATCH) return { status: 400, code: -32600, message: `Invalid Request: Batch must not exceed ${MAX_BATCH} messages` };
  const messages: JSONRPCMessage[] = [];
  for (const item of items) {
    const parsed = rules.JSONRPCMessageSchema.safeParse(item);
    if (!parsed.success) return { status: 400, code: -32700, message: 'Parse error: Invalid JSON-RPC message' };
    messages.push(parsed.data as JSONRPCMessage);
  }
  return checkProtocol(req, rules, messages, batch);
}

function checkProtocol(req: IncomingMessage, rules: MessageRules, messages: JSONRPCMessage[], batch: boolean): ReadMessages {
  // Each message already passed the SDK's schema: its method names it (the SDK's isInitializeRequest parses it again).
  if (messages.some((message) => 'method' in message && message.method === 'initialize')) {
    if (messages.length > 1) return { status: 400, code: -32600, message: 'Invalid Request: Only one initialization request is allowed' };
    return { messages, batch };
  }
  const version = req.headers['mcp-protocol-version'];
  if (typeof version === 'string' && !rules.SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    const supported = rules.SUPPORTED_PROTOCOL_VERSIONS.join(', ');
    return { status: 400, code: -32000, message: `Bad Request: Unsupported protocol version: ${version} (supported versions: ${supported})` };
  }
  return { messages, batch };
}

/** The answer: 202 without requests, else their responses (one object, or an array for a batch). */
export function sendAnswers(res: ServerResponse, answers: JSONRPCMessage[], batch: boolean): void {
  if (answers.length === 0) {
    res.statusCode = 202;
    res.end();
    return;
  }
  const body = JSON.stringify(batch ? answers : answers[0]);
  res.statusCode = 200;
  res.setHeader('content-type', 'application/json');
  res.end(body); // Node sets Content-Length for a body sent whole
}
