// The JSON body of /graphql. body-parser's own answer to a body it cannot read is an HTML page
// (through Express's error handler, with a stack trace and server paths outside production) and
// that handler prints the error, body included, to stderr. Here it is a GraphQL-shaped BAD_REQUEST
// in every mode, and nothing of the body is logged. The body every client sends is read by
// read-json.ts; every other one by body-parser itself (`express.json`), so rarer requests keep
// body-parser's exact rules (charsets, compressed bodies, unusual Content-Types).
import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import type { Logger } from 'pino';
import type { GatewayMetrics } from '../observability.ts';
import { isPlainJson, readPlainJson } from './read-json.ts';
import { refuse } from './refusal.ts';

/** Largest accepted body; a document this size is far past the token limit anyway. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** What `readBody` resolves to when it has answered the request itself. */
export const REFUSED = Symbol('refused');

/** body-parser's error `type` -> what the client is told (never the body or the parser's message). */
const MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON.',
  'entity.too.large': `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
  'encoding.unsupported': 'The request body has an unsupported content encoding.',
  'charset.unsupported': 'The request body has an unsupported charset; send UTF-8 JSON.',
  'request.aborted': 'The request body was not received completely.',
};

const UNDECODABLE = 'The request body could not be decoded as its Content-Encoding says.';

/** zlib's failure to inflate the body (a plain or truncated body labelled gzip, deflate or br), which body-parser passes on untyped. */
function isUndecodable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(?:Z_|ERR__ERROR_)/.test(code);
}

interface BodyParserError {
  type?: unknown;
  status?: unknown;
}

export type BodyReader = (req: IncomingMessage, res: ServerResponse) => Promise<unknown>;

/**
 * Reads the JSON body (undefined when there is none or it is not JSON, as body-parser leaves it).
 * A body that cannot be read is refused here (resolves to REFUSED); an error of another kind is
 * thrown for the edge's last-resort handler.
 */
export function jsonBody(observers: { metrics: GatewayMetrics; logger: Logger }): BodyReader {
  const parser = express.json({ limit: MAX_BODY_BYTES });
  return async (req, res) => {
    try {
      return isPlainJson(req) ? await readPlainJson(req, MAX_BODY_BYTES) : await viaBodyParser(parser, req, res);
    } catch (error) {
      const { type, status } = error as BodyParserError;
      const message = typeof type === 'string' ? MESSAGES[type] : undefined;
      if (!message && !isUndecodable(error)) throw error;
      refuse(
        req,
        res,
        { status: typeof status === 'number' && status >= 400 && status < 500 ? status : 400, code: 'BAD_REQUEST', message: message ?? UNDECODABLE },
        observers,
      );
      return REFUSED;
    }
  };
}

/** body-parser is connect-style middleware that reads only node's own request: it runs without Express. */
function viaBodyParser(parser: express.RequestHandler, req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  return new Promise((resolve, reject) => {
    void parser(req as express.Request, res as express.Response, (error?: unknown) => {
      // body-parser passes its own errors (http-errors), never anything else.
      const failure = error as Error | undefined;
      if (failure) reject(failure);
      else resolve((req as { body?: unknown }).body);
    });
  });
}
