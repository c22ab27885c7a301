import { validationError, type ApiError } from '../http/errors.ts';
import { isDict, pythonStr } from '../python-format.ts';

/**
 * DRF serializer fields, reduced to what the interface's writable fields need, with DRF's own messages and
 * codes (`invalid` is reported as `invalid_input`, as drf-exceptions-hog renames it). Fields are checked in
 * declaration order and the first error wins, like the real error envelope.
 */
export type FieldSpec =
  | { kind: 'string'; maxLength?: number; allowBlank?: boolean; allowNull?: boolean }
  | { kind: 'boolean'; allowNull?: boolean }
  | { kind: 'integer'; allowNull?: boolean; min?: number; max?: number }
  | { kind: 'decimal'; allowNull?: boolean; maxDigits: number; decimalPlaces: number; min?: number; max?: number }
  | { kind: 'json'; allowNull?: boolean }
  /** Any non-null value, left to a hook (choice fields with a dynamic choice list). */
  | { kind: 'raw'; allowNull?: boolean }
  | { kind: 'dict'; allowNull?: boolean }
  /** `dropNulls`: null items are removed instead of refused. */
  | { kind: 'stringList'; allowNull?: boolean; maxLength?: number; dropNulls?: boolean }
  | { kind: 'integerList'; allowNull?: boolean }
  | { kind: 'choice'; choices: ReadonlyArray<string | number>; allowNull?: boolean }
  | { kind: 'datetime'; allowNull?: boolean };

export type FieldSpecs = Record<string, FieldSpec>;

/** Python's `type(x).__name__` for a JSON value, as DRF puts it in messages. */
export function pythonType(value: unknown): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  switch (typeof value) {
    case 'boolean':
      return 'bool';
    case 'number':
      return Number.isInteger(value) ? 'int' : 'float';
    case 'string':
      return 'str';
    default:
      return 'dict';
  }
}

const TRUE_VALUES = new Set<unknown>(['t', 'T', 'y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON', '1', 1, true]);
const FALSE_VALUES = new Set<unknown>(['f', 'F', 'n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF', '0', 0, false]);
const INTEGER_TEXT = /^\s*[+-]?\d+(\.0*)?\s*$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;

class FieldError extends Error {
  readonly detail: string;
  readonly code: string;
  readonly attrSuffix: string;
  constructor(detail: string, code = 'invalid_input', attrSuffix = '') {
    super(detail);
    this.detail = detail;
    this.code = code;
    this.attrSuffix = attrSuffix;
  }
}

function toString(value: unknown, spec: { maxLength?: number; allowBlank?: boolean }): string {
  if (typeof value === 'boolean' || !(typeof value === 'string' || typeof value === 'number')) throw new FieldError('Not a valid string.');
  const text = String(value).trim();
  if (text === '' && !spec.allowBlank) throw new FieldError('This field may not be blank.', 'blank');
  if (spec.maxLength !== undefined && text.length > spec.maxLength) {
    throw new FieldError(`Ensure this field has no more than ${spec.maxLength} characters.`, 'max_length');
  }
  return text;
}

function toInteger(value: unknown, spec: { min?: number; max?: number }): number {
  const valid = (typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && INTEGER_TEXT.test(value));
  if (!valid) throw new FieldError('A valid integer is required.');
  const number = typeof value === 'number' ? value : Number.parseInt(value.trim(), 10);
  if (spec.max !== undefined && number > spec.max) throw new FieldError(`Ensure this value is less than or equal to ${spec.max}.`, 'max_value');
  if (spec.min !== undefined && number < spec.min) throw new FieldError(`Ensure this value is greater than or equal to ${spec.min}.`, 'min_value');
  return number;
}

function toDecimal(value: unknown, spec: Extract<FieldSpec, { kind: 'decimal' }>): string {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (typeof value === 'boolean' || !/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) throw new FieldError('A valid number is required.');
  const [whole = '', fraction = ''] = text.replace(/^[+-]/, '').split('.');
  const digits = `${whole.replace(/^0+/, '')}${fraction.replace(/0+$/, '')}`.length;
  if (digits > spec.maxDigits) throw new FieldError(`Ensure that there are no more than ${spec.maxDigits} digits in total.`, 'max_digits');
  if (fraction.replace(/0+$/, '').length > spec.decimalPlaces) {
    throw new FieldError(`Ensure that there are no more than ${spec.decimalPlaces} decimal places.`, 'max_decimal_places');
  }
  const number = Number(text);
  if (spec.max !== undefined && number > spec.max) throw new FieldError(`Ensure this value is less than or equal to ${spec.max}.`, 'max_value');
  if (spec.min !== undefined && number < spec.min) throw new FieldError(`Ensure this value is greater than or equal to ${spec.min}.`, 'min_value');
  return number.toFixed(spec.decimalPlaces);
}

function toList<T>(value: unknown, child: (item: unknown) => T): T[] {
  if (!Array.isArray(value)) throw new FieldError(`Expected a list of items but got type "${pythonType(value)}".`, 'not_a_list');
  return value.map((item, index) => {
    try {
      return child(item);
    } catch (error) {
      if (error instanceof FieldError) throw new FieldError(error.detail, error.code, `__${index}`);
      throw error;
    }
  });
}

function convert(value: unknown, spec: FieldSpec): unknown {
  switch (spec.kind) {
    case 'string':
      return toString(value, spec);
    case 'boolean':
      if (TRUE_VALUES.has(value)) return true;
      if (FALSE_VALUES.has(value)) return false;
      throw new FieldError('Must be a valid boolean.');
    case 'integer':
      return toInteger(value, spec);
    case 'decimal':
      return toDecimal(value, spec);
    case 'json':
    case 'raw':
      return value;
    case 'dict':
      if (!isDict(value)) {
        throw new FieldError(`Expected a dictionary of items but got type "${pythonType(value)}".`, 'not_a_dict');
      }
      return value;
    case 'stringList': {
      const items = spec.dropNulls && Array.isArray(value) ? value.filter((item) => item !== null) : value;
      return toList(items, (item) => toString(item, { maxLength: spec.maxLength, allowBlank: true }));
    }
    case 'integerList':
      return toList(value, (item) => toInteger(item, {}));
    case 'choice': {
      const match = spec.choices.find((choice) => String(choice) === pythonStr(value));
      if (match === undefined || typeof value === 'boolean') throw new FieldError(`"${pythonStr(value)}" is not a valid choice.`, 'invalid_choice');
      return match;
    }
    case 'datetime':
      if (typeof value !== 'string' || !DATETIME.test(value.trim()) || Number.isNaN(Date.parse(value.trim()))) {
        throw new FieldError('Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].');
      }
      return new Date(value.trim()).toISOString().replace('Z', '000Z');
  }
}

/** Checks one value against its spec; returns the cleaned value or throws the 400 envelope for `attr`. */
export function checkField(attr: string, value: unknown, spec: FieldSpec): unknown {
  if (value === null) {
    if (spec.allowNull || spec.kind === 'json') return null;
    throw validationError('This field may not be null.', attr, 'null');
  }
  try {
    return convert(value, spec);
  } catch (error) {
    if (error instanceof FieldError) throw validationError(error.detail, `${attr}${error.attrSuffix}`, error.code);
    throw error;
  }
}

/** The request body as a dict, or DRF's serializer-level error. */
export function requireObject(body: unknown): Record<string, unknown> {
  if (!isDict(body)) throw validationError(`Invalid data. Expected a dictionary, but got ${pythonType(body)}.`, null);
  return body;
}

export function requiredError(attr: string): ApiError {
  return validationError('This field is required.', attr, 'required');
}

/**
 * Validates the known fields present in `body` (unknown fields are ignored, as DRF does), in spec order.
 * `required` fields must be present. Returns only the fields that were sent, cleaned.
 */
export function validateFields(
  body: Record<string, unknown>,
  specs: FieldSpecs,
  required: string[] = [],
  /** Field-level `validate_<field>` hooks, run right after that field's own checks (DRF order). */
  hooks: Record<string, (value: unknown) => unknown> = {},
): Record<string, unknown> {
  const clean: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(specs)) {
    if (!(name in body) || body[name] === undefined) {
      if (required.includes(name)) throw requiredError(name);
      continue;
    }
    const value = checkField(name, body[name], spec);
    const hook = hooks[name];
    clean[name] = hook ? hook(value) : value;
  }
  return clean;
}
