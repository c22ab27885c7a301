// User: embedded `created_by` records (interface §2.3), snake_case -> camelCase.
import type { UserResolvers } from '../generated/resolvers-types.ts';

const User: UserResolvers = {
  id: (user) => user.uuid,
  databaseId: (user) => user.id,
  distinctId: (user) => user.distinct_id,
  firstName: (user) => user.first_name,
  lastName: (user) => user.last_name,
  isEmailVerified: (user) => user.is_email_verified ?? null,
};

export const userResolvers = { User };
