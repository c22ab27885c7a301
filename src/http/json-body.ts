// The JSON body of /graphql. Express's own answer to a body it cannot read is an HTML page (with a
// stack trace and server paths outside production) and its default handler prints the error, body
// included, to stderr. Here it is a GraphQL-shaped BAD_REQUEST in every mode, and nothing of the
// body is logged.
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { GatewayMetrics } from '../observability.ts';
import { refuse } from './refusal.ts';

/** Largest accepted body; a document this size is far past the token limit anyway. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** body-parser's error `type` -> what the client is told (never the body or the parser's message). */
const MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON.',
  'entity.too.large': `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
  'encoding.unsupported': 'The request body has an unsupported content encoding.',
  'charset.unsupported': 'The request body has an unsupported charset; send UTF-8 JSON.',
  'request.aborted': 'The request body was not received completely.',
};

interface BodyParserError {
  type?: unknown;
  status?: unknown;
}

/** `express.json` followed by the handler that turns its failures into GraphQL errors. */
export function jsonBody(observers: { metrics: GatewayMetrics; logger: Logger }): [RequestHandler, ErrorRequestHandler] {
  const onError: ErrorRequestHandler = (error: BodyParserError, req, res, next) => {
    const type = typeof error.type === 'string' ? error.type : '';
    const message = MESSAGES[type];
    if (!message) {
      next(error);
      return;
    }
    const status = typeof error.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 400;
    refuse(req, res, { status, code: 'BAD_REQUEST', message }, observers);
  };
  return [express.json({ limit: MAX_BODY_BYTES }), onError];
}
