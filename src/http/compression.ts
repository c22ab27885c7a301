// Response compression: br (quality 4, which costs about what gzip does), gzip or deflate, brotli
// preferred when the client accepts several, for answers over 1 KB; `Vary: Accept-Encoding` on
// every compressible answer, whatever the client accepts. Event streams are left alone:
// compressing them would hold events back until a buffer fills.
//
// A complete answer (nearly all of them) is compressed here in one step, in the thread pool. Only
// a streamed answer (incremental delivery) goes through the `compression` middleware, which
// replaces `write`, `end`, `on` and `writeHead` on each response it serves: with functions stored
// on every response, each request's objects outlived young-generation collections and were
// promoted (docs/performance.md, "What survives a scavenge").
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import compression from 'compression';
import express, { type Request, type Response } from 'express';
import Negotiator from 'negotiator';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** `Cache-Control: no-transform` forbids compressing (the `compression` package's own rule, which it does not export). */
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;

// What the `compression` package offers and prefers, in its order.
const ENCODINGS = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED = ['br', 'gzip'];
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

const brotli = promisify<zlib.InputType, zlib.BrotliOptions, Buffer>(zlib.brotliCompress);
const gzip = promisify<zlib.InputType, Buffer>(zlib.gzip);
const deflate = promisify<zlib.InputType, Buffer>(zlib.deflate);
const COMPRESS: Record<string, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => brotli(body, BROTLI_OPTIONS),
  gzip: (body) => gzip(body),
  deflate: (body) => deflate(body),
};

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

/** The `compression` middleware, for the routes Express serves and the answers the edge streams. */
export function responseCompression() {
  return compression({ threshold: COMPRESSION_THRESHOLD_BYTES, filter: compressible });
}

const streamMiddleware = responseCompression();
const noop = () => {};

/** Hands a streamed answer to the `compression` middleware, before its first write. */
export function compressStream(req: IncomingMessage, res: ServerResponse): void {
  void streamMiddleware(req as Request, res as Response, noop);
}

/**
 * Sends a complete answer with its exact length: compressed when the client accepts an encoding,
 * the answer is compressible and at least the threshold, as the `compression` middleware decides
 * (not for HEAD, `no-transform` or an answer already encoded). A promise only when it compresses.
 */
export function sendAnswer(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> | undefined {
  const encoding = encodingFor(req, res, body);
  if (encoding === null) {
    // Node's `end` measures a string body and sends its Content-Length.
    res.end(body);
    return undefined;
  }
  return COMPRESS[encoding]!(Buffer.from(body)).then(
    (compressed) => {
      res.setHeader('content-encoding', encoding);
      res.setHeader('content-length', compressed.length);
      res.end(compressed);
    },
    (error: unknown) => {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
}

/** At least the threshold in UTF-8: every UTF-16 code unit takes one byte or more, so a long string is measured only when short. */
const reachesThreshold = (body: string) => body.length >= COMPRESSION_THRESHOLD_BYTES || Buffer.byteLength(body) >= COMPRESSION_THRESHOLD_BYTES;

/** The encoding to send `body` in, or null to send it as it is; names Accept-Encoding in Vary when the answer is compressible. */
function encodingFor(req: IncomingMessage, res: ServerResponse, body: string): string | null {
  if (!compressible(req, res)) return null;
  const cacheControl = res.getHeader('cache-control');
  if (typeof cacheControl === 'string' && NO_TRANSFORM.test(cacheControl)) return null;
  // Express's `res.vary` is the `vary` package's append (what `compression` calls), and needs nothing of Express.
  express.response.vary.call(res as Response, 'Accept-Encoding');
  if (!req.headers['accept-encoding'] || req.method === 'HEAD' || res.getHeader('content-encoding') !== undefined) return null;
  if (!reachesThreshold(body)) return null;
  const chosen = new Negotiator(req).encoding(ENCODINGS, { preferred: PREFERRED });
  return chosen && chosen !== 'identity' ? chosen : null;
}
