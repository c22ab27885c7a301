// readSince against an in-memory log served newest first in page/limit pages, with entries
// arriving between page reads (what shifts pages under a catch-up walk).
import { describe, expect, it } from 'vitest';
import { currentPosition, readSince, type ReadActivityPage } from '../../src/subscriptions/catch-up.ts';
import type { ActivityLogRecord } from '../../src/upstream-client/endpoints/activity.ts';

function entry(n: number): ActivityLogRecord {
  return {
    user: { first_name: 'A', email: 'a@x.test' },
    activity: 'updated',
    scope: 'FeatureFlag',
    item_id: '1',
    detail: { name: 'f', changes: [{ field: 'name', after: `v${n}` }] },
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, n)).toISOString(),
  };
}

/** A log (oldest first) and a reader that appends `arrivals[i]` entries just before page read i. */
function log(initial: number) {
  const entries = Array.from({ length: initial }, (_, i) => entry(i));
  let reads = 0;
  const arrivals: number[] = [];
  const read: ReadActivityPage = async ({ limit, page }) => {
    for (let i = 0; i < (arrivals[reads] ?? 0); i += 1) entries.push(entry(entries.length));
    reads += 1;
    const newestFirst = [...entries].reverse();
    return { results: newestFirst.slice((page - 1) * limit, page * limit), next: null, previous: null, total_count: entries.length };
  };
  return { entries, read, arrivals, reads: () => reads };
}

const values = (records: ActivityLogRecord[]) => records.map((r) => (r.detail!.changes![0]!.after as string).slice(1)).map(Number);

describe('readSince', () => {
  it('returns nothing new after the current position, in one read', async () => {
    const { read, reads } = log(30);
    const position = await currentPosition(read, 10);
    const result = await readSince(read, position, 10, 50);
    expect(result.entries).toEqual([]);
    expect(reads()).toBe(2);
  });

  it('pages back past one page of new entries, oldest first, each once, while more arrive between reads', async () => {
    const state = log(30);
    const position = await currentPosition(state.read, 10);
    for (let i = 0; i < 25; i += 1) state.entries.push(entry(state.entries.length)); // 25 new: three pages
    state.arrivals.push(0, 0, 3, 2, 4); // reads 2, 3 and 4 of this walk see pages shifted by arrivals
    const first = await readSince(state.read, position, 10, 50);
    const second = await readSince(state.read, first.position, 10, 50);
    const delivered = [...values(first.entries), ...values(second.entries)];
    expect(delivered).toEqual(Array.from({ length: state.entries.length - 30 }, (_, i) => 30 + i));
  });

  it('reads everything as new from an empty log', async () => {
    const state = log(0);
    const position = await currentPosition(state.read, 10);
    for (let i = 0; i < 12; i += 1) state.entries.push(entry(i));
    expect(values((await readSince(state.read, position, 10, 50)).entries)).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });

  it('stops after maxPages and says so', async () => {
    const state = log(5);
    const position = await currentPosition(state.read, 10);
    for (let i = 0; i < 40; i += 1) state.entries.push(entry(state.entries.length));
    const result = await readSince(state.read, position, 10, 2);
    expect(result.truncated).toBe(true);
    expect(values(result.entries)).toEqual(Array.from({ length: 20 }, (_, i) => 25 + i));
  });
});
