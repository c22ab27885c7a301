import { badUserInput } from '../../errors.ts';

/** A JSON argument that must be an object (e.g. `groups`, `condition`); undefined when not given. */
export function jsonObject(value: unknown, argument: string): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw badUserInput(`"${argument}" must be a JSON object.`, { argument });
  return value as Record<string, unknown>;
}
