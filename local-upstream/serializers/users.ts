import type { User } from '../storage/accounts.ts';
import type { Store } from '../storage/db.ts';
import { userJoinedAt, userMemberships } from '../storage/organizations.ts';
import { firstProjectOfOrganization } from '../storage/projects.ts';
import { organizationBasic, organizationBody, teamBasic } from './organizations.ts';

/** The service's `NOTIFICATION_DEFAULTS` (posthog/models/user.py): no route here changes them. */
const NOTIFICATION_DEFAULTS = {
  plugin_disabled: true,
  error_tracking_issue_assigned: true,
  discussions_mentioned: true,
  project_weekly_digest_disabled: {},
  all_weekly_digest_disabled: false,
};

/**
 * `UserSerializer` (posthog/api/user.py) for `GET /api/users/@me/`, as a personal API key sees it: no session, so
 * nothing is impersonated and no sensitive session expires. `hedgehog_config` is the stored config as it is (the basic
 * user record embedded elsewhere summarizes it). The current organization is the user's first one
 * (local-upstream/README.md, "Seeding"), and the current project that organization's first project.
 */
export function userBody(store: Store, user: User): Record<string, unknown> {
  const memberships = userMemberships(store, user.id);
  const current = memberships[0];
  const team = current ? firstProjectOfOrganization(store, current.id) : undefined;
  return {
    date_joined: userJoinedAt(store, user.id),
    uuid: user.uuid,
    distinct_id: user.distinct_id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    pending_email: null,
    is_email_verified: user.is_email_verified,
    notification_settings: NOTIFICATION_DEFAULTS,
    anonymize_data: false,
    allow_impersonation: true,
    toolbar_mode: 'toolbar',
    has_password: true,
    id: user.id,
    is_staff: false,
    is_impersonated: false,
    is_impersonated_until: null,
    is_impersonated_read_only: false,
    sensitive_session_expires_at: null,
    team: team ? teamBasic(team) : null,
    organization: current ? organizationBody(store, current) : null,
    organizations: memberships.map((membership) => organizationBasic(store, membership)),
    events_column_config: { active: 'DEFAULT' },
    is_2fa_enabled: false,
    has_social_auth: false,
    has_sso_enforcement: false,
    has_seen_product_intro_for: null,
    scene_personalisation: [],
    theme_mode: null,
    hedgehog_config: user.hedgehog_config,
    allow_sidebar_suggestions: null,
    shortcut_position: null,
    role_at_organization: user.role_at_organization,
    passkeys_enabled_for_2fa: null,
  };
}
