// Mutation inputs -> upstream request bodies: the one rule every domain's write body follows.
import { camelToSnake } from '../../errors.ts';

/**
 * camelCase GraphQL input -> snake_case REST body, typed as the domain's write type (e.g.
 * `toUpstreamBody<FeatureFlagWrite>(fields)`). Omitted fields (undefined) are left out; explicit
 * nulls are sent, so a client can clear a field and a refused null becomes a userError. Enum
 * values are already the REST values (codegen.ts enumValues). `renames` covers fields whose
 * upstream name is not the plain snake_case of the GraphQL name.
 */
export function toUpstreamBody<W extends object>(input: object, renames: Record<string, string> = {}): W {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    if (value !== undefined) body[renames[name] ?? camelToSnake(name)] = value;
  }
  return body as W;
}
