// A tool call's operation runs through Apollo Server like a POST to /graphql: the same plugins
// (admission: key, input and cost limits; the request listener's metrics and log line), the same
// executor, and a context made as /graphql makes it (upstream client with the read cache, shared
// reads, quota hold and rateLimit). What it skips is the HTTP edge's parsing: the trusted document
// is already parsed and the MCP request already read.
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { HeaderMap, type ApolloServer } from '@apollo/server';
import type { GatewayContext } from '../context.ts';
import type { ExecuteOperation } from './endpoint.ts';

export type ContextOfHeaders = (headers: IncomingHttpHeaders, res: ServerResponse) => GatewayContext;

export function executeThrough(server: ApolloServer<GatewayContext>, context: ContextOfHeaders): ExecuteOperation {
  return async (request, { headers, res }) => {
    const contextValue = context(headers, res);
    const response = await server.executeOperation(
      { ...request, http: { method: 'POST', headers: headerMap(headers), search: '', body: request } },
      { contextValue },
    );
    const answer =
      response.body.kind === 'single'
        ? { data: response.body.singleResult.data ?? null, ...(response.body.singleResult.errors ? { errors: response.body.singleResult.errors } : {}) }
        : { errors: [{ message: 'Incremental delivery (@defer) is not served as an MCP tool.', extensions: { code: 'BAD_REQUEST' } }] };
    return { answer, upstreamCalls: contextValue.report.upstreamCalls, requestId: contextValue.requestId };
  };
}

function headerMap(headers: IncomingHttpHeaders): HeaderMap {
  const map = new HeaderMap();
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) map.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // What a POST to /graphql with a JSON body carries; the MCP request's own are for the MCP transport.
  map.set('content-type', 'application/json');
  map.set('accept', 'application/graphql-response+json, application/json');
  return map;
}
