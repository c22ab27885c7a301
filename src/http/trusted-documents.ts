// Trusted documents at the HTTP edge, before any parsing: a request may name a manifest operation by
// its id (`extensions.persistedQuery.sha256Hash`, as Apollo Client's persisted-query link and Apollo
// Router send it) instead of sending the document; a document that is not in the manifest passes
// (mode off), passes and is logged and counted (log), or is refused with 400 OPERATION_NOT_TRUSTED
// (enforce).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { GatewayMetrics } from '../observability.ts';
import { documentHash, type TrustedDocuments } from '../trusted-documents/store.ts';
import type { EdgeRequest } from './apollo-handler.ts';
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

/** Resolves true when the request may go on (possibly with the manifest's document in place of its id), false when it was refused. */
export type TrustedDocumentsGate = (req: IncomingMessage, res: ServerResponse, request: EdgeRequest) => Promise<boolean>;

export function trustedDocumentsGate({ store, mode }: TrustedDocuments, observers: Observers): TrustedDocumentsGate {
  return async (req, res, request) => {
    const named = namedDocument(req, request);
    if (!named) return true; // not a single GraphQL request: Apollo Server answers it
    if (named.query === undefined && named.id !== undefined) {
      const body = await store.documentFor(named.id);
      if (body !== undefined) {
        useDocument(req, request, body);
        return true;
      }
    } else if (named.query === undefined || (await store.isTrusted(named.query))) {
      return true;
    }
    if (mode === 'enforce') {
      refuseUntrusted(req, res, observers);
      return false;
    }
    if (mode === 'log') logUntrusted(req, request, named, observers);
    return true;
  };
}

function refuseUntrusted(req: IncomingMessage, res: ServerResponse, observers: Observers): void {
  observers.metrics.observeUntrusted('refused');
  refuse(req, res, { status: 400, code: OPERATION_NOT_TRUSTED, message: 'This operation is not in the list of trusted documents.' }, observers);
}

function logUntrusted(req: IncomingMessage, request: EdgeRequest, named: Named, { metrics, logger }: Observers): void {
  metrics.observeUntrusted('logged');
  // The hash identifies the document without logging its text (which may carry literals).
  const documentId = named.query !== undefined ? documentHash(named.query) : named.id;
  logger.warn({ operationName: operationNameOf(req, request), documentId }, 'untrusted operation');
}

/** The document and persisted id of a POST body or GET query string; null when neither is readable. */
function namedDocument(req: IncomingMessage, request: EdgeRequest): Named | null {
  const params = isGet(req) ? getParams(request) : (request.body as Record<string, unknown> | undefined);
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return null;
  const query = typeof params.query === 'string' ? params.query : undefined;
  const extensions = typeof params.extensions === 'string' ? parseJson(params.extensions) : params.extensions;
  const id = (extensions as { persistedQuery?: { sha256Hash?: unknown } } | undefined)?.persistedQuery?.sha256Hash;
  return { query, id: typeof id === 'string' ? id : undefined };
}

function isGet(req: IncomingMessage): boolean {
  return req.method === 'GET';
}

function getParams({ search }: EdgeRequest): Record<string, unknown> {
  return Object.fromEntries(new URLSearchParams(search));
}

/** Replaces the persisted id by the document it stands for, so Apollo Server runs it as sent. */
function useDocument(req: IncomingMessage, request: EdgeRequest, body: string): void {
  if (isGet(req)) {
    const params = new URLSearchParams(request.search);
    params.set('query', body);
    params.delete('extensions');
    const search = params.toString();
    request.search = search ? `?${search}` : '';
    return;
  }
  const { extensions, ...rest } = request.body as { extensions?: Record<string, unknown> };
  const { persistedQuery: _persisted, ...otherExtensions } = extensions ?? {};
  request.body = { ...rest, query: body, ...(Object.keys(otherExtensions).length > 0 ? { extensions: otherExtensions } : {}) };
}

function operationNameOf(req: IncomingMessage, request: EdgeRequest): string | undefined {
  const name: unknown = isGet(req) ? getParams(request).operationName : (request.body as { operationName?: unknown } | undefined)?.operationName;
  return typeof name === 'string' && /^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name) ? name : undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
