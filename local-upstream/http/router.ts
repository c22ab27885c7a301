import type { Caller } from '../auth/authenticate.ts';
import type { ProjectDeletions } from '../project-deletion.ts';
import type { Store } from '../storage/db.ts';
import type { ApiRequest, ApiResponse } from './request.ts';
import type { Directory } from '../serializers/directory.ts';

export interface RouteContext {
  store: Store;
  req: ApiRequest;
  caller: Caller;
  users: Directory;
  /** Background removal of deleted projects (project-deletion.ts). */
  deletions: Pick<ProjectDeletions, 'schedule'>;
}
export type Handler = (ctx: RouteContext) => ApiResponse;
export type PublicHandler = (ctx: { store: Store; req: ApiRequest }) => ApiResponse;

export interface Route {
  method: string;
  /** Like `/api/projects/:project/feature_flags/:id`; a trailing slash is optional on requests. */
  path: string;
  handler: Handler;
}
export interface PublicRoute {
  method: string;
  path: string;
  handler: PublicHandler;
  public: true;
}

interface Compiled<T> {
  route: T;
  segments: string[];
  literals: number;
}

export interface RouteMatch<T> {
  route: T;
  params: Record<string, string>;
}

/**
 * A small router over path segments (DRF's lookups match `[^/.]+`, so ids are strings here and the handlers
 * decide what is a valid id). Literal segments win over parameters (`feature_flags/activity` before
 * `feature_flags/:id`).
 */
export class Router<T extends { method: string; path: string }> {
  private readonly routes: Compiled<T>[];

  constructor(routes: T[]) {
    this.routes = routes
      .map((route) => {
        const segments = route.path.split('/').filter(Boolean);
        return { route, segments, literals: segments.filter((segment) => !segment.startsWith(':')).length };
      })
      .sort((a, b) => b.literals - a.literals);
  }

  /** The route for this method and path, or the list of routes for the path under other methods. */
  match(method: string, pathname: string): { found: RouteMatch<T> } | { otherMethods: RouteMatch<T>[] } {
    // Only the trailing slash is optional: an empty segment (`/api/projects//`) matches nothing, as in Django.
    const parts = pathname.replace(/\/$/, '').split('/').slice(1);
    const otherMethods: RouteMatch<T>[] = [];
    for (const compiled of this.routes) {
      const params = matchSegments(compiled.segments, parts);
      if (!params) continue;
      if (compiled.route.method === method) return { found: { route: compiled.route, params } };
      otherMethods.push({ route: compiled.route, params });
    }
    return { otherMethods };
  }
}

function matchSegments(segments: string[], parts: string[]): Record<string, string> | undefined {
  if (segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const part = parts[i]!;
    if (segment.startsWith(':')) {
      let value: string;
      try {
        value = decodeURIComponent(part);
      } catch {
        return undefined;
      }
      if (value === '' || (value.includes('.') && segment !== ':key')) return undefined;
      params[segment.slice(1)] = value;
    } else if (segment !== part) {
      return undefined;
    }
  }
  return params;
}
