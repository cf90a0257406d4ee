import { apiRoutes, type ApiRoute, type HttpMethod } from '@study/contracts';

/** A route of the table with what the gateway needs per call, worked out once. */
export interface CompiledRoute {
  route: ApiRoute;
  bodyLimitBytes: number;
}

interface ParamRoute extends CompiledRoute {
  method: string;
  /** Lower-case static segments; undefined where the template has a parameter. */
  segments: (string | undefined)[];
}

export interface RouteTable {
  /** The route a path and method belong to (static segments compare case-insensitively, as express does). */
  match(path: string, method: string): CompiledRoute | undefined;
  /** The methods a path is known for, for a 405's Allow header. */
  methodsFor(path: string): HttpMethod[];
}

const METHODS: readonly HttpMethod[] = ['GET', 'POST'];

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/**
 * The route table (@study/contracts apiRoutes) as lookups: routes without parameters from a
 * map keyed by method and lower-case path, the few with parameters by their segments. The
 * same answers as matchApiRoute, without scanning the table on every call.
 */
export function compileRouteTable(bodyLimitFor: (route: ApiRoute) => number, routes: readonly ApiRoute[] = apiRoutes): RouteTable {
  const exact = new Map<string, CompiledRoute>();
  const withParams: ParamRoute[] = [];
  for (const route of routes) {
    const compiled = { route, bodyLimitBytes: bodyLimitFor(route) };
    const segments = splitPath(route.path);
    if (segments.some((segment) => segment.startsWith(':'))) {
      withParams.push({ ...compiled, method: route.method, segments: segments.map((segment) => (segment.startsWith(':') ? undefined : segment.toLowerCase())) });
    } else {
      const key = `${route.method} /${segments.join('/').toLowerCase()}`;
      // The first route of the table wins, as with matchApiRoute.
      if (!exact.has(key)) exact.set(key, compiled);
    }
  }

  const match = (path: string, method: string): CompiledRoute | undefined => {
    // Empty segments (a doubled or trailing slash) are ignored, as matchApiRoute ignores them.
    const normal = path.includes('//') || (path.length > 1 && path.endsWith('/')) ? `/${splitPath(path).join('/')}` : path;
    const found = exact.get(`${method} ${normal.toLowerCase()}`);
    if (found) return found;
    if (withParams.length === 0) return undefined;
    const got = splitPath(normal);
    return withParams.find(
      (candidate) =>
        candidate.method === method &&
        candidate.segments.length === got.length &&
        candidate.segments.every((segment, i) => (segment === undefined ? got[i] !== '' : segment === got[i]?.toLowerCase())),
    );
  };

  return {
    match,
    methodsFor: (path) => METHODS.filter((method) => match(path, method) !== undefined),
  };
}
