/**
 * Python-compatible text for values, so messages and normalized payloads read exactly as the real
 * (Django) service writes them: `str(value)` in f-strings and `json.dumps(value)` with its default separators;
 * and Python's test of a JSON object (`isinstance(value, dict)`). Shared by the field validators, the filters
 * validator, flag evaluation, the routes and the serializers.
 */

/** `json.dumps(value)`: `", "` and `": "` separators, non-ASCII escaped as `\uXXXX`. */
export function pythonJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return escapeNonAscii(JSON.stringify(value));
  if (typeof value === 'number') return pythonNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => `${escapeNonAscii(JSON.stringify(key))}: ${pythonJsonDumps(item)}`);
    return `{${entries.join(', ')}}`;
  }
  return 'null';
}

/** `str(value)` of a JSON-decoded value, as an f-string prints it. */
export function pythonStr(value: unknown): string {
  if (typeof value === 'string') return value;
  return pythonRepr(value);
}

/** `repr(value)` of a JSON-decoded value: how Python prints it inside a list or a dict. */
export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return pythonNumber(value);
  if (typeof value === 'string') return pythonStringRepr(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${pythonRepr(k)}: ${pythonRepr(v)}`);
    return `{${entries.join(', ')}}`;
  }
  return typeof value === 'bigint' ? value.toString() : 'None';
}

// What `str.isprintable()` refuses (other than the space): control, format, surrogate, private-use and
// unassigned code points, and every separator.
const UNPRINTABLE = /[\p{C}\p{Z}]/u;
const SPECIAL = new Map([
  ['\\', '\\\\'],
  ['\t', '\\t'],
  ['\n', '\\n'],
  ['\r', '\\r'],
]);

/**
 * `repr(text)`: single quotes, or double quotes when the text holds a single quote and no double one; the
 * quote, backslashes, tabs and line ends escaped, other unprintable characters as `\xNN`, `\uNNNN` or `\UNNNNNNNN`.
 */
function pythonStringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === quote) out += `\\${quote}`;
    else if (SPECIAL.has(char)) out += SPECIAL.get(char);
    else if (char === ' ' || !UNPRINTABLE.test(char)) out += char;
    else if (code <= 0xff) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code <= 0xffff) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += `\\U${code.toString(16).padStart(8, '0')}`;
  }
  return out + quote;
}

/** JSON numbers keep their int/float distinction poorly in JS; integers print as ints, others as Python floats. */
function pythonNumber(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
  return String(value);
}

function escapeNonAscii(json: string): string {
  return json.replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A JSON object (Python's dict): not null, not a list. */
export function isDict(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
