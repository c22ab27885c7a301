// Response compression: gzip or br (brotli preferred when the client accepts both, at quality 4, which
// costs about what gzip does) for answers over 1 KB. Event streams are left alone: compressing them
// would hold events back until a buffer fills.
import type { Request, Response } from 'express';
import compression from 'compression';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

function compressible(req: Request, res: Response): boolean {
  const type = String(res.getHeader('content-type') ?? '');
  if (type.startsWith('text/event-stream')) return false;
  return compression.filter(req, res);
}

export function responseCompression() {
  return compression({ threshold: COMPRESSION_THRESHOLD_BYTES, filter: compressible });
}
