// Performance-only: global ids remembered rather than encoded again (docs/performance.md).
// Always on: a remembered id is the very string encoding gives (test/gateway/global-id-encoding.unit.test.ts),
// and it holds at most MAX_REMEMBERED_IDS ids (~1 MiB), so there is nothing to choose.
//
// The ids of objects whose keys are all integers (every object but organizations) are kept per
// type, key count and key: a list answers the same objects' ids request after request. Measured
// in process, 51 ids (a 50-flag page and its project) cost 6-24 µs remembered against 70-100 µs
// encoded, on a loaded 2-core machine: 4-5% of a 50-flag list's CPU, more on the N+1 trap (each
// flag's project id too). Emptied when full. Imported only by global-id.ts (test/gateway/layers.test.ts).

type IdTree = Map<number, IdTree | string>;
export const MAX_REMEMBERED_IDS = 10_000;
const rememberedIds = new Map<string, IdTree[]>();
let rememberedCount = 0;

/** The id of `type` with integer `keys`, remembered (or encoded by `encode` and remembered); undefined for other keys. */
export function rememberedId(type: string, keys: (string | number)[], encode: (type: string, keys: number[]) => string): string | undefined {
  if (keys.length === 0 || !keys.every(isIntegerKey)) return undefined;
  if (rememberedCount >= MAX_REMEMBERED_IDS) forgetIds();
  let byKeyCount = rememberedIds.get(type);
  if (!byKeyCount) rememberedIds.set(type, (byKeyCount = []));
  let tree = (byKeyCount[keys.length] ??= new Map());
  const last = keys.length - 1;
  for (let i = 0; i < last; i++) {
    let next = tree.get(keys[i]!) as IdTree | undefined;
    if (!next) tree.set(keys[i]!, (next = new Map()));
    tree = next;
  }
  const known = tree.get(keys[last]!) as string | undefined;
  if (known !== undefined) return known;
  const id = encode(type, keys);
  tree.set(keys[last]!, id);
  rememberedCount++;
  return id;
}

const isIntegerKey = (key: string | number): key is number => Number.isSafeInteger(key);

/** How many ids are remembered now (tests). */
export const rememberedIdCount = (): number => rememberedCount;

function forgetIds(): void {
  rememberedIds.clear();
  rememberedCount = 0;
}
