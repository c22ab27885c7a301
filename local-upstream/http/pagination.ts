import { validationError } from './errors.ts';
import type { ApiRequest } from './request.ts';

/**
 * DRF LimitOffsetPagination, reproduced rule by rule: default and fallback limit 100, no maximum; an invalid
 * or negative offset is 0; `next`/`previous` are absolute URLs of the request with `limit`/`offset` replaced
 * (query keys sorted, as DRF's `replace_query_param` does); `previous` drops `offset` when it would be <= 0.
 */
const DEFAULT_PAGE_SIZE = 100;

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

function parsePositiveInt(value: string | null, strict: boolean): number | undefined {
  if (value === null || !/^\s*[+-]?\d+\s*$/.test(value)) return undefined;
  const number = Number.parseInt(value.trim(), 10);
  if (number < 0 || (strict && number === 0)) return undefined;
  return number;
}

function pageWindow(req: ApiRequest): { limit: number; offset: number } {
  return {
    limit: parsePositiveInt(req.param('limit'), true) ?? DEFAULT_PAGE_SIZE,
    offset: parsePositiveInt(req.param('offset'), false) ?? 0,
  };
}

/** Python's `urlencode` (quote_plus): only letters, digits and `_.-~` stay as they are. */
function quotePlus(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

function urlWith(req: ApiRequest, changes: Record<string, string | null>): string {
  const entries = new Map<string, string[]>();
  for (const [key, value] of req.query) entries.set(key, [...(entries.get(key) ?? []), value]);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) entries.delete(key);
    else entries.set(key, [value]);
  }
  const query = [...entries.keys()].sort().flatMap((key) => entries.get(key)!.map((value) => `${quotePlus(key)}=${quotePlus(value)}`));
  return `${req.origin}${req.pathname}${query.length ? `?${query.join('&')}` : ''}`;
}

export function paginate<T>(req: ApiRequest, count: number, fetch: (limit: number, offset: number) => T[]): Page<T> {
  const { limit, offset } = pageWindow(req);
  const results = count === 0 || offset > count ? [] : fetch(limit, offset);
  const next = offset + limit >= count ? null : urlWith(req, { limit: String(limit), offset: String(offset + limit) });
  let previous: string | null = null;
  if (offset > 0) {
    previous =
      offset - limit <= 0 ? urlWith(req, { limit: String(limit), offset: null }) : urlWith(req, { limit: String(limit), offset: String(offset - limit) });
  }
  return { count, next, previous, results };
}

/** Paginates an in-memory list (used where filtering happens outside SQL). */
export function paginateArray<T>(req: ApiRequest, items: T[]): Page<T> {
  return paginate(req, items.length, (limit, offset) => items.slice(offset, offset + limit));
}

/**
 * The activity endpoints' page/limit pagination (PostHog `activity_page_response`): `limit` default 10, `page`
 * default 1, both at least 1; `next`/`previous` are the request URL with `page` and `limit` set in place.
 */
export interface ActivityPage<T> {
  results: T[];
  next: string | null;
  previous: string | null;
  total_count: number;
}

function activityParam(req: ApiRequest, name: string, fallback: number): number {
  const value = req.param(name);
  if (value === null || value === '') return fallback;
  if (!/^\s*[+-]?\d+\s*$/.test(value)) throw validationError('A valid integer is required.', name);
  const number = Number.parseInt(value.trim(), 10);
  if (number < 1) throw validationError('Ensure this value is greater than or equal to 1.', name, 'min_value');
  return number;
}

/** PostHog's `format_query_params_absolute_url`: every `name=<digits>` is rewritten in place, else one is appended. */
function withParam(url: string, name: string, value: number): string {
  const pattern = new RegExp(`([&?]${name}=)(\\d+)`, 'g');
  if (pattern.test(url)) return url.replace(pattern, `$1${value}`);
  return `${url}${url.includes('?') ? '&' : '?'}${name}=${value}`;
}

export function activityPage<T>(req: ApiRequest, count: number, fetch: (limit: number, offset: number) => T[]): ActivityPage<T> {
  const limit = activityParam(req, 'limit', 10);
  const page = activityParam(req, 'page', 1);
  const pages = Math.max(1, Math.ceil(count / limit));
  const link = (target: number) => withParam(withParam(`${req.origin}${req.fullPath}`, 'page', target), 'limit', limit);
  return {
    results: page > pages ? [] : fetch(limit, (page - 1) * limit),
    next: page < pages ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    total_count: count,
  };
}
