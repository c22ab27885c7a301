// The one status -> code mapping, userErrors from validation errors, and masking.
import { describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import { codeForUpstream, formatError, mutate, redactSecrets, upstreamErrorExtensions, userErrorsFrom } from '../../src/errors.ts';
import { UpstreamError, retryAfterSeconds, type UpstreamErrorKind } from '../../src/upstream-client/client/http.ts';

function upstream(status: number | null, body: unknown = null, kind: UpstreamErrorKind = 'http', retryAfter?: number) {
  return new UpstreamError({ kind, status, body, route: '/api/projects/{id}/', message: 'x', ...(retryAfter !== undefined ? { retryAfter } : {}) });
}

const validation = (attr: string | null, detail = 'This field is required.', code = 'required') =>
  upstream(400, { type: 'validation_error', code, detail, attr });

describe('status -> code', () => {
  it.each<[number | null, UpstreamErrorKind, string]>([
    [401, 'http', 'UNAUTHENTICATED'],
    [403, 'http', 'FORBIDDEN'],
    [404, 'http', 'NOT_FOUND'],
    [429, 'http', 'RATE_LIMITED'],
    [400, 'http', 'BAD_USER_INPUT'],
    [409, 'http', 'BAD_USER_INPUT'],
    [405, 'http', 'UPSTREAM_ERROR'],
    [500, 'http', 'UPSTREAM_ERROR'],
    [503, 'http', 'UPSTREAM_ERROR'],
    [200, 'malformed', 'UPSTREAM_ERROR'],
    [null, 'timeout', 'UPSTREAM_TIMEOUT'],
    [null, 'unavailable', 'UPSTREAM_UNAVAILABLE'],
  ])('%s (%s) -> %s', (status, kind, code) => {
    expect(codeForUpstream(upstream(status, null, kind))).toBe(code);
  });

  it('carries the upstream status, code and detail, and uses a 4xx detail as the message', () => {
    const mapped = upstreamErrorExtensions(
      upstream(403, { type: 'authentication_error', code: 'permission_denied', detail: "You don't have access to the project.", attr: null }),
    );
    expect(mapped).toEqual({
      message: "You don't have access to the project.",
      extensions: { code: 'FORBIDDEN', upstream: { status: 403, code: 'permission_denied', detail: "You don't have access to the project." } },
    });
  });
  it('does not use a 5xx detail as the message', () => {
    const mapped = upstreamErrorExtensions(upstream(500, { type: 'server_error', code: 'error', detail: 'A server error occurred.', attr: null }));
    expect(mapped.message).toBe('The upstream service failed or returned a malformed response.');
    expect(mapped.extensions.upstream).toEqual({ status: 500, code: 'error', detail: 'A server error occurred.' });
  });
  it('adds retryAfter to rate-limit errors', () => {
    expect(upstreamErrorExtensions(upstream(429, { detail: 'x' }, 'http', 59)).extensions.retryAfter).toBe(59);
  });
  it('has no upstream extension when the upstream said nothing', () => {
    expect(upstreamErrorExtensions(upstream(null, null, 'timeout')).extensions).toEqual({ code: 'UPSTREAM_TIMEOUT' });
  });
});

describe('retryAfterSeconds', () => {
  it('prefers the Retry-After header, else parses the throttle detail', () => {
    expect(retryAfterSeconds('12', null)).toBe(12);
    expect(retryAfterSeconds(undefined, { detail: 'Request was throttled. Expected available in 59 seconds.' })).toBe(59);
    expect(retryAfterSeconds(undefined, { detail: 'Request was throttled. Expected available in 1 second.' })).toBe(1);
    expect(retryAfterSeconds(undefined, { detail: 'nope' })).toBeUndefined();
  });
});

describe('userErrorsFrom', () => {
  it('maps attr paths onto the GraphQL input, camelCasing the input field only', () => {
    expect(userErrorsFrom(validation('filters__groups__0', 'bad', 'invalid_input'))).toEqual([
      { field: ['input', 'filters', 'groups', '0'], message: 'bad', code: 'INVALID_INPUT', upstreamCode: 'invalid_input' },
    ]);
    expect(userErrorsFrom(validation('week_start_day'))?.[0]?.field).toEqual(['input', 'weekStartDay']);
    expect(userErrorsFrom(validation('filters__aggregation_group_type_index'))?.[0]?.field).toEqual(['input', 'filters', 'aggregation_group_type_index']);
  });
  it('maps every upstream code to a UserErrorCode, unknown ones and none to OTHER, keeping the raw code', () => {
    const codes = (code: string) => userErrorsFrom(validation('key', 'x', code))?.map((e) => [e.code, e.upstreamCode]);
    expect(codes('unique')).toEqual([['UNIQUE', 'unique']]);
    expect(codes('behavioral_cohort_found')).toEqual([['BEHAVIORAL_COHORT_FOUND', 'behavioral_cohort_found']]);
    expect(codes('null')).toEqual([['NULL', 'null']]);
    expect(codes('not_in_this_list')).toEqual([['OTHER', 'not_in_this_list']]);
    expect(userErrorsFrom(upstream(400, { type: 'validation_error', detail: 'no code', attr: null }))?.[0]).toMatchObject({
      code: 'OTHER',
      upstreamCode: null,
    });
  });
  it('applies renames and a custom prefix', () => {
    expect(userErrorsFrom(validation('name'), ['input', 'flag'], { name: 'description' })?.[0]?.field).toEqual(['input', 'flag', 'description']);
  });
  it('gives a null field for non-field errors', () => {
    expect(userErrorsFrom(validation(null))?.[0]?.field).toBeNull();
    expect(userErrorsFrom(validation('non_field_errors'))?.[0]?.field).toBeNull();
  });
  it('turns ad-hoc {error} bodies of actions into user errors', () => {
    expect(userErrorsFrom(upstream(400, { error: 'Missing required fields' }))).toEqual([
      { field: null, message: 'Missing required fields', code: 'OTHER', upstreamCode: null },
    ]);
    expect(userErrorsFrom(upstream(400, { success: false, error: 'Unable to generate usage dashboard' }))?.[0]?.message).toBe(
      'Unable to generate usage dashboard',
    );
  });
  it('turns the refusing 409s (an overlapping edit, an approval gate) into user errors, and no other 409', () => {
    const detail = 'The feature flag was updated by bob@acme.test since you started editing it. Please refresh and try again.';
    expect(userErrorsFrom(upstream(409, { type: 'server_error', code: 'conflict', detail, attr: null }))).toEqual([
      { field: null, message: detail, code: 'CONFLICT', upstreamCode: 'conflict' },
    ]);
    expect(userErrorsFrom(upstream(409, { code: 'change_request_pending', message: 'Pending', change_request_id: 'cr-1' }))).toEqual([
      { field: null, message: 'Pending', code: 'APPROVAL_REQUIRED', upstreamCode: 'change_request_pending', changeRequestId: 'cr-1' },
    ]);
    expect(userErrorsFrom(upstream(409, { type: 'server_error', code: 'something_else', detail: 'no' }))).toBeNull();
  });
  it('returns null for anything that is not a 400 business failure', () => {
    expect(userErrorsFrom(upstream(403, { type: 'authentication_error', detail: 'no' }))).toBeNull();
    expect(userErrorsFrom(upstream(400, { type: 'invalid_request', detail: 'no' }))).toBeNull();
    expect(userErrorsFrom(new Error('boom'))).toBeNull();
  });
});

describe('mutate', () => {
  it('returns the result and no user errors on success', async () => {
    expect(await mutate(async () => 7)).toEqual({ result: 7, userErrors: [] });
  });
  it('returns user errors and a null result on validation failure', async () => {
    const outcome = await mutate(async () => {
      throw validation('timezone', '"Mars/Base" is not a valid choice.', 'invalid_choice');
    });
    expect(outcome).toEqual({
      result: null,
      userErrors: [{ field: ['input', 'timezone'], message: '"Mars/Base" is not a valid choice.', code: 'INVALID_CHOICE', upstreamCode: 'invalid_choice' }],
    });
  });
  it('rethrows other failures', async () => {
    const failure = upstream(500);
    await expect(mutate(async () => Promise.reject(failure))).rejects.toBe(failure);
  });
});

describe('formatError', () => {
  const wrap = (original: Error) => new GraphQLError(original.message, { originalError: original, path: ['project'] });

  it('masks unknown errors and reports them to the caller of formatError', () => {
    const masked: unknown[] = [];
    const original = new Error('SELECT * FROM secrets failed at /srv/app.ts:12');
    const out = formatError(
      { message: original.message, path: ['project'], extensions: { code: 'INTERNAL_SERVER_ERROR', stacktrace: ['x'] } },
      wrap(original),
      { onMasked: (e) => masked.push(e) },
    );
    expect(out).toEqual({ message: 'Internal server error.', path: ['project'], extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(masked).toEqual([original]);
  });
  it("keeps graphql-js's argument errors of execution as BAD_USER_INPUT, and still masks a crash worded like one", () => {
    const message = 'Argument "if" of non-null type "Boolean!" must not be null.';
    const formatted = { message, path: ['project'], extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    expect(formatError(formatted, wrap(new GraphQLError(message)))).toEqual({ message, path: ['project'], extensions: { code: 'BAD_USER_INPUT' } });
    expect(formatError(formatted, wrap(new Error(message))).extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR' });
  });
  it('maps upstream errors', () => {
    const out = formatError(
      { message: 'x', path: ['project'] },
      wrap(upstream(404, { type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null })),
    );
    expect(out.extensions).toEqual({ code: 'NOT_FOUND', upstream: { status: 404, code: 'not_found', detail: 'Not found.' } });
    expect(out.path).toEqual(['project']);
  });
  it('keeps deliberate GraphQL errors without stack traces', () => {
    const deliberate = new GraphQLError('bad cursor', { extensions: { code: 'BAD_USER_INPUT' } });
    const out = formatError({ message: 'bad cursor', extensions: { code: 'BAD_USER_INPUT', stacktrace: ['at x'] } }, deliberate);
    expect(out).toEqual({ message: 'bad cursor', extensions: { code: 'BAD_USER_INPUT' } });
  });
  it('never lets a key through', () => {
    expect(redactSecrets('key phx_abcDEF123 and Bearer phx_zzz9 and Bearer sk-1234567890')).toBe('key [redacted] and [redacted] and [redacted]');
  });
});
