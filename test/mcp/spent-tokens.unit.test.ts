// One process's record of spent confirmation tokens (src/mcp/spent-tokens.ts): a token is spent
// once, remembered until its expiry (plus the clocks' margin) and no longer, and at the cap a new
// write is refused while every record is live — never accepted by forgetting a live record.
import { describe, expect, it } from 'vitest';
import { CLOCK_MARGIN_MS, MemorySpentTokens, spentTokenDigest, SWEEP_EVERY_MS } from '../../src/mcp/spent-tokens.ts';

const EXPIRES = 300_000;

describe('MemorySpentTokens', () => {
  it('spends a token once', () => {
    const spent = new MemorySpentTokens();
    expect(spent.spendNow('a', EXPIRES, 0)).toBe('first');
    expect(spent.spendNow('a', EXPIRES, 1)).toBe('spent');
    expect(spent.spendNow('b', EXPIRES, 2)).toBe('first');
  });

  it('remembers a record until its token has expired, and drops it within a sweep period after', () => {
    const spent = new MemorySpentTokens();
    const gone = EXPIRES + CLOCK_MARGIN_MS;
    spent.spendNow('a', EXPIRES, 0);
    expect(spent.spendNow('a', EXPIRES, gone - 1)).toBe('spent');
    spent.spendNow('b', 2 * EXPIRES, gone - 1 + SWEEP_EVERY_MS);
    expect(spent.size).toBe(1);
  });

  it('at the cap refuses a new token while every record is live, and takes it once one has expired', () => {
    const spent = new MemorySpentTokens(2);
    spent.spendNow('a', 1_000, 0);
    spent.spendNow('b', EXPIRES, 0);
    expect(spent.spendNow('c', EXPIRES, 1)).toBe('full');
    // The refused token is not recorded: the first records are still spent, and "c" can run later.
    expect(spent.spendNow('a', 1_000, 2)).toBe('spent');
    expect(spent.spendNow('b', EXPIRES, 2)).toBe('spent');
    expect(spent.spendNow('c', EXPIRES, 1_000 + CLOCK_MARGIN_MS)).toBe('first');
    expect(spent.spendNow('b', EXPIRES, 1_000 + CLOCK_MARGIN_MS)).toBe('spent');
  });

  it('stores a digest, not the token', () => {
    const token = '1733490000.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    expect(spentTokenDigest(token)).not.toContain('abcdefghij');
    expect(spentTokenDigest(token)).toHaveLength(43);
  });
});
