// A request refused at the HTTP edge, before Apollo Server sees it (malformed JSON body, untrusted
// operation): answered in the GraphQL response shape, counted in /metrics and logged like the
// refusals Apollo Server makes itself.
import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import type { Logger } from 'pino';
import { logRefusal, type GatewayMetrics } from '../observability.ts';
import { sendAnswer } from './compression.ts';

export interface Refusal {
  status: number;
  code: string;
  message: string;
  extensions?: Record<string, unknown>;
}

const GRAPHQL_RESPONSE_JSON = 'application/graphql-response+json';
const MEDIA_TYPES = ['application/json', GRAPHQL_RESPONSE_JSON];

/** Counts and logs the refusal, then answers it. */
export function refuse(req: IncomingMessage, res: ServerResponse, refusal: Refusal, observers: { metrics: GatewayMetrics; logger: Logger }): void {
  observers.metrics.observeRefusal(refusal.code);
  logRefusal(observers.logger, refusal);
  sendGraphQLError(req, res, refusal);
}

/**
 * Sends `{ errors: [{ message, extensions: { code } }] }` with the given status, as Express's
 * `res.status().type().send()` did (same header names, a charset, the exact length).
 */
export function sendGraphQLError(req: IncomingMessage, res: ServerResponse, refusal: Refusal): void {
  const body = JSON.stringify({ errors: [{ message: refusal.message, extensions: { code: refusal.code, ...refusal.extensions } }] });
  res.statusCode = refusal.status;
  res.setHeader('Content-Type', `${mediaType(req)}; charset=utf-8`);
  void sendAnswer(req, res, body);
}

/**
 * The GraphQL-over-HTTP media type when the client asks for it, else plain JSON. Express's own
 * `req.accepts` (the `accepts` package) only reads the headers, so it runs on a plain request too:
 * the negotiation stays exactly Express's without a dependency of our own.
 */
function mediaType(req: IncomingMessage): string {
  const accepted: unknown = express.request.accepts.call(req as express.Request, ...MEDIA_TYPES);
  return accepted === GRAPHQL_RESPONSE_JSON ? GRAPHQL_RESPONSE_JSON : 'application/json';
}
