// The User type: embedded `created_by` records (no endpoint reads a user).
import type { UserResolvers } from '../generated/resolvers-types.ts';
import type { UserRecord } from '../upstream-client/endpoints/user.ts';
import { restField } from './support/rest-field.ts';

const rest = restField((user: UserRecord) => user);

/** The fields every user record answers; `Viewer` (the caller's own record) has them too. */
export const userFields = {
  id: rest('uuid'),
  databaseId: rest('id'),
  distinctId: rest('distinct_id'),
  firstName: rest('first_name'),
  lastName: rest('last_name'),
  isEmailVerified: rest('is_email_verified'),
};

export const User: UserResolvers = userFields;
