import { validationError } from '../http/errors.ts';

/**
 * The service's guards on flag evaluation's memory (its defaults, which a deployment may change): at most 2,000
 * live flags per project, checked on create only, and at most 512 KiB of filters per flag, checked on every write.
 * Both fail as a filters error, where the service checks them.
 */
export const MAX_FLAGS_PER_PROJECT = 2000;
export const MAX_FILTER_SIZE_BYTES = 512 * 1024;

/** Refuses a new flag when the project already has the maximum of live (not soft-deleted) flags. */
export function checkFlagCount(liveFlags: number): void {
  if (liveFlags < MAX_FLAGS_PER_PROJECT) return;
  throw validationError(
    `Maximum of ${MAX_FLAGS_PER_PROJECT.toLocaleString('en-US')} feature flags allowed per team. Please delete unused flags or contact support to increase this limit.`,
    'filters',
  );
}

/** Refuses filters whose compact, key-sorted JSON is larger than the limit in UTF-8 bytes (the service's measure). */
export function checkFilterSize(filters: Record<string, unknown>): void {
  const size = Buffer.byteLength(sortedCompactJson(filters), 'utf8');
  if (size <= MAX_FILTER_SIZE_BYTES) return;
  throw validationError(
    `Feature flag filters exceed maximum size of ${formatBytes(MAX_FILTER_SIZE_BYTES)}. Current size: ${formatBytes(size)}. Please simplify conditions or reduce payload sizes.`,
    'filters',
  );
}

/** `json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False)`. */
function sortedCompactJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/** A byte count in binary units with one decimal, `512.0 KB`. */
function formatBytes(bytes: number): string {
  let value = bytes;
  for (const unit of ['B', 'KB', 'MB']) {
    if (value < 1024) return `${value.toFixed(1)} ${unit}`;
    value /= 1024;
  }
  return `${value.toFixed(1)} GB`;
}
