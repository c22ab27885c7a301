import { createRequire } from 'node:module';

/**
 * Time-zone names accepted for a project's `timezone` (docs/rest-interface.md, "Allowed values of `timezone`").
 * A fact of the REST interface, so it lives here, shared by both sides: the gateway's `TimeZone` scalar and the
 * local upstream's validation.
 *
 * The names come from the `tzdata` package: the full IANA database (zones and the `backward` links such as
 * `US/Eastern`, `Asia/Calcutta`, `GB`, `ROK`), kept current by its maintainers. `Intl.supportedValuesOf`
 * is not used because it leaves out most legacy aliases. The database also holds names the interface does not
 * accept (`Factory`), so the set is cut down to the prefixes and prefix-less names that it lists.
 */

const ALLOWED_PREFIXES = [
  'Africa/',
  'America/',
  'Antarctica/',
  'Asia/',
  'Atlantic/',
  'Australia/',
  'Brazil/',
  'Canada/',
  'Chile/',
  'Etc/',
  'Europe/',
  'Indian/',
  'Mexico/',
  'Pacific/',
  'US/',
];

/** The prefix-less names the interface lists one by one (the rest are accepted by prefix). */
export const ALLOWED_SINGLE_NAMES: ReadonlySet<string> = new Set([
  'Arctic/Longyearbyen',
  'CET',
  'CST6CDT',
  'Cuba',
  'EET',
  'EST',
  'EST5EDT',
  'Egypt',
  'Eire',
  'GB',
  'GB-Eire',
  'GMT',
  'GMT+0',
  'GMT-0',
  'GMT0',
  'Greenwich',
  'HST',
  'Hongkong',
  'Iceland',
  'Iran',
  'Israel',
  'Jamaica',
  'Japan',
  'Kwajalein',
  'Libya',
  'MET',
  'MST',
  'MST7MDT',
  'NZ',
  'NZ-CHAT',
  'Navajo',
  'PRC',
  'PST8PDT',
  'Poland',
  'Portugal',
  'ROC',
  'ROK',
  'Singapore',
  'Turkey',
  'UCT',
  'UTC',
  'Universal',
  'W-SU',
  'WET',
  'Zulu',
]);

function isListedName(name: string): boolean {
  return ALLOWED_SINGLE_NAMES.has(name) || ALLOWED_PREFIXES.some((prefix) => name.startsWith(prefix));
}

function loadIanaNames(): string[] {
  // A JSON main file: require keeps the 200 KB document out of the type checker. Only the names
  // are kept: the parsed database (every zone's rules) leaves the require cache once read.
  const require = createRequire(import.meta.url);
  const data = require('tzdata') as { zones: Record<string, unknown> };
  delete require.cache[require.resolve('tzdata')];
  return Object.keys(data.zones);
}

// Read on first use: a gateway that never sees a time zone argument never loads the database
// (docs/performance.md, "Memory").
let allowed: ReadonlySet<string> | undefined;
const allowedSet = (): ReadonlySet<string> => (allowed ??= new Set(loadIanaNames().filter(isListedName)));

/** True when `name` is an IANA zone or link name that the project `timezone` field accepts (case-sensitive). */
export function isAllowedTimezone(name: string): boolean {
  return allowedSet().has(name);
}

/** Every accepted name, sorted; for error messages and schema docs. */
export function allowedTimezones(): string[] {
  return [...allowedSet()].sort();
}
