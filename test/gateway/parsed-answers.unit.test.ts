// ParsedAnswers alone: a kept value is found only for the very bytes (and decoder) it came from,
// is frozen all the way down, and what is kept stays within its byte budget.
import { describe, expect, it } from 'vitest';
import { ParsedAnswers } from '../../src/upstream-client/transport/tuning/parsed-answers.ts';

const PAGE = { count: 1, next: null, previous: null, results: [{ id: 1, key: 'beta', filters: { groups: [{ rollout_percentage: 50 }] } }] };
const bytes = (value: unknown) => Buffer.from(JSON.stringify(value));
const decodePage = (body: unknown) => body;
const decodeOther = (body: unknown) => body;

describe('ParsedAnswers', () => {
  it('finds the value kept for a path only for the same bytes through the same decoder', () => {
    const answers = new ParsedAnswers(1024 * 1024);
    const value = structuredClone(PAGE);
    answers.keep('/api/projects/1/feature_flags/', bytes(PAGE), decodePage, value);
    expect(answers.find('/api/projects/1/feature_flags/', bytes(PAGE), decodePage)?.value).toBe(value);
    expect(answers.find('/api/projects/1/feature_flags/', bytes({ ...PAGE, count: 2 }), decodePage)).toBeUndefined();
    expect(answers.find('/api/projects/1/feature_flags/', bytes(PAGE), decodeOther)).toBeUndefined();
    expect(answers.find('/api/projects/2/feature_flags/', bytes(PAGE), decodePage)).toBeUndefined();
  });

  it('freezes what it keeps all the way down: no request can change what another reads', () => {
    const answers = new ParsedAnswers(1024 * 1024);
    const value = structuredClone(PAGE);
    answers.keep('/p', bytes(PAGE), decodePage, value);
    const kept = answers.find('/p', bytes(PAGE), decodePage)!.value as typeof PAGE;
    expect(() => {
      kept.results[0]!.filters.groups[0]!.rollout_percentage = 100;
    }).toThrow(TypeError);
    expect(() => kept.results.push(kept.results[0]!)).toThrow(TypeError);
    expect(() => Object.defineProperty(kept.results[0], '__typename', { value: 'FeatureFlag' })).toThrow(TypeError);
    expect(kept).toEqual(PAGE);
  });

  it('keeps within its byte budget, the least recently used answer out first', () => {
    const body = Buffer.alloc(100, 'x');
    const answers = new ParsedAnswers(400);
    answers.keep('/a', body, decodePage, 'a');
    answers.keep('/b', body, decodePage, 'b');
    answers.keep('/c', body, decodePage, 'c');
    answers.keep('/d', body, decodePage, 'd');
    expect(answers.bytes).toBe(400);
    expect(answers.find('/a', body, decodePage)?.value).toBe('a'); // now the most recently used
    answers.keep('/e', body, decodePage, 'e');
    expect(answers.bytes).toBe(400);
    expect(answers.find('/b', body, decodePage)).toBeUndefined();
    expect(['/a', '/c', '/d', '/e'].map((path) => answers.find(path, body, decodePage)?.value)).toEqual(['a', 'c', 'd', 'e']);
  });

  it('replaces the answer of a path kept again, and counts its bytes once', () => {
    const answers = new ParsedAnswers(1000);
    answers.keep('/a', Buffer.alloc(100, 'x'), decodePage, 'old');
    answers.keep('/a', Buffer.alloc(50, 'y'), decodePage, 'new');
    expect(answers.bytes).toBe(50);
    expect(answers.find('/a', Buffer.alloc(100, 'x'), decodePage)).toBeUndefined();
    expect(answers.find('/a', Buffer.alloc(50, 'y'), decodePage)?.value).toBe('new');
  });

  it('keeps no empty answer, none larger than a quarter of its budget, and nothing with a budget of 0', () => {
    const answers = new ParsedAnswers(400);
    answers.keep('/empty', Buffer.alloc(0), decodePage, null);
    answers.keep('/large', Buffer.alloc(101, 'x'), decodePage, 'large');
    answers.keep('/fits', Buffer.alloc(100, 'x'), decodePage, 'fits');
    expect(answers.find('/empty', Buffer.alloc(0), decodePage)).toBeUndefined();
    expect(answers.find('/large', Buffer.alloc(101, 'x'), decodePage)).toBeUndefined();
    expect(answers.find('/fits', Buffer.alloc(100, 'x'), decodePage)?.value).toBe('fits');
    const none = new ParsedAnswers(0);
    none.keep('/a', Buffer.alloc(1, 'x'), decodePage, 'a');
    expect(none.find('/a', Buffer.alloc(1, 'x'), decodePage)).toBeUndefined();
    expect(none.bytes).toBe(0);
  });

  it('keeps its own copy of the bytes: a socket buffer reused after the answer does not change what matches', () => {
    const answers = new ParsedAnswers(1000);
    const socketRead = Buffer.from('{"count":0}');
    answers.keep('/a', socketRead, decodePage, { count: 0 });
    socketRead.write('{"count":9}');
    expect(answers.find('/a', Buffer.from('{"count":0}'), decodePage)?.value).toEqual({ count: 0 });
    expect(answers.find('/a', socketRead, decodePage)).toBeUndefined();
  });
});
