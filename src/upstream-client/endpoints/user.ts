// The upstream's embedded user, e.g. a flag's `created_by`.
// There is no user endpoint in the interface: users only arrive embedded in other records.
import type { UpstreamRecord } from './upstream-record.ts';

/** `created_by` as the REST API returns it (snake_case kept; the codegen mapper of `User`). */
export type UserRecord = UpstreamRecord<{
  id: number;
  uuid: string;
  distinct_id: string;
  first_name: string;
  last_name: string;
  email: string;
  is_email_verified: boolean | null;
}>;
