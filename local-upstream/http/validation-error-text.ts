/**
 * A refusal as Python prints DRF's errors, where the real service puts `str()` of a `ValidationError` in a
 * message or a stored record (an applied change request's failure, a copy_flags target's `error_message`).
 * The refusal is the service's envelope (`ApiError`, errors.ts); the printed errors carry DRF's own codes.
 */
import { pythonRepr } from '../python-format.ts';
import type { ApiError } from './errors.ts';

/** drf-exceptions-hog renames DRF's `invalid` code; the printed errors carry DRF's own. */
const drfCode = (code: string): string => (code === 'invalid_input' ? 'invalid' : code);

/** The refusal as DRF's `ErrorDetail` list prints: `[ErrorDetail(string='...', code='invalid')]`. */
export function errorDetailsText(error: ApiError): string {
  const body = error.body as { detail?: unknown; code?: unknown };
  return `[ErrorDetail(string=${pythonRepr(String(body.detail))}, code=${pythonRepr(drfCode(String(body.code)))})]`;
}

/** `str()` of the serializer's `ValidationError`: the field, or `non_field_errors`, to its details. */
export function serializerErrorsText(error: ApiError): string {
  const attr = (error.body as { attr?: unknown }).attr;
  return `{${pythonRepr(typeof attr === 'string' ? attr : 'non_field_errors')}: ${errorDetailsText(error)}}`;
}
