import type { RouteContext } from '../http/router.ts';
import type { FlagRow } from '../storage/flags.ts';
import { effectiveFilters } from '../serializers/flags.ts';

/** The flags list's query parameters besides limit/offset (as the service reads them): filters and `order`. */

function matchesType(flag: FlagRow, type: string): boolean {
  const variants = (effectiveFilters(flag.filters).multivariate as { variants?: unknown[] } | null | undefined)?.variants;
  const multivariate = Array.isArray(variants) && variants.length > 0;
  if (type === 'boolean') return !multivariate;
  if (type === 'multivariant') return multivariate;
  return false; // `experiment` and `remote_config`: the local upstream has neither
}

/** STALE: fully rolled out to everyone (one condition, no properties, 100%) and older than 30 days. */
function isStale(flag: FlagRow): boolean {
  const groups = effectiveFilters(flag.filters).groups as Array<Record<string, unknown>>;
  const everyone = groups.some(
    (group) =>
      (!Array.isArray(group.properties) || group.properties.length === 0) &&
      (group.rollout_percentage === null || group.rollout_percentage === undefined || group.rollout_percentage === 100),
  );
  return flag.active && everyone && Date.now() - Date.parse(flag.created_at) > 30 * 86_400_000;
}

/** A JSON list in a query parameter (`tags`, `excluded_properties`); anything else reads as no filter. */
function jsonList(value: string | null): string[] | undefined {
  if (!value) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.map(String) : undefined;
  } catch {
    return undefined;
  }
}

export function listFilter(ctx: RouteContext): ((flag: FlagRow) => boolean) | undefined {
  const query = ctx.req.query;
  const search = query.get('search')?.trim().toLowerCase();
  const active = query.get('active');
  const type = query.get('type');
  const createdBy = query.get('created_by_id');
  const tags = jsonList(query.get('tags'));
  const excluded = jsonList(query.get('excluded_properties'));
  const checks: Array<(flag: FlagRow) => boolean> = [];
  if (search) checks.push((flag) => flag.key.toLowerCase().includes(search) || flag.name.toLowerCase().includes(search));
  if (active === 'true' || active === 'false') checks.push((flag) => flag.active === (active === 'true'));
  if (active === 'STALE') checks.push(isStale);
  if (type) checks.push((flag) => matchesType(flag, type));
  if (createdBy) checks.push((flag) => String(flag.created_by) === createdBy);
  if (tags?.length) checks.push((flag) => flag.tags.some((tag) => tags.includes(tag)));
  if (excluded?.length) checks.push((flag) => !excluded.includes(flag.key));
  return checks.length ? (flag) => checks.every((check) => check(flag)) : undefined;
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
