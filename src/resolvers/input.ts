// Mutation inputs -> upstream request bodies.
import { camelToSnake } from '../errors.ts';

/**
 * camelCase GraphQL input -> snake_case REST body. Omitted fields (undefined) are left out;
 * explicit nulls are sent, so a client can clear a field. `renames` covers fields whose
 * upstream name is not the plain snake_case of the GraphQL name.
 */
export function toUpstreamBody(input: object, renames: Record<string, string> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    if (value !== undefined) body[renames[name] ?? camelToSnake(name)] = value;
  }
  return body;
}
