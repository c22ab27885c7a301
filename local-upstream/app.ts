import { authenticate, findKey, type Caller } from './auth/authenticate.ts';
import { ApiError, authenticationFailed, methodNotAllowed, notFound, RefusalKeepingWrites, SERVER_ERROR_BODY } from './http/errors.ts';
import { getProjectByToken } from './storage/projects.ts';
import type { ApiRequest, ApiResponse } from './http/request.ts';
import { Router, type PublicRoute, type Route, type RouteContext } from './http/router.ts';
import { organizationAccess, projectAccess } from './auth/access.ts';
import { canEditFlag, flagAccessLevel } from './auth/flag-edit-access.ts';
import type { Store } from './storage/db.ts';
import { Directory } from './serializers/directory.ts';
import { allRoutes, publicRoutes } from './routes/index.ts';
import type { KeyThrottle } from './http/throttle.ts';
import type { ProjectDeletions } from './project-deletion.ts';

/**
 * Request dispatch: route, authenticate, run the handler inside one SQLite transaction, and turn errors into
 * the real service's bodies. A response with status >= 400 rolls the transaction back, so a rejected request
 * changes nothing (except a `RefusalKeepingWrites`, the approval gate's 409, which keeps the change request it opened).
 */
export class App {
  private readonly store: Store;
  private readonly router = new Router<Route>(allRoutes);
  private readonly publicRouter = new Router<PublicRoute>(publicRoutes);
  private readonly log: (message: string, error: unknown) => void;
  private readonly throttle: KeyThrottle;
  private readonly deletions: ProjectDeletions;

  constructor(store: Store, log: (message: string, error: unknown) => void, throttle: KeyThrottle, deletions: ProjectDeletions) {
    this.store = store;
    this.log = log;
    this.throttle = throttle;
    this.deletions = deletions;
  }

  handle(req: ApiRequest): ApiResponse {
    try {
      return this.inTransaction(() => this.dispatch(req));
    } catch (error) {
      if (error instanceof ApiError) return { status: error.status, body: error.body, headers: error.headers };
      this.log(`${req.method} ${req.pathname} failed`, error);
      return { status: 500, body: SERVER_ERROR_BODY };
    }
  }

  private inTransaction(work: () => ApiResponse): ApiResponse {
    let response: ApiResponse | undefined;
    try {
      return this.store.transaction(() => {
        try {
          response = work();
        } catch (error) {
          if (!(error instanceof RefusalKeepingWrites)) throw error;
          return { status: error.status, body: error.body, headers: error.headers };
        }
        if (response.status >= 400) throw new RolledBack();
        return response;
      });
    } catch (error) {
      if (error instanceof RolledBack && response) return response;
      throw error;
    }
  }

  private dispatch(req: ApiRequest): ApiResponse {
    const pathname = req.pathname.replace(/^\/api\/environments\//, '/api/projects/');
    const open = this.publicRouter.match(req.method, pathname);
    if ('found' in open) {
      req.params = open.found.params;
      return open.found.route.handler({ store: this.store, req });
    }
    // HEAD is a GET without a body (node:http drops the body itself).
    const match = this.router.match(req.method === 'HEAD' ? 'GET' : req.method, pathname);
    if ('found' in match) {
      req.params = match.found.params;
      return match.found.route.handler(this.context(req));
    }
    const other = match.otherMethods[0];
    if (!other) throw notFound('Endpoint not found.');
    // DRF authenticates and checks the parent object's permissions before it finds no handler for the method.
    req.params = other.params;
    const ctx = this.context(req);
    if (other.params.project !== undefined) projectAccess(this.store, ctx.caller, other.params.project, null);
    else if (other.params.org !== undefined) organizationAccess(this.store, ctx.caller, other.params.org, null);
    if (req.method === 'OPTIONS') return this.options(match.otherMethods.map((candidate) => candidate.route.method));
    throw methodNotAllowed(req.method);
  }

  /** DRF's OPTIONS answer: the allowed methods and a little metadata. */
  private options(methods: string[]): ApiResponse {
    const allowed = [...new Set([...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'])];
    return {
      status: 200,
      headers: { allow: allowed.join(', ') },
      body: { name: 'Local upstream', description: '', renders: ['application/json'], parses: ['application/json', 'application/x-www-form-urlencoded'] },
    };
  }

  private context(req: ApiRequest): RouteContext {
    const caller: Caller = authenticate(this.store, req);
    checkProjectToken(this.store, req);
    // DRF checks throttles after authentication, before the handler: a refused key is not counted, every
    // request that reaches a handler is (one answered 400 or 404 included).
    this.throttle.check(findKey(req)!.key, req.pathname);
    return {
      store: this.store,
      req,
      caller,
      deletions: this.deletions,
      users: new Directory(
        this.store,
        (flag) => canEditFlag(this.store, caller.user.id, flag),
        (flag) => flagAccessLevel(this.store, caller.user.id, flag),
      ),
    };
  }
}

/**
 * Project routes also read a project API token from `?token=` (the service's `_get_team_from_request`): one that
 * names no project fails authentication, even with a valid personal key.
 */
function checkProjectToken(store: Store, req: ApiRequest): void {
  const token = req.query.get('token');
  if (token === null || !/^\/api\/projects(\/|$)/.test(req.pathname)) return;
  if (!getProjectByToken(store, token)) throw authenticationFailed('Incorrect authentication credentials.');
}

class RolledBack extends Error {}
