// The JSON body every client sends (`Content-Type: application/json`, UTF-8, not compressed), read
// without body-parser. Through `express.json` the same body paid for type-is, two parses of the
// Content-Type, debug calls, an iconv-lite decoder and an async resource per request
// (docs/performance.md, "Fixed costs"); anything else (another charset, a compressed body, a
// Content-Type with other parameters) still goes to body-parser (json-body.ts). The rules are
// body-parser's (2.x) and raw-body's, with the same error `type`s and statuses, so json-body.ts
// answers both paths alike.
import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream';

/** The Content-Types this reader takes; body-parser reads these as UTF-8 JSON too. */
const PLAIN_JSON = /^application\/json(?:; ?charset=utf-8)?$/i;

/** Leading JSON whitespace and the first other character (body-parser's strict mode). */
const FIRST_NON_WHITESPACE = /^[ \t\n\r]*([^ \t\n\r]|$)/;

/** A body that cannot be read, typed as body-parser types its errors. */
export class BodyError extends Error {
  readonly type: string;
  readonly status: number;

  constructor(type: string, status: number) {
    super(type);
    this.type = type;
    this.status = status;
  }
}

/** True when this reader takes the request; false sends it to body-parser. */
export function isPlainJson(req: IncomingMessage): boolean {
  const type = req.headers['content-type'];
  return type !== undefined && req.headers['content-encoding'] === undefined && PLAIN_JSON.test(type);
}

/** The parsed body; undefined when the request has none (as type-is's `hasBody` decides). */
export async function readPlainJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const declared = req.headers['content-length'];
  if (req.headers['transfer-encoding'] === undefined && (declared === undefined || Number.isNaN(Number(declared)))) return undefined;
  const length = declared !== undefined && !Number.isNaN(Number(declared)) ? parseInt(declared, 10) : null;
  if (length !== null && length > limit) throw await drained(req, new BodyError('entity.too.large', 413));
  return parseStrict(await readText(req, limit));
}

/** The body as text: UTF-8 with a leading byte-order mark dropped, as iconv-lite decodes it for body-parser. */
function readText(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const fail = (error: Error) => {
      stop();
      void drained(req, error).then(reject);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) fail(new BodyError('entity.too.large', 413));
      else chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      const text = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received)).toString('utf8');
      resolve(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    };
    // Node's parser delivers exactly Content-Length bytes before 'end', so raw-body's
    // `request.size.invalid` cannot happen here; a body cut short is 'aborted'.
    const onAborted = () => fail(new BodyError('request.aborted', 400));
    // Any other stream error has no `type`: it is answered as an unexpected error, as before.
    const onError = (error: Error) => fail(error);
    function stop() {
      req.off('data', onData).off('end', onEnd).off('aborted', onAborted).off('error', onError);
      req.pause();
    }
    req.on('data', onData).on('end', onEnd).on('aborted', onAborted).on('error', onError);
  });
}

/** Reads off the rest of a refused body before it is answered, as body-parser does; resolves to `error`. */
function drained(req: IncomingMessage, error: Error): Promise<Error> {
  return new Promise((resolve) => {
    finished(req, () => resolve(error));
    req.resume();
  });
}

/** body-parser's strict JSON: an empty body is `{}`; anything but an object or an array is refused. */
function parseStrict(text: string): unknown {
  if (text.length === 0) return {};
  const first = text[0] === '{' || text[0] === '[' ? text[0] : FIRST_NON_WHITESPACE.exec(text)?.[1];
  if (first !== '{' && first !== '[') throw new BodyError('entity.parse.failed', 400);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BodyError('entity.parse.failed', 400);
  }
}
