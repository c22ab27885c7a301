import type { RouteContext } from '../http/router.ts';
import type { FlagRow } from '../storage/flags.ts';
import { isEligibleForExperiment, variantCount } from '../serializers/flags.ts';
import { flagStatus } from '../serializers/flag-status.ts';
import { validationError } from '../http/errors.ts';
import { flagSearchMatcher, flagSearchTooLong, MAX_FLAG_SEARCH_LENGTH } from '../../rest-interface/flag-search.ts';

/**
 * The flags list's query parameters besides limit/offset (as the service reads them): filters and `order`. Archived
 * flags are left out unless `archived` is given (whatever its value, which then picks archived or not), `key=`
 * included. The filter is undefined when only that default applies, which the paged SQL query does itself.
 */

function matchesType(flag: FlagRow, type: string): boolean {
  if (type === 'boolean') return variantCount(flag) === 0;
  if (type === 'multivariant') return variantCount(flag) > 0;
  if (type === 'remote_config') return flag.is_remote_configuration;
  return false; // `experiment`: the local upstream has no experiments
}

/** A JSON list in a query parameter (`tags`, `excluded_tags`, `excluded_properties`); anything else reads as no filter. */
function jsonList(value: string | null): string[] | undefined {
  if (!value) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.map(String) : undefined;
  } catch {
    return undefined;
  }
}

/** `created_by_id`: one id, ids separated by commas, or a JSON list (the service's `parse_created_by_ids`). */
function createdByIds(value: string | null): number[] {
  const text = value?.trim();
  if (!text) return [];
  let items: unknown[];
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      items = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      return []; // a malformed list filters nothing rather than half of it
    }
  } else {
    items = text.split(',');
  }
  return items
    .map((item) => (typeof item === 'number' ? item : /^\s*[+-]?\d+\s*$/.test(String(item)) ? Number.parseInt(String(item), 10) : NaN))
    .filter(Number.isInteger);
}

/** The service's `str_to_bool`: y, yes, t, true, on or 1, in any case. */
function strToBool(value: string | null): boolean {
  return value !== null && ['y', 'yes', 't', 'true', 'on', '1'].includes(value.toLowerCase());
}

/** `search` (rest-interface/flag-search.ts); too long, a 400 naming no field, as the service's. */
function searchFilter(value: string | null): ((flag: FlagRow) => boolean) | undefined {
  if (value !== null && flagSearchTooLong(value)) throw validationError(`Search term cannot exceed ${MAX_FLAG_SEARCH_LENGTH} characters`, null);
  return flagSearchMatcher(value);
}

export function listFilter(ctx: RouteContext): ((flag: FlagRow) => boolean) | undefined {
  const query = ctx.req.query;
  const search = searchFilter(query.get('search'));
  const key = query.get('key')?.trim().toLowerCase();
  const active = query.get('active');
  const type = query.get('type');
  const createdBy = createdByIds(query.get('created_by_id'));
  const tags = jsonList(query.get('tags'));
  const excludedTags = jsonList(query.get('excluded_tags'));
  const excluded = jsonList(query.get('excluded_properties'));
  const runtime = query.get('evaluation_runtime');
  const archived = ctx.req.param('archived');
  const checks: Array<(flag: FlagRow) => boolean> = [];
  if (archived !== null) checks.push((flag) => flag.archived === strToBool(archived));
  if (runtime !== null) checks.push((flag) => flag.evaluation_runtime === runtime);
  if (strToBool(query.get('eligible_for_experiment'))) checks.push(isEligibleForExperiment);
  if (key) checks.push((flag) => flag.key.toLowerCase() === key);
  if (search) checks.push(search);
  if (active === 'true' || active === 'false') checks.push((flag) => flag.active === (active === 'true'));
  if (active === 'STALE') checks.push((flag) => flagStatus(flag) === 'STALE');
  if (type) checks.push((flag) => matchesType(flag, type));
  if (createdBy.length) checks.push((flag) => flag.created_by !== null && createdBy.includes(flag.created_by));
  if (tags?.length) checks.push((flag) => flag.tags.some((tag) => tags.includes(tag)));
  if (excludedTags?.length) checks.push((flag) => !flag.tags.some((tag) => excludedTags.includes(tag)));
  if (excluded?.length) checks.push((flag) => !excluded.includes(flag.key));
  if (checks.length === 0) return undefined;
  // Archived flags are hidden unless `archived` is given; its value then picks archived (`true`) or the others.
  if (archived === null) checks.unshift((flag) => !flag.archived);
  return (flag) => checks.every((check) => check(flag));
}

const ORDERABLE = new Set(['key', 'name', 'created_at', 'updated_at', 'id', 'active', 'version']);

/** `?order=<field>` / `-<field>` (the real service passes it to `order_by`); unknown fields keep the default order. */
export function listOrder(ctx: RouteContext): ((a: FlagRow, b: FlagRow) => number) | undefined {
  const order = ctx.req.query.get('order');
  const field = order?.replace(/^-/, '') as keyof FlagRow | undefined;
  if (!order || !field || !ORDERABLE.has(field)) return undefined;
  const direction = order.startsWith('-') ? -1 : 1;
  return (a, b) => {
    const left = a[field] as string | number | boolean;
    const right = b[field] as string | number | boolean;
    return left < right ? -direction : left > right ? direction : 0;
  };
}
