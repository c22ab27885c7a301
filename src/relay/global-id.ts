// Opaque global object ids (Relay "Global Object Identification").
//
// An id is base64url("<Type>:<key>[:<key>...]") with each key URL-encoded, so it carries
// everything needed to refetch the object: a flag's id carries its project id, a
// role-access id carries project + flag. Clients must treat ids as opaque.
import { badUserInput } from '../errors.ts';

const TYPE_NAME = /^[A-Z][A-Za-z0-9]*$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const INTEGER = /^[0-9]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Type name + the keys needed to refetch the object -> its opaque global id (keys in refetch order). */
export function toGlobalId(type: string, ...keys: (string | number)[]): string {
  if (!TYPE_NAME.test(type) || keys.length === 0) throw new Error(`toGlobalId: bad type "${type}" or no keys`);
  let raw = type;
  // Per listed item, so kept cheap: a safe integer URL-encodes to its own digits, and `raw` is
  // ASCII (type name, digits, percent-escapes), whose latin1 bytes are its UTF-8 bytes.
  for (const key of keys) raw += `:${Number.isSafeInteger(key) ? String(key) : encodeURIComponent(String(key))}`;
  return Buffer.from(raw, 'latin1').toString('base64url');
}

/** Decodes a global id; throws BAD_USER_INPUT on anything that is not one. */
export function fromGlobalId(id: string): { type: string; keys: string[] } {
  const decoded = decodeGlobalId(id);
  if (!decoded) throw badUserInput(`"${truncate(id)}" is not a valid global id.`, { argument: 'id' });
  return decoded;
}

/** A global id's type and keys, or null for anything that is not one (decoded once, no exception). */
function decodeGlobalId(id: string): { type: string; keys: string[] } | null {
  if (typeof id !== 'string' || !BASE64URL.test(id)) return null;
  const raw = Buffer.from(id, 'base64url').toString('utf8');
  // Round-trip check rejects strings that merely happen to be base64url-shaped.
  if (Buffer.from(raw, 'utf8').toString('base64url') !== id) return null;
  const [type, ...encodedKeys] = raw.split(':');
  if (type === undefined || !TYPE_NAME.test(type) || encodedKeys.length === 0 || encodedKeys.some((k) => k === '')) return null;
  try {
    return { type, keys: encodedKeys.map((k) => decodeURIComponent(k)) };
  } catch {
    return null;
  }
}

/**
 * Decodes a global id that must be of `type` with exactly `keyCount` keys. Text that is no
 * global id at all is refused naming the type and, when given, the other accepted form.
 */
export function fromGlobalIdOf(type: string, id: string, keyCount = 1, otherForm?: string): string[] {
  const decoded = decodeGlobalId(id);
  if (!decoded) {
    throw badUserInput(`"${truncate(String(id))}" is not a valid ${type} id: give its global id${otherForm ? ` or ${otherForm}` : ''}.`, { argument: 'id' });
  }
  if (decoded.type !== type || decoded.keys.length !== keyCount) {
    throw badUserInput(`Expected the id of ${withArticle(type)}, got the id of ${withArticle(decoded.type)}.`, { argument: 'id' });
  }
  return decoded.keys;
}

/** "Global id or the upstream's numeric id" -> the upstream integer id (root lookups, inputs). */
export function parseIntId(type: string, id: string | number): number {
  const text = String(id).trim();
  const key = INTEGER.test(text) ? text : (fromGlobalIdOf(type, text, 1, 'its numeric database id')[0] ?? '');
  return toPositiveInt(key, type);
}

/** "Global id or UUID" -> the UUID (organizations, roles). */
export function parseUuidId(type: string, id: string): string {
  const text = String(id).trim();
  const key = UUID.test(text) ? text : (fromGlobalIdOf(type, text, 1, 'its UUID')[0] ?? '');
  if (!UUID.test(key)) throw badUserInput(`"${truncate(text)}" is not a valid ${type} id (global id or UUID).`, { argument: 'id' });
  return key.toLowerCase();
}

/** Validates an id key that must be a positive integer (path segments are never raw user text). */
export function toPositiveInt(key: string, type: string): number {
  if (!INTEGER.test(key) || !Number.isSafeInteger(Number(key)) || Number(key) < 1) {
    throw badUserInput(`"${truncate(key)}" is not a valid ${type} id.`, { argument: 'id' });
  }
  return Number(key);
}

/** True for a UUID in any case (organization ids inside plugin global ids). */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}

function withArticle(type: string): string {
  return /^[AEIOU]/.test(type) ? `an ${type}` : `a ${type}`;
}

function truncate(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
