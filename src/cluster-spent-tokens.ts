// The spent MCP confirmation tokens of a `WORKERS=N` process tree without Redis (docs/mcp.md,
// "Writes"). A token is checked by whichever worker gets the write's second call, so a record kept
// in each worker would let a replay that lands on another worker run the write again. The record is
// kept in the primary instead: each worker asks it over node:cluster IPC, and the primary's one
// event loop makes check-and-record a single step for every worker, racing uses included. A worker
// that gets no answer within SPEND_TIMEOUT_MS refuses the write (`unavailable`), never runs it.
// Hand-written: node:cluster's message channel is all it needs (as cluster-invalidations.ts).
import type { Worker } from 'node:cluster';
import { MemorySpentTokens, type Spend, type SpentTokens } from './mcp/spent-tokens.ts';

/** Worker -> primary: record this token digest as spent, and say whether it already was. */
interface SpendRequest {
  type: 'gateway:mcp-spend';
  id: number;
  tokenDigest: string;
  expiresAtMs: number;
}
/** Primary -> the asking worker. */
interface SpendAnswer {
  type: 'gateway:mcp-spent';
  id: number;
  spend: Spend;
}

/** How long a worker waits for the primary (as long as the cache invalidations' relay waits). */
export const SPEND_TIMEOUT_MS = 250;

/** In the primary: the one record of spent tokens that every worker's write goes through. */
export class SpentTokenLedger {
  readonly #spent = new MemorySpentTokens();

  /** A message from `worker`: answered when it asks to spend a token. */
  heard(worker: Worker, message: unknown): void {
    if ((message as SpendRequest | null)?.type !== 'gateway:mcp-spend') return;
    const { id, tokenDigest, expiresAtMs } = message as SpendRequest;
    const spend = this.#spent.spendNow(tokenDigest, expiresAtMs);
    if (!worker.isDead()) worker.send({ type: 'gateway:mcp-spent', id, spend } satisfies SpendAnswer);
  }
}

/** A worker's message channel to its primary (node:cluster's IPC: `process.send` and `message`). */
export interface PrimaryChannel {
  send(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
}

const processChannel: PrimaryChannel = {
  // A send that fails (the channel closed) goes to the callback, and the timeout refuses the write.
  send: (message) => void process.send?.(message, undefined, {}, () => {}),
  onMessage: (listener) => void process.on('message', listener),
};

/** In a worker: spent tokens recorded by the primary. */
export function primarySpentTokens(channel: PrimaryChannel = processChannel): SpentTokens {
  const waiting = new Map<number, (spend: Spend) => void>();
  let nextId = 0;
  channel.onMessage((message) => {
    const answer = message as SpendAnswer | null;
    if (answer?.type === 'gateway:mcp-spent') waiting.get(answer.id)?.(answer.spend);
  });
  return {
    spend(tokenDigest, expiresAtMs) {
      const id = (nextId += 1);
      return new Promise<Spend>((resolve) => {
        const done = (spend: Spend) => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(spend);
        };
        // An answer that comes later may have recorded the token: the retry is then `spent`, the safe side.
        const timer = setTimeout(() => done('unavailable'), SPEND_TIMEOUT_MS);
        waiting.set(id, done);
        channel.send({ type: 'gateway:mcp-spend', id, tokenDigest, expiresAtMs } satisfies SpendRequest);
      });
    },
  };
}
