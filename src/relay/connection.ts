// Relay cursor connections mapped onto the upstream's limit/offset pagination.
//
// Pure apart from `fetchPage`: arguments are validated before any upstream call, cursors
// are opaque base64url("<list>:<offset>") (the list name keeps a cursor of one connection
// type from silently paging another), and `totalCount` is the upstream envelope's `count`.
// The gateway computes offsets itself and never follows the envelope's next/previous URLs.
// `fetchPage` answers pages whose envelope its caller has already checked.
import { badUserInput } from '../errors.ts';

/** Largest `first`/`last` accepted; larger values are BAD_USER_INPUT. */
export const MAX_PAGE_SIZE = 100;
/** Page size when neither `first` nor `last` is given. */
export const DEFAULT_PAGE_SIZE = 100;

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

export interface Connection<T> {
  edges: Edge<T>[];
  nodes: T[];
  pageInfo: PageInfo;
  totalCount: number;
}

/** What a connection needs of one page: the items from the requested offset, and the list's total. */
export interface CountedPage<T> {
  readonly count: number;
  readonly results: readonly T[];
}

export type FetchPage<T> = (limit: number, offset: number) => Promise<CountedPage<T>>;

/** The list name of cursors when a connection does not name its list (unit tests). */
const DEFAULT_LIST = 'offset';

/** The opaque cursor of the item at `offset` in `list`. */
export function offsetToCursor(offset: number, list: string = DEFAULT_LIST): string {
  return Buffer.from(`${list}:${offset}`, 'utf8').toString('base64url');
}

/** Cursor -> offset; throws BAD_USER_INPUT for anything this gateway did not issue for `list`. */
export function cursorToOffset(cursor: string, argument: string, list: string = DEFAULT_LIST): number {
  const raw = /^[A-Za-z0-9_-]+={0,2}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = /^([A-Za-z][A-Za-z0-9]*):(0|[1-9][0-9]{0,8})$/.exec(raw);
  if (!match?.[2]) throw badUserInput(`Argument "${argument}" is not a valid cursor.`, { argument });
  if (match[1] !== list) throw badUserInput(`Argument "${argument}" is a cursor of another list; use a cursor of this connection.`, { argument });
  return Number(match[2]);
}

/** The window of the list a connection asks for. `end` is exclusive; null means "unknown until counted". */
export interface Window {
  start: number;
  end: number | null;
  /** Set when only `last` bounds the window from the end of the whole list. */
  last: number | null;
}

/** Validates the arguments and computes the requested window. No I/O. */
export function windowFor(args: ConnectionArgs, list: string = DEFAULT_LIST): Window {
  const first = pageSize(args.first, 'first');
  const last = pageSize(args.last, 'last');
  let start = args.after != null ? cursorToOffset(args.after, 'after', list) + 1 : 0;
  let end: number | null = args.before != null ? cursorToOffset(args.before, 'before', list) : null;
  if (end !== null && end < start) end = start;
  if (first !== null) end = end === null ? start + first : Math.min(end, start + first);
  if (last !== null && end !== null) start = Math.max(start, end - last);
  if (first === null && last === null && end === null) end = start + DEFAULT_PAGE_SIZE;
  return { start, end, last: end === null ? last : null };
}

function pageSize(value: number | null | undefined, argument: string): number | null {
  if (value == null) return null;
  if (!Number.isInteger(value) || value < 0) throw badUserInput(`Argument "${argument}" must be a non-negative integer.`, { argument });
  if (value > MAX_PAGE_SIZE) throw badUserInput(`Argument "${argument}" must not exceed ${MAX_PAGE_SIZE}.`, { argument, max: MAX_PAGE_SIZE });
  return value;
}

/**
 * Resolves a connection: validates `args` (BAD_USER_INPUT before any call), fetches the
 * page with `fetchPage(limit, offset)`. `last` without `before` needs the total: the first
 * call asks for the first `last` items, which is the whole answer when the list is that
 * short; otherwise a second call fetches the tail. The common case (a window known up front)
 * is a `then` on the page, not an async frame: many connections wait on their pages at once
 * in a fan-out, and each suspended async function holds more (docs/performance.md, "What a
 * waiting call holds").
 */
export function connectionFor<T>(args: ConnectionArgs, fetchPage: FetchPage<T>, list: string = DEFAULT_LIST): Promise<Connection<T>> {
  let window: Window;
  try {
    window = windowFor(args, list);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  if (window.end === null) return lastOnly(window.start, window.last ?? 0, fetchPage, list);
  return fetchWindow(window.start, window.end, fetchPage, list);
}

function fetchWindow<T>(start: number, end: number, fetchPage: FetchPage<T>, list: string): Promise<Connection<T>> {
  const { limit, offset } = firstCall(start, end);
  return fetchPage(limit, offset).then((page) => toConnection(page.results.slice(0, end - start), start, page.count, list));
}

// The upstream treats limit=0 as its default page size: ask for one item just to learn the count.
const firstCall = (start: number, end: number) => ({ limit: Math.max(end - start, 1), offset: start });

/**
 * The page `connectionFor` will fetch first for `args`, or null when it needs the total first
 * (`last` alone). Throws BAD_USER_INPUT for arguments `connectionFor` refuses.
 */
export function firstPageOf(args: ConnectionArgs, list: string = DEFAULT_LIST): { limit: number; offset: number } | null {
  const window = windowFor(args, list);
  return window.end === null ? null : firstCall(window.start, window.end);
}

async function lastOnly<T>(start: number, last: number, fetchPage: FetchPage<T>, list: string): Promise<Connection<T>> {
  const head = await fetchPage(Math.max(last, 1), start);
  if (last === 0) return toConnection([], Math.max(head.count, start), head.count, list);
  if (head.count - start <= last) return toConnection(head.results.slice(0, last), start, head.count, list);
  const tailStart = head.count - last;
  const tail = await fetchPage(last, tailStart);
  return toConnection(tail.results.slice(0, last), tailStart, tail.count, list);
}

/** A page of items starting at `offset` -> connection object. */
function toConnection<T>(items: T[], offset: number, totalCount: number, list: string): Connection<T> {
  return new PageConnection(items, offset, totalCount, list);
}

/**
 * A connection whose edges (a cursor per item) are built the first time `edges` is read: most
 * queries select `nodes` only, and then no cursor is ever encoded (docs/performance.md,
 * "Fixed costs").
 */
class PageConnection<T> implements Connection<T> {
  readonly nodes: T[];
  readonly totalCount: number;
  readonly pageInfo: PageInfo;
  readonly #offset: number;
  readonly #list: string;
  #edges: Edge<T>[] | undefined;

  constructor(items: T[], offset: number, totalCount: number, list: string) {
    this.nodes = items;
    this.totalCount = totalCount;
    this.#offset = offset;
    this.#list = list;
    const last = items.length - 1;
    this.pageInfo = {
      hasPreviousPage: offset > 0 && totalCount > 0,
      hasNextPage: offset + items.length < totalCount,
      startCursor: last < 0 ? null : offsetToCursor(offset, list),
      endCursor: last < 0 ? null : offsetToCursor(offset + last, list),
    };
  }

  get edges(): Edge<T>[] {
    this.#edges ??= this.nodes.map((node, i) => ({ cursor: offsetToCursor(this.#offset + i, this.#list), node }));
    return this.#edges;
  }
}
