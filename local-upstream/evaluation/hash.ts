import { createHash } from 'node:crypto';

/** `float(0xFFFFFFFFFFFFFFF)` as the service computes it: 2^60 - 1 (15 hex digits) rounds to exactly 2^60 as a double. */
const LONG_SCALE = 2 ** 60;

/**
 * The bucket of `identifier` for a flag: SHA-1 of `"<flagKey>.<identifier><salt>"`, first 15 hex digits
 * read as an integer and scaled into [0, 1]. Rollouts use salt `''`, variants use `'variant'`.
 */
export function bucketHash(flagKey: string, identifier: string, salt = ''): number {
  const digest = createHash('sha1').update(`${flagKey}.${identifier}${salt}`, 'utf8').digest('hex');
  return Number.parseInt(digest.slice(0, 15), 16) / LONG_SCALE;
}
