// The UserError type: a mutation's refusal as src/errors.ts and the mutations build it. Only `flags` is derived,
// from the upstream's message (support/flag-refusals.ts), and only when selected.
import type { UserErrorResolvers } from '../generated/resolvers-types.ts';
import { namedFlags } from './support/flag-refusals.ts';

export const UserError: UserErrorResolvers = {
  flags: (error) => namedFlags(error),
};
