// Response compression: gzip or br (brotli preferred when the client accepts both, at quality 4, which
// costs about what gzip does) for answers over 1 KB. Event streams are left alone: compressing them
// would hold events back until a buffer fills.
import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import express, { type Request, type Response } from 'express';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** `Cache-Control: no-transform` forbids compressing (the `compression` package's own rule, which it does not export). */
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;

function compressible(req: IncomingMessage, res: ServerResponse): boolean {
  const type = String(res.getHeader('content-type') ?? '');
  if (type.startsWith('text/event-stream')) return false;
  let known = compressibleTypes.get(type);
  if (known === undefined) {
    known = compression.filter(req as Request, res as Response);
    if (compressibleTypes.size < MAX_REMEMBERED_TYPES) compressibleTypes.set(type, known);
  }
  return known;
}

// compression.filter looks the media type up in mime-db on every answer; the gateway writes only a
// handful of types (JSON, GraphQL response JSON, HTML for the landing page), so each is looked up once.
const compressibleTypes = new Map<string, boolean>();
const MAX_REMEMBERED_TYPES = 32;

export function responseCompression() {
  return compression({ threshold: COMPRESSION_THRESHOLD_BYTES, filter: compressible });
}

/**
 * The compression step of the /graphql edge (graphql-edge.ts). A request without Accept-Encoding is
 * never compressed, so the `compression` middleware (which wraps `write`, `end` and `on` of every
 * answer and negotiates the encoding) is skipped for it; only what it would still do then is
 * done: name Accept-Encoding in `Vary` on a compressible answer, when its headers are written.
 */
export function compressionStep(): (req: IncomingMessage, res: ServerResponse) => void {
  const middleware = responseCompression();
  const next = () => {};
  return (req, res) => {
    if (req.headers['accept-encoding']) void middleware(req as Request, res as Response, next);
    else beforeHeaders(res, () => varyIfCompressible(req, res));
  };
}

function varyIfCompressible(req: IncomingMessage, res: ServerResponse): void {
  if (!compressible(req, res)) return;
  const cacheControl = res.getHeader('cache-control');
  if (typeof cacheControl === 'string' && NO_TRANSFORM.test(cacheControl)) return;
  // Express's `res.vary` is the `vary` package's append (what `compression` calls), and needs nothing of Express.
  express.response.vary.call(res as Response, 'Accept-Encoding');
}

/**
 * Runs `hook` once, just before the headers are written. Every answer of the edge writes them
 * implicitly (`res.end`/`res.write` call `res.writeHead(statusCode)`), never with headers passed
 * to `writeHead`, so this is all of what the `on-headers` package (used by `compression`) does here.
 */
function beforeHeaders(res: ServerResponse, hook: () => void): void {
  const writeHead = res.writeHead.bind(res);
  res.writeHead = ((...args: Parameters<typeof writeHead>) => {
    res.writeHead = writeHead;
    hook();
    return writeHead(...args);
  }) as ServerResponse['writeHead'];
}
