// The few facts about upstream records that the GraphQL schema relies on (non-null ids, keys,
// names...), checked once per answer by the transport for the endpoints whose policy names a
// shape (rest-policy.ts). A record
// that breaks one is the upstream's fault: an `UpstreamError` of kind `malformed` naming the route,
// never a resolver crash (INTERNAL_SERVER_ERROR) or a scalar error that blames the caller. An endpoint
// whose answer is not a record or a page of them, or nests records, checks what the gateway reads of
// it in its `decode` with the helpers below (`MalformedBody`, the same error).
import { MalformedBody } from './page.ts';
import { UpstreamError } from './upstream-error.ts';

type FieldType = 'number' | 'string' | 'boolean' | 'object';
// Field/type pairs, listed once: every item of every page is checked, so no per-record `Object.entries`.
export type Shape = ReadonlyArray<readonly [field: string, type: FieldType]>;

/** A shape of its own, declared by the endpoint whose records have it. */
export const shape = (fields: Record<string, FieldType>): Shape => Object.entries(fields);

export const PROJECT = shape({ id: 'number', uuid: 'string', organization: 'string', api_token: 'string', name: 'string', timezone: 'string' });
export const FLAG = shape({ id: 'number', key: 'string', active: 'boolean', deleted: 'boolean' });
/** The flag definition of local_evaluation/ and my_flags/: its id finds the full flag. */
export const MINIMAL_FLAG = shape({ id: 'number', key: 'string' });
export const WITH_ID = shape({ id: 'number' });
export const ORGANIZATION = shape({ id: 'string', name: 'string', slug: 'string' });
export const USER = shape({ id: 'number', uuid: 'string' });
const ANY_RECORD: Shape = [];

/** Throws `malformed` when a 2xx JSON answer holds a record (alone, or as each item of `results`) not of `shape`. */
export function checkRecords(shape: Shape, method: string, route: string, status: number, body: unknown): void {
  const problem = isObject(body) && Array.isArray(body.results) ? itemsProblem(body.results, shape) : recordProblem(body, shape);
  if (problem === null) return;
  throw new UpstreamError({
    kind: 'malformed',
    status,
    body: null,
    route,
    message: `Upstream ${method} ${route} answered ${status} with a malformed record: ${problem}`,
  });
}

/** For an endpoint's `decode`: `value`, at `where` in the body ('' for the body), is a record of `shape`, else MalformedBody. */
export function expectRecord(value: unknown, where: string, shape = ANY_RECORD): asserts value is Record<string, unknown> {
  const problem = recordProblem(value, shape);
  if (problem !== null) malformed(where, problem);
}

/** For an endpoint's `decode`: `value` is a list of records of `shape`, else MalformedBody. */
export function expectRecords(value: unknown, where: string, shape = ANY_RECORD): asserts value is Record<string, unknown>[] {
  expectList(value, where);
  for (let index = 0; index < value.length; index++) expectRecord(value[index], `${where}[${index}]`, shape);
}

/** For an endpoint's `decode`: `value` is a list (of values the schema checks), else MalformedBody. */
export function expectList(value: unknown, where: string): asserts value is unknown[] {
  if (!Array.isArray(value)) malformed(where, `expected a list, got ${describe(value)}`);
}

/** `decode` of an endpoint that answers one record whose fields the schema checks. */
export function decodeRecord<T>(body: unknown): T {
  expectRecord(body, '');
  return body as T;
}

/** `decode` of an endpoint that answers a plain array of records (not the list envelope). */
export function decodeRecords<T>(body: unknown): T[] {
  expectRecords(body, '');
  return body as T[];
}

/** `decode` of an endpoint that answers a plain array of values the schema checks. */
export function decodeList<T>(body: unknown): T[] {
  expectList(body, '');
  return body as T[];
}

function malformed(where: string, problem: string): never {
  throw new MalformedBody(`a malformed body: ${where ? `${where}: ` : ''}${problem}`);
}

function itemsProblem(items: unknown[], shape: Shape): string | null {
  for (let index = 0; index < items.length; index++) {
    const problem = recordProblem(items[index], shape);
    if (problem !== null) return `results[${index}]: ${problem}`;
  }
  return null;
}

function recordProblem(record: unknown, shape: Shape): string | null {
  if (!isObject(record)) return `expected an object, got ${describe(record)}`;
  for (const [field, type] of shape) {
    const value = record[field];
    const ok = type === 'object' ? isObject(value) : typeof value === type;
    if (!ok) return `"${field}" should be a ${type}, got ${describe(value)}`;
  }
  return null;
}

/** A JSON object: not null, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
