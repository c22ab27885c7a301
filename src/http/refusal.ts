// A request refused at the HTTP edge, before Apollo Server sees it (malformed JSON body, untrusted
// operation): answered in the GraphQL response shape, counted in /metrics and logged like the
// refusals Apollo Server makes itself.
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { logRefusal, type GatewayMetrics } from '../observability.ts';

export interface Refusal {
  status: number;
  code: string;
  message: string;
  extensions?: Record<string, unknown>;
}

const GRAPHQL_RESPONSE_JSON = 'application/graphql-response+json';

/** Counts and logs the refusal, then answers it. */
export function refuse(req: Request, res: Response, refusal: Refusal, observers: { metrics: GatewayMetrics; logger: Logger }): void {
  observers.metrics.observeRefusal(refusal.code);
  logRefusal(observers.logger, refusal);
  sendGraphQLError(req, res, refusal);
}

/** Sends `{ errors: [{ message, extensions: { code } }] }` with the given status. */
export function sendGraphQLError(req: Request, res: Response, refusal: Refusal): void {
  // The GraphQL-over-HTTP media type when the client asks for it, else plain JSON.
  const type = req.accepts(['application/json', GRAPHQL_RESPONSE_JSON]) === GRAPHQL_RESPONSE_JSON ? GRAPHQL_RESPONSE_JSON : 'application/json';
  res
    .status(refusal.status)
    .type(`${type}; charset=utf-8`)
    .send(JSON.stringify({ errors: [{ message: refusal.message, extensions: { code: refusal.code, ...refusal.extensions } }] }));
}
