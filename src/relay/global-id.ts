// Opaque global object ids (Relay "Global Object Identification").
//
// An id is base64url("<Type>:<key>[:<key>...]") with each key URL-encoded, so it carries
// everything needed to refetch the object: a flag's id carries its project id, a
// role-access id carries project + flag. Clients must treat ids as opaque.
import { badUserInput } from '../errors.ts';
import { rememberedId } from './global-id-memo.ts';

const TYPE_NAME = /^[A-Z][A-Za-z0-9]*$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const INTEGER = /^[0-9]+$/;
// A positive integer written the one way toGlobalId writes it (no sign, no leading zero).
const CANONICAL_POSITIVE_INT = /^[1-9][0-9]*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Type name + the keys needed to refetch the object -> its opaque global id (keys in refetch order). */
export function toGlobalId(type: string, ...keys: (string | number)[]): string {
  return rememberedId(type, keys, encodeGlobalId) ?? encodeGlobalId(type, keys);
}

function encodeGlobalId(type: string, keys: (string | number)[]): string {
  if (!TYPE_NAME.test(type) || keys.length === 0) throw new Error(`toGlobalId: bad type "${type}" or no keys`);
  let raw = type;
  // A safe integer URL-encodes to its own digits, and `raw` is ASCII (type name, digits,
  // percent-escapes), whose latin1 bytes are its UTF-8 bytes.
  for (const key of keys) raw += `:${encodeKey(key)}`;
  return Buffer.from(raw, 'latin1').toString('base64url');
}

function encodeKey(key: string | number): string {
  return Number.isSafeInteger(key) ? String(key) : encodeURIComponent(String(key));
}

/** Decodes a global id; throws BAD_USER_INPUT on anything that is not one. */
export function fromGlobalId(id: string): { type: string; keys: string[] } {
  const decoded = decodeGlobalId(id);
  if (!decoded) throw badUserInput(`"${truncate(id)}" is not a valid global id.`, { argument: 'id' });
  return decoded;
}

/** Throws BAD_USER_INPUT unless a decoded id of `type` has exactly `keyCount` keys (no extra parts). */
export function expectKeyCount(type: string, keys: string[], keyCount: number): string[] {
  if (keys.length !== keyCount) throw badUserInput(`Not a valid ${type} id: it has ${keys.length} parts, expected ${keyCount}.`, { argument: 'id' });
  return keys;
}

/** A global id's type and keys, or null for anything that is not one (decoded once, no exception). */
function decodeGlobalId(id: string): { type: string; keys: string[] } | null {
  if (typeof id !== 'string' || !BASE64URL.test(id)) return null;
  const bytes = Buffer.from(id, 'base64url');
  // Round-trip check rejects strings that merely happen to be base64url-shaped.
  if (bytes.toString('base64url') !== id) return null;
  // toGlobalId writes ASCII only; any other byte fails the type or key checks below.
  const [type, ...encodedKeys] = bytes.toString('latin1').split(':');
  if (type === undefined || !TYPE_NAME.test(type) || encodedKeys.length === 0) return null;
  const keys: string[] = [];
  for (const encoded of encodedKeys) {
    const key = decodeKey(encoded);
    if (key === null) return null;
    keys.push(key);
  }
  return { type, keys };
}

// What encodeURIComponent leaves as it is: such a key is its own decoding (most keys are digits).
const UNESCAPED_KEY = /^[A-Za-z0-9\-_.!~*'()]+$/;

/** A key as toGlobalId encoded it -> the key; null for an empty key or any other encoding of it (one object, one id: no "%31" for "1"). */
function decodeKey(encoded: string): string | null {
  if (UNESCAPED_KEY.test(encoded)) return encoded;
  try {
    const key = decodeURIComponent(encoded);
    return key !== '' && encodeKey(key) === encoded ? key : null;
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
  if (decoded.type !== type) {
    throw badUserInput(`Expected the id of ${withArticle(type)}, got the id of ${withArticle(decoded.type)}.`, { argument: 'id' });
  }
  return expectKeyCount(type, decoded.keys, keyCount);
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
  if (!CANONICAL_POSITIVE_INT.test(key) || !Number.isSafeInteger(Number(key))) {
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
