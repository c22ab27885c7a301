// How graphql-js's own limits are worded to the caller (src/query-limits.ts `formatLimitRefusal`).
// Whether a document overflows the parser's stack below the token limit depends on how warm the
// parser is (optimized frames are smaller), so the parser's failure is given here as it arrives.
import { describe, expect, it } from 'vitest';
import { formatLimitRefusal, TOKEN_LIMIT_EXCEEDED } from '../../src/query-limits.ts';

describe('formatLimitRefusal', () => {
  it('says the token limit and gives it a code of its own', () => {
    const formatted = formatLimitRefusal({
      message: 'Syntax Error: Document contains more that 5000 tokens. Parsing aborted.',
      extensions: { code: 'GRAPHQL_PARSE_FAILED' },
    });
    expect(formatted).toEqual({
      message: 'Token limit of 5000 exceeded: the document is too large.',
      extensions: { code: TOKEN_LIMIT_EXCEEDED, maxTokens: 5000 },
    });
  });

  it('says a document nested deeper than the parser recurses is nested too deeply, as a parse failure', () => {
    const formatted = formatLimitRefusal({ message: 'Maximum call stack size exceeded', extensions: { code: 'GRAPHQL_PARSE_FAILED' } });
    expect(formatted).toEqual({ message: 'The document is nested too deeply to parse.', extensions: { code: 'GRAPHQL_PARSE_FAILED' } });
  });

  it('says why validation aborted', () => {
    const formatted = formatLimitRefusal({ message: 'Validation aborted.', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    expect(formatted.message).toBe('Validation aborted: the document repeats too many fields (or fragments) to check that they can be merged.');
  });

  it('leaves every other error as it is', () => {
    const other = { message: 'Maximum call stack size exceeded', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    expect(formatLimitRefusal(other)).toBe(other);
  });
});
