import { createHash } from 'node:crypto';

/** 2^60 - 1: the largest value of 15 hex digits. */
const LONG_SCALE = 0xfffffffffffffff;

/**
 * The bucket of `identifier` for a flag: SHA-1 of `"<flagKey>.<identifier><salt>"`, first 15 hex digits
 * read as an integer and scaled into [0, 1]. Rollouts use salt `''`, variants use `'variant'`.
 */
export function bucketHash(flagKey: string, identifier: string, salt = ''): number {
  const digest = createHash('sha1').update(`${flagKey}.${identifier}${salt}`, 'utf8').digest('hex');
  return Number.parseInt(digest.slice(0, 15), 16) / LONG_SCALE;
}
