/**
 * Date values of `is_date_before` / `is_date_after` conditions: relative (`-7d`, `1h`, `2w`, `3m`, `1y`, the
 * sign is optional and both mean "ago") or absolute (anything `Date` parses; a value without a zone is UTC).
 */

const RELATIVE_DATE = /^-?(\d+)([a-z])$/;
const MAX_RELATIVE_AMOUNT = 10_000;

/** The instant a relative date names, or null when `value` is not one (or is out of range). */
function parseRelativeDate(value: string, now: Date): Date | null {
  const match = RELATIVE_DATE.exec(value);
  if (!match) return null;
  const amount = Number(match[1]);
  if (amount >= MAX_RELATIVE_AMOUNT) return null;
  const date = new Date(now.getTime());
  switch (match[2]) {
    case 'h':
      date.setUTCHours(date.getUTCHours() - amount);
      return date;
    case 'd':
      date.setUTCDate(date.getUTCDate() - amount);
      return date;
    case 'w':
      date.setUTCDate(date.getUTCDate() - amount * 7);
      return date;
    case 'm':
      return monthsEarlier(date, amount);
    case 'y':
      return monthsEarlier(date, amount * 12);
    default:
      return null;
  }
}

/** Calendar months back, keeping the day but clamping it to the target month's length (Mar 31 - 1m = Feb 28/29). */
function monthsEarlier(date: Date, months: number): Date {
  const target = new Date(date.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Absolute dates; a date-time without a zone is read as UTC, as the real service does. */
function parseAbsoluteDate(value: string): Date | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const isoWithoutZone = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(trimmed) && !HAS_ZONE.test(trimmed);
  const text = isoWithoutZone ? `${trimmed.replace(' ', 'T')}Z` : trimmed;
  const time = DATE_ONLY.test(text) ? Date.parse(`${text}T00:00:00Z`) : Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time);
}

/** Parses a condition's date value (relative first, then absolute); null when it is not a date. */
export function parseConditionDate(value: unknown, now: Date = new Date()): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return null;
  const text = String(value);
  return parseRelativeDate(text, now) ?? parseAbsoluteDate(text);
}

/** Parses a person's property value as a date: numbers are Unix seconds, strings are ISO-like dates. */
export function parsePropertyDate(value: unknown): Date | null {
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value * 1000) : null;
  if (typeof value !== 'string') return null;
  const absolute = parseAbsoluteDate(value);
  if (absolute) return absolute;
  const seconds = Number(value);
  return value.trim() !== '' && Number.isFinite(seconds) ? new Date(seconds * 1000) : null;
}
