// Performance-only (memory): an upstream answer's body handed over once, then its memory given
// back at once (docs/performance.md). Always on: it changes no answer, only when the memory of
// socket reads already used is freed. Without it those buffers usually outlived two scavenges
// while their request was in flight, were promoted, and waited for a full collection: 44-68 MiB of
// ArrayBuffers at the peak under 50 connections, ~1 MiB with it (test/gateway/body-memory.test.ts).
// Imported only by http.ts (test/gateway/layers.test.ts).
import type { Answer } from './exchange.ts';

const NO_BYTES = Buffer.alloc(0);

/**
 * Hands the answer's body to `use`, which must copy what it keeps. Once `use` has returned, the
 * memory the socket read it into is given back at once, rather than when a full collection
 * finds it dead.
 */
export function useBody<T>({ chunks, size }: Pick<Answer, 'chunks' | 'size'>, use: (body: Buffer) => T): T {
  const body = chunks.length === 0 ? NO_BYTES : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
  try {
    return use(body);
  } finally {
    // Several chunks were joined into memory of their own, released with them.
    if (chunks.length > 1) release(body);
    for (const chunk of chunks) release(chunk);
  }
}

/**
 * Frees the memory under `bytes` now: a socket read's ArrayBuffer is the read's alone, and
 * detaching it frees it. The ArrayBuffers of Node's pool of small buffers are shared and cannot
 * be detached; they are left to the collector.
 */
function release(bytes: Buffer): void {
  if (!(bytes.buffer instanceof ArrayBuffer) || bytes.buffer.detached) return;
  try {
    bytes.buffer.transfer(0);
  } catch {
    // Not detachable: pooled memory, shared with other buffers.
  }
}
