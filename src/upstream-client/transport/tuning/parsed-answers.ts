// Performance-only: answers the upstream repeats byte for byte are parsed once (docs/performance.md).
// Off: UPSTREAM_PARSE_CACHE_BYTES=0 (every answer is then parsed).
//
// Every call still goes out and its whole answer is read; when a GET answers exactly the bytes the
// same URL answered before, the value parsed, checked and decoded from them then is used again
// instead of parsing the page anew (~250 µs for 50 flags). The bytes decide, not time or token: a
// value is only ever reused for the very bytes it was parsed from, so it is what parsing them again
// would give. Kept values are deep-frozen: no request can change what another reads. What is kept
// is bounded by the answers' bytes (their parsed values take about three times as much heap),
// least recently used out first. Imported only by http.ts and settings.ts (test/gateway/layers.test.ts).

interface Kept {
  body: Buffer;
  /** The decoder the value went through (page.ts): the same bytes decoded another way are another value. */
  decode: unknown;
  value: unknown;
}

export const DEFAULT_PARSE_CACHE_BYTES = 2 * 1024 * 1024;

export class ParsedAnswers {
  readonly #maxBytes: number;
  /** Larger answers are not kept: one page must not push out all the others. */
  readonly #maxAnswerBytes: number;
  /** By URL path and query, least recently used first (Map order). */
  readonly #kept = new Map<string, Kept>();
  #bytes = 0;

  /** `maxBytes` 0 keeps nothing. */
  constructor(maxBytes: number = DEFAULT_PARSE_CACHE_BYTES) {
    this.#maxBytes = maxBytes;
    this.#maxAnswerBytes = Math.floor(maxBytes / 4);
  }

  /** Bytes of the answers kept now. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The value kept for `path` if it was parsed from exactly `body` through `decode`. */
  find(path: string, body: Buffer, decode: unknown): { value: unknown } | undefined {
    const kept = this.#kept.get(path);
    if (kept === undefined || kept.decode !== decode || !kept.body.equals(body)) return undefined;
    this.#kept.delete(path);
    this.#kept.set(path, kept);
    return kept;
  }

  /** Keeps `value` (frozen, with a copy of `body`) as what `path` answered; nothing for an empty or too large answer. */
  keep(path: string, body: Buffer, decode: unknown, value: unknown): void {
    if (body.length === 0 || body.length > this.#maxAnswerBytes) return;
    this.#forget(path);
    this.#kept.set(path, { body: ownCopy(body), decode, value: deepFreeze(value) });
    this.#bytes += body.length;
    for (const oldest of this.#kept.keys()) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#forget(oldest);
    }
  }

  #forget(path: string): void {
    const kept = this.#kept.get(path);
    if (kept === undefined) return;
    this.#kept.delete(path);
    this.#bytes -= kept.body.length;
  }
}

/**
 * `bytes` in memory of their own: `bytes` is a socket read that is freed once read
 * (response.ts), and a copy from Node's pool of small buffers would keep a whole pool slab alive.
 */
function ownCopy(bytes: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

/** Freezes a parsed JSON value and everything in it (JSON has only objects, arrays and primitives). */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  if (Array.isArray(value)) for (const item of value) deepFreeze(item);
  else for (const key in value) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}
