// The last handler of /graphql: whatever failed outside Apollo Server (a trusted-document store that
// cannot be read...) is a GraphQL-shaped 500 whose details stay in the server log, never Express's
// HTML page with a stack trace.
import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { sendGraphQLError } from './refusal.ts';

export function unexpectedErrors(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    logger.error({ err: error }, 'unexpected error at the HTTP edge');
    sendGraphQLError(req, res, { status: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error.' });
  };
}
