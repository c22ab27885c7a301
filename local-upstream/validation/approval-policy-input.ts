import { validationError } from '../http/errors.ts';
import type { Store } from '../storage/db.ts';
import { getRole } from '../storage/roles.ts';
import { isDict } from '../python-format.ts';
import { checkField, validateFields, type FieldSpecs } from './fields.ts';

/** `ApprovalPolicySerializer`'s writable fields, in its order, with its `validate_<field>` rules. */
const POLICY_FIELDS: FieldSpecs = {
  action_key: { kind: 'string', maxLength: 128 },
  conditions: { kind: 'raw' },
  approver_config: { kind: 'raw' },
  allow_self_approve: { kind: 'boolean' },
  bypass_org_membership_levels: { kind: 'raw' },
  bypass_roles: { kind: 'raw' },
  expires_after: { kind: 'raw' },
  enabled: { kind: 'boolean' },
};

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** Django's `parse_duration`: `[DD [days, ]][[HH:]MM:]SS[.uuuuuu]` or ISO 8601 (`P14D`, `PT1H30M`); microseconds. */
function parseDuration(text: string): number | undefined {
  const standard = /^(?:(-?\d+) (?:days?, )?)?(-?)(?:(\d+):(?=\d+:\d+))?(?:(\d+):)?(\d+)(?:[.,](\d{1,6})\d{0,6})?$/.exec(text);
  if (standard) {
    const [, days = '0', sign, hours = '0', minutes = '0', seconds = '0', micros = ''] = standard;
    const time = ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1_000_000 + Number(micros.padEnd(6, '0') || 0);
    return Number(days) * 86_400_000_000 + (sign === '-' ? -time : time);
  }
  const iso = /^([-+]?)P(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/.exec(text);
  if (!iso || text === 'P' || text.endsWith('T')) return undefined;
  const [, sign, days = '0', hours = '0', minutes = '0', seconds = '0'] = iso;
  const number = (value: string) => Number(value.replace(',', '.'));
  const total = Math.round((((number(days) * 24 + number(hours)) * 60 + number(minutes)) * 60 + number(seconds)) * 1_000_000);
  return sign === '-' ? -total : total;
}

function duration(value: unknown): number {
  const parsed = typeof value === 'string' || typeof value === 'number' ? parseDuration(String(value)) : undefined;
  if (parsed === undefined) throw validationError('Duration has wrong format. Use one of these formats instead: [DD] [HH:[MM:]]ss[.uuuuuu].', 'expires_after');
  return parsed;
}

/** A model `JSONField` takes any JSON but null (refused by `checkField` with the `raw` kind). */
const json = (value: unknown) => value;

function approverConfig(value: unknown): unknown {
  // The service reads `value.get("quorum", 0)`: a config that is not an object, or a quorum that is not a number,
  // fails there with a server error; here it is the same 400 as a quorum below 1.
  const quorum = isDict(value) ? (value.quorum ?? 0) : undefined;
  if (typeof quorum !== 'number' || quorum < 1) throw validationError('Quorum must be at least 1', 'approver_config');
  return value;
}

/** Python's `int()` of a JSON value, or undefined where it raises. */
function pythonInt(value: unknown): number | undefined {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value);
  if (typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value)) return Number.parseInt(value, 10);
  return undefined;
}

function membershipLevels(value: unknown): number[] {
  if (!value || (Array.isArray(value) && value.length === 0)) return [];
  const levels = Array.isArray(value) ? value.map(pythonInt) : [undefined];
  if (levels.some((level) => level === undefined)) throw validationError('All membership levels must be integers', 'bypass_org_membership_levels');
  return levels as number[];
}

function bypassRoles(store: Store, organizationId: string, value: unknown): string[] {
  const ids = checkField('bypass_roles', value, { kind: 'stringList' }) as string[];
  ids.forEach((id, index) => {
    if (!UUID.test(id)) throw validationError('Must be a valid UUID.', `bypass_roles__${index}`);
  });
  const canonical = [...new Set(ids.map((id) => id.toLowerCase()))];
  const missing = canonical.filter((id) => !getRole(store, id));
  if (missing.length) throw validationError(`Roles do not exist: ${missing.join(', ')}`, 'bypass_roles');
  const foreign = canonical.map((id) => getRole(store, id)!).filter((role) => role.organization_id !== organizationId);
  if (foreign.length) throw validationError(`Roles must belong to the same organization: ${foreign.map((role) => role.name).join(', ')}`, 'bypass_roles');
  return canonical;
}

/** Validates a create (`isCreate`) or update body; returns the fields sent, cleaned (`expires_after` as microseconds). */
export function validatePolicyInput(body: Record<string, unknown>, store: Store, organizationId: string, isCreate: boolean): Record<string, unknown> {
  const clean = validateFields(body, POLICY_FIELDS, isCreate ? ['action_key', 'approver_config'] : [], {
    conditions: json,
    approver_config: approverConfig,
    bypass_org_membership_levels: membershipLevels,
    bypass_roles: (value) => bypassRoles(store, organizationId, value),
    expires_after: duration,
  });
  if ('expires_after' in clean) {
    clean.expires_after_us = clean.expires_after;
    delete clean.expires_after;
  }
  return clean;
}
