// The query string the HTTP bridge hands to Apollo (GET operations) must read exactly as the
// deprecated url.parse() that @as-integrations/express5 used would have had it read.
import { parse } from 'node:url';
import { describe, expect, it } from 'vitest';
import { searchOf } from '../../src/express-middleware.ts';

const TARGETS = [
  '/graphql',
  '/graphql?',
  '/graphql?query=%7B__typename%7D&variables=%7B%7D',
  '/graphql?query={ a b }&x="1"',
  '/graphql?x=1#fragment',
  '/graphql#fragment?x=1',
  '/?a=%zz&b=+c',
  '//host/p?q=1',
  '/p??a=1',
  '/p?a=1?b=2',
  '/p?q=é&r=`^|\\<>',
];

describe('searchOf', () => {
  it.each(TARGETS)('reads %s like url.parse', (target) => {
    const expected = new URLSearchParams(parse(target).search ?? '');
    expect([...new URLSearchParams(searchOf(target))]).toEqual([...expected]);
  });

  it('is empty without a query string', () => {
    expect(searchOf('/graphql')).toBe('');
    expect(searchOf('/graphql#x?y=1')).toBe('');
  });
});
