// The Viewer type: the caller's own record (`GET /api/users/@me/`, read once per request by
// `Query.viewer`). Everything here comes from that one answer: the embedded organizations carry
// their basic facts, and the current organization's full record is remembered by its loader.
import type { GatewayContext } from '../context.ts';
import type { ViewerResolvers } from '../generated/resolvers-types.ts';
import { organizationOf } from '../upstream-client/endpoints/organization.ts';
import type { ViewerRecord } from '../upstream-client/endpoints/viewer.ts';
import { restField } from './support/rest-field.ts';
import { userFields } from './user.ts';

const rest = restField((viewer: ViewerRecord) => viewer);

/** The current organization's full record came with the viewer: later lookups of it in this request are free. */
function rememberCurrent(viewer: ViewerRecord, ctx: GatewayContext): void {
  if (viewer.organization) ctx.loaders.organization.remember(viewer.organization);
}

export const Viewer: ViewerResolvers = {
  ...userFields,
  dateJoined: rest('date_joined'),
  organization: (viewer, _args, ctx) => {
    rememberCurrent(viewer, ctx);
    return viewer.organization ? organizationOf(viewer.organization) : null;
  },
  organizations: (viewer, _args, ctx) => {
    rememberCurrent(viewer, ctx);
    return (viewer.organizations ?? []).map(organizationOf);
  },
  project: rest('team'),
};
