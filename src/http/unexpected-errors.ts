// The last resort of /graphql: whatever failed outside Apollo Server (a trusted-document store that
// cannot be read, a body that broke off in an unexpected way...) is a GraphQL-shaped 500 whose
// details stay in the server log, never an HTML page with a stack trace.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { sendGraphQLError } from './refusal.ts';

export type UnexpectedErrorHandler = (error: unknown, req: IncomingMessage, res: ServerResponse) => void;

export function unexpectedErrors(logger: Logger): UnexpectedErrorHandler {
  return (error, req, res) => {
    logger.error({ err: error }, 'unexpected error at the HTTP edge');
    if (res.headersSent) {
      // Part of the answer is out: as Express's final handler does, cut the connection so the
      // client sees a broken answer rather than a complete-looking one.
      req.socket.destroy();
      return;
    }
    sendGraphQLError(req, res, { status: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error.' });
  };
}
