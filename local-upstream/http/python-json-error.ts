/**
 * The message Python's `json` module (CPython's C scanner, before 3.13) gives for malformed JSON, so the DRF
 * parse error reads like the real service's: `JSON parse error - Expecting value: line 1 column 1 (char 0)`.
 * Only called once `JSON.parse` has refused the text; both accept the same documents, except NaN/Infinity,
 * which Python reads and DRF then refuses as out of range.
 */

class Refused extends Error {
  readonly pos: number;
  constructor(message: string, pos: number) {
    super(message);
    this.pos = pos;
  }
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y;
const CONSTANTS = ['null', 'true', 'false'];
const OUT_OF_RANGE = ['NaN', 'Infinity', '-Infinity'];

function skip(text: string, pos: number): number {
  while (pos < text.length && WHITESPACE.has(text[pos]!)) pos++;
  return pos;
}

/** A string starting after its opening quote at `start`; returns the index after the closing quote. */
function scanString(text: string, start: number): number {
  let pos = start;
  for (;;) {
    if (pos >= text.length) throw new Refused('Unterminated string starting at', start - 1);
    const char = text[pos]!;
    if (char === '"') return pos + 1;
    if (char < ' ') throw new Refused('Invalid control character at', pos);
    if (char !== '\\') {
      pos++;
      continue;
    }
    const escape = text[pos + 1];
    if (escape === undefined) throw new Refused('Unterminated string starting at', start - 1);
    if (escape === 'u') {
      if (!/^[0-9a-fA-F]{4}$/.test(text.slice(pos + 2, pos + 6))) throw new Refused('Invalid \\uXXXX escape', pos + 1);
      pos += 6;
    } else if ('"\\/bfnrt'.includes(escape)) {
      pos += 2;
    } else {
      throw new Refused('Invalid \\escape', pos);
    }
  }
}

/** One value at `pos` (no leading whitespace); returns the index after it. "Expecting value" when there is none. */
function scanValue(text: string, pos: number): number {
  const char = text[pos];
  if (char === '"') return scanString(text, pos + 1);
  if (char === '{') return scanObject(text, pos + 1);
  if (char === '[') return scanArray(text, pos + 1);
  const constant = CONSTANTS.find((word) => text.startsWith(word, pos));
  if (constant) return pos + constant.length;
  NUMBER.lastIndex = pos;
  const number = NUMBER.exec(text);
  if (number) return pos + number[0].length;
  if (OUT_OF_RANGE.some((word) => text.startsWith(word, pos))) throw new Refused('Out of range float values are not JSON compliant', -1);
  throw new Refused('Expecting value', pos);
}

function scanObject(text: string, start: number): number {
  let pos = skip(text, start);
  if (text[pos] === '}') return pos + 1;
  for (;;) {
    if (text[pos] !== '"') throw new Refused('Expecting property name enclosed in double quotes', pos);
    pos = skip(text, scanString(text, pos + 1));
    if (text[pos] !== ':') throw new Refused("Expecting ':' delimiter", pos);
    pos = scanValue(text, skip(text, pos + 1));
    pos = skip(text, pos);
    if (text[pos] === '}') return pos + 1;
    if (text[pos] !== ',') throw new Refused("Expecting ',' delimiter", pos);
    pos = skip(text, pos + 1);
  }
}

function scanArray(text: string, start: number): number {
  let pos = skip(text, start);
  if (text[pos] === ']') return pos + 1;
  for (;;) {
    pos = skip(text, scanValue(text, pos));
    if (text[pos] === ']') return pos + 1;
    if (text[pos] !== ',') throw new Refused("Expecting ',' delimiter", pos);
    pos = skip(text, pos + 1);
  }
}

/** `JSONDecodeError`'s text: the message and where, as line, column (both from 1) and character index. */
function located(text: string, { message, pos }: Refused): string {
  if (pos < 0) return message;
  const before = text.slice(0, pos);
  const line = before.split('\n').length;
  const column = pos - before.lastIndexOf('\n');
  return `${message}: line ${line} column ${column} (char ${pos})`;
}

/** Python's complaint about `text`, or undefined if Python would read it (then the caller keeps its own). */
export function pythonJsonError(text: string): string | undefined {
  try {
    const end = skip(text, scanValue(text, skip(text, 0)));
    if (end !== text.length) return located(text, new Refused('Extra data', end));
    return undefined;
  } catch (error) {
    if (error instanceof Refused) return located(text, error);
    if (error instanceof RangeError) return undefined; // nested too deep to scan here
    throw error;
  }
}
