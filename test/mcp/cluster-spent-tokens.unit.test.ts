// The spent tokens of a WORKERS=N tree without Redis (src/cluster-spent-tokens.ts): every worker's
// `spend` is answered by the primary's one record, and a primary that does not answer makes the
// write `unavailable` (refused), never `first`. Two workers' IPC channels are stood in for by
// in-process ones here (the real cluster: test/mcp/workers.test.ts).
import type { Worker } from 'node:cluster';
import { describe, expect, it } from 'vitest';
import { primarySpentTokens, SpentTokenLedger, type PrimaryChannel } from '../../src/cluster-spent-tokens.ts';

/** A worker's channel to `ledger`, answered asynchronously as IPC is; `answers` false: a primary that never answers. */
function channelTo(ledger: SpentTokenLedger, answers = true): PrimaryChannel {
  const listeners: Array<(message: unknown) => void> = [];
  const worker = { isDead: () => false, send: (message: unknown) => listeners.forEach((listener) => listener(message)) } as unknown as Worker;
  return {
    send: (message) => void (answers && setImmediate(() => ledger.heard(worker, message))),
    onMessage: (listener) => void listeners.push(listener),
  };
}

describe('spent tokens through the primary', () => {
  it("the primary's one record answers every worker: a token is first once, then spent, racing uses included", async () => {
    const ledger = new SpentTokenLedger();
    const [one, two] = [primarySpentTokens(channelTo(ledger)), primarySpentTokens(channelTo(ledger))];
    const expires = Date.now() + 60_000;
    expect(await Promise.all([one.spend('digest', expires), two.spend('digest', expires)])).toEqual(['first', 'spent']);
    expect(await one.spend('digest', expires)).toBe('spent');
    expect(await two.spend('other', expires)).toBe('first');
  });

  it('a primary that does not answer refuses the write', async () => {
    expect(await primarySpentTokens(channelTo(new SpentTokenLedger(), false)).spend('digest', Date.now() + 60_000)).toBe('unavailable');
  });
});
