// Trusted documents at the HTTP edge, before any parsing: a request may name a manifest operation by
// its id (`extensions.persistedQuery.sha256Hash`, as Apollo Client's persisted-query link and Apollo
// Router send it) instead of sending the document; a document that is not in the manifest passes
// (mode off), passes and is logged and counted (log), or is refused with 400 OPERATION_NOT_TRUSTED
// (enforce).
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { GatewayMetrics } from '../observability.ts';
import { documentHash, type TrustedDocuments } from '../trusted-documents/store.ts';
import { refuse } from './refusal.ts';

export const OPERATION_NOT_TRUSTED = 'OPERATION_NOT_TRUSTED';

/** What a GraphQL-over-HTTP request names: the document text, a persisted id, or both. */
interface Named {
  query: string | undefined;
  id: string | undefined;
}

interface Observers {
  metrics: GatewayMetrics;
  logger: Logger;
}

export function trustedDocumentsGate({ store, mode }: TrustedDocuments, observers: Observers): RequestHandler {
  return async (req, res, next) => {
    const named = namedDocument(req);
    if (!named) {
      next(); // not a single GraphQL request: Apollo Server answers it
      return;
    }
    if (named.query === undefined && named.id !== undefined) {
      const body = await store.documentFor(named.id);
      if (body !== undefined) {
        useDocument(req, body);
        next();
        return;
      }
    } else if (named.query === undefined || (await store.isTrusted(named.query))) {
      next();
      return;
    }
    if (mode === 'enforce') {
      refuseUntrusted(req, res, observers);
      return;
    }
    if (mode === 'log') logUntrusted(req, named, observers);
    next();
  };
}

function refuseUntrusted(req: Request, res: Response, observers: Observers): void {
  observers.metrics.observeUntrusted('refused');
  refuse(req, res, { status: 400, code: OPERATION_NOT_TRUSTED, message: 'This operation is not in the list of trusted documents.' }, observers);
}

function logUntrusted(req: Request, named: Named, { metrics, logger }: Observers): void {
  metrics.observeUntrusted('logged');
  // The hash identifies the document without logging its text (which may carry literals).
  const documentId = named.query !== undefined ? documentHash(named.query) : named.id;
  logger.warn({ operationName: operationNameOf(req), documentId }, 'untrusted operation');
}

/** The document and persisted id of a POST body or GET query string; null when neither is readable. */
function namedDocument(req: Request): Named | null {
  const params = req.method === 'GET' ? getParams(req) : (req.body as Record<string, unknown> | undefined);
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return null;
  const query = typeof params.query === 'string' ? params.query : undefined;
  const extensions = typeof params.extensions === 'string' ? parseJson(params.extensions) : params.extensions;
  const id = (extensions as { persistedQuery?: { sha256Hash?: unknown } } | undefined)?.persistedQuery?.sha256Hash;
  return { query, id: typeof id === 'string' ? id : undefined };
}

function getParams(req: Request): Record<string, unknown> {
  return Object.fromEntries(new URL(req.originalUrl, 'http://gateway').searchParams);
}

/** Replaces the persisted id by the document it stands for, so Apollo Server runs it as sent. */
function useDocument(req: Request, body: string): void {
  if (req.method === 'GET') {
    const url = new URL(req.url, 'http://gateway');
    url.searchParams.set('query', body);
    url.searchParams.delete('extensions');
    req.url = url.pathname + url.search;
    return;
  }
  const { extensions, ...rest } = req.body as { extensions?: Record<string, unknown> };
  const { persistedQuery: _persisted, ...otherExtensions } = extensions ?? {};
  req.body = { ...rest, query: body, ...(Object.keys(otherExtensions).length > 0 ? { extensions: otherExtensions } : {}) };
}

function operationNameOf(req: Request): string | undefined {
  const name: unknown = req.method === 'GET' ? getParams(req).operationName : (req.body as { operationName?: unknown } | undefined)?.operationName;
  return typeof name === 'string' && /^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name) ? name : undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
