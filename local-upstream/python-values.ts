/**
 * Python's reading of JSON-decoded values where the real service applies a builtin to raw request data:
 * truthiness (`if value:`) and `int(value)`. Used by the flag-dependency checks, which take a dependency's
 * reference with `int(...)` (docs/rest-interface.md, "Flags").
 */

/** `bool(value)`: empty strings, lists and objects, `0`, `false` and `null` are false. */
export function pythonTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && value !== null) return Object.keys(value).length > 0;
  return Boolean(value);
}

// str.isspace(): JavaScript's \s without U+FEFF, plus the ASCII separators U+001C-U+001F and U+0085.
const SPACE = '[\\t\\n\\v\\f\\r \\u001c-\\u001f\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const INT_LITERAL = new RegExp(`^${SPACE}*([+-]?)(\\p{Nd}+(?:_\\p{Nd}+)*)${SPACE}*$`, 'u');
const DECIMAL_DIGIT = /\p{Nd}/u;

/**
 * `int(value)` as decimal text (exact for any size), or null where Python raises ValueError or TypeError:
 * booleans are 1 and 0, numbers are truncated toward zero, strings may carry spaces, a sign, `_` between
 * digits and digits of any script; lists, objects and null are refused.
 */
export function pythonInt(value: unknown): string | null {
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') return Number.isFinite(value) ? BigInt(Math.trunc(value)).toString() : null;
  if (typeof value !== 'string') return null;
  const match = INT_LITERAL.exec(value);
  if (!match) return null;
  const digits = [...match[2]!.replaceAll('_', '')].map(digitValue).join('');
  return BigInt(`${match[1]}${digits}`).toString();
}

/** Unicode encodes every script's decimal digits as runs of ten from its zero, so a digit's value is its distance to the run's start, modulo 10. */
function digitValue(char: string): number {
  let start = char.codePointAt(0)!;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
  return (char.codePointAt(0)! - start) % 10;
}
