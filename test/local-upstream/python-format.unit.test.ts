// Python's printing of values, which the local upstream's messages reuse where the service prints with
// `str()`/`repr()`. Every expected text below is what CPython 3 prints for the same value.
import { describe, expect, it } from 'vitest';
import { pythonRepr, pythonStr } from '../../local-upstream/python-format.ts';

describe("Python's repr of a string", () => {
  it.each([
    ['plain', "'plain'"],
    ["it's", `"it's"`],
    ['say "hi"', `'say "hi"'`],
    [`both ' and "`, `'both \\' and "'`],
    ['tab\there\nnl\\', "'tab\\there\\nnl\\\\'"],
    ['nbsp\u00a0x', "'nbsp\\xa0x'"],
    ['del\u007f', "'del\\x7f'"],
    ['line\u2028sep', "'line\\u2028sep'"],
    ['emoji 😀, é ü 中 →', "'emoji 😀, é ü 中 →'"],
  ])('%j prints as %s', (text, printed) => {
    expect(pythonRepr(text)).toBe(printed);
  });
});

describe('str() of lists and dicts', () => {
  it('prints their strings with repr and their values as Python does', () => {
    expect(pythonStr({ filters: ["isn't", 'a'], n: 1, ok: true, none: null })).toBe(`{'filters': ["isn't", 'a'], 'n': 1, 'ok': True, 'none': None}`);
  });
});
