import { parseConditionDate, parsePropertyDate } from './dates.ts';
import type { PropertyFilter } from './types.ts';

/**
 * Negated operators: the service's query negates "has the key, is not null and matches", so a person without the
 * property (or with null, or no person at all) passes them.
 */
const NEGATED_OPERATORS: ReadonlySet<string> = new Set(['is_not', 'not_icontains', 'not_regex']);

/**
 * Server-side matching of one person or group property filter. A property the person does not have never
 * matches, except with `is_not_set` and the negated operators (the SDKs call this "inconclusive" and ask the
 * server).
 */
export function matchPropertyFilter(filter: PropertyFilter, properties: Record<string, unknown>): boolean {
  const key = String(filter.key);
  const operator = typeof filter.operator === 'string' ? filter.operator : 'exact';
  const present = Object.hasOwn(properties, key);
  if (operator === 'is_not_set') return !present;
  if (NEGATED_OPERATORS.has(operator) && (!present || properties[key] === null)) return true;
  if (!present) return false;
  if (operator === 'is_set') return true;
  return matchValue(operator, filter.value, properties[key]);
}

/** Operators that still compare when the person's value is null (others fail). */
const NULL_VALUE_OPERATORS = new Set(['exact', 'is_not', 'icontains', 'not_icontains', 'regex', 'not_regex']);

function matchValue(operator: string, expected: unknown, actual: unknown): boolean {
  if (actual === null && !NULL_VALUE_OPERATORS.has(operator)) return false;
  switch (operator) {
    case 'exact':
      return matchesExactly(expected, actual);
    case 'is_not':
      return !matchesExactly(expected, actual);
    case 'icontains':
      return asciiLower(actual).includes(asciiLower(expected));
    case 'not_icontains':
      return !asciiLower(actual).includes(asciiLower(expected));
    case 'regex':
      return matchesRegex(expected, actual) ?? false;
    case 'not_regex': {
      const matched = matchesRegex(expected, actual);
      return matched === null ? false : !matched;
    }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return compareOrdered(operator, expected, actual);
    case 'is_date_before':
    case 'is_date_after':
      return compareDates(operator, expected, actual);
    default:
      return false;
  }
}

/** Case-insensitive string equality; a list means "any of"; true/false compare by truthiness ("TRUE" == true). */
function matchesExactly(expected: unknown, actual: unknown): boolean {
  return matchesAnyOf(Array.isArray(expected) ? expected.map(unquoted) : [unquoted(expected)], actual);
}

/** The service reads condition values as JSON when they are JSON: `'"true"'` is the string `true`. */
function unquoted(value: unknown): unknown {
  if (typeof value !== 'string' || !/^".*"$/s.test(value)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function matchesAnyOf(expected: unknown[], actual: unknown): boolean {
  if (expected.length === 0) return false;
  if (expected.every(isBooleanLike)) return expected.some((item) => truthiness(item) === truthiness(actual));
  const actualText = asciiLower(valueText(actual));
  return expected.some((item) => asciiLower(valueText(item)) === actualText);
}

function isBooleanLike(value: unknown): boolean {
  if (typeof value === 'boolean') return true;
  return typeof value === 'string' && ['true', 'false'].includes(value.toLowerCase());
}

function truthiness(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  return typeof value === 'string' && value.toLowerCase() === 'true';
}

/** How a stored JSON value reads as text: strings as-is, everything else as JSON. */
function valueText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null');
}

function asciiLower(value: unknown): string {
  return (typeof value === 'string' ? value : valueText(value)).replace(/[A-Z]/g, (char) => char.toLowerCase());
}

/** null when the pattern does not compile (then neither regex nor not_regex matches). */
function matchesRegex(pattern: unknown, actual: unknown): boolean | null {
  try {
    return new RegExp(valueText(pattern)).test(valueText(actual));
  } catch {
    return null;
  }
}

/**
 * The service's query: when the condition's value reads as a number, a stored number compares as a number and a
 * stored string as a string ("30" > "100"); other stored values never match. A value that is not a number
 * ("100b2c") compares as a string.
 */
function compareOrdered(operator: string, expected: unknown, actual: unknown): boolean {
  const expectedNumber = asNumber(expected);
  if (expectedNumber === null) return ordered(operator, valueText(actual), valueText(expected));
  if (typeof actual === 'number') return ordered(operator, actual, expectedNumber);
  return typeof actual === 'string' && ordered(operator, actual, valueText(expected));
}

const NUMBER_TEXT = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

/** The value as a finite number when all of it reads as one; null otherwise. */
function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !NUMBER_TEXT.test(value)) return null;
  return Number(value);
}

function ordered<T extends number | string>(operator: string, left: T, right: T): boolean {
  if (operator === 'gt') return left > right;
  if (operator === 'gte') return left >= right;
  if (operator === 'lt') return left < right;
  return left <= right;
}

function compareDates(operator: string, expected: unknown, actual: unknown): boolean {
  const boundary = parseConditionDate(expected);
  const value = parsePropertyDate(actual);
  if (!boundary || !value) return false;
  return operator === 'is_date_before' ? value < boundary : value > boundary;
}
