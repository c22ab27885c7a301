/**
 * Whether a condition's regex compiles as the service checks it before saving: with Python's `re` (the flags
 * service evaluates with another engine, so patterns PostgreSQL would refuse, such as `9{0-9}`, are accepted).
 * Python syntax JavaScript lacks is translated first; Python's one common refusal JavaScript lacks, a look-behind
 * of variable width, is detected on its own.
 */
export function isValidPythonRegex(pattern: string): boolean {
  if (hasVariableWidthLookbehind(pattern)) return false;
  try {
    new RegExp(pattern.replace(/\(\?P</g, '(?<').replace(/\(\?P=(\w+)\)/g, '\\k<$1>'));
    return true;
  } catch {
    return false;
  }
}

/** A `(?<=...)` / `(?<!...)` whose body repeats (`*`, `+`, `?`, `{m,n}`) or alternates. */
function hasVariableWidthLookbehind(pattern: string): boolean {
  const unescaped = pattern.replace(/\\./g, '__');
  for (const start of unescaped.matchAll(/\(\?<[=!]/g)) {
    const body = lookbehindBody(unescaped, start.index + start[0].length);
    if (/[*+|]|[^(]\?|\{\d*,\d*\}/.test(body)) return true;
  }
  return false;
}

function lookbehindBody(text: string, from: number): string {
  let depth = 1;
  for (let index = from; index < text.length; index++) {
    if (text[index] === '(') depth++;
    if (text[index] === ')' && --depth === 0) return text.slice(from, index);
  }
  return text.slice(from);
}
