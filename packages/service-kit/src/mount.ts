import type { Express, Request, RequestHandler, Response } from 'express';
import { API_PREFIX, routeKey, routesOf, type ApiRoute, type ParsedRequestBodyOf, type ServiceName } from '@study/contracts';
// Type-only: brings in the Request fields the kit adds (module augmentation), no code.
import type {} from './express-types';

/**
 * A route's own work. `body` is the request body parsed by the route's request schema (a
 * refusal is a 400 naming each bad field before the handler runs); undefined for a route
 * without a JSON body.
 */
export type RouteHandler<R extends ApiRoute> = (req: Request, res: Response, body: ParsedRequestBodyOf<R>) => unknown;

const mountedRoutes = new WeakMap<Express, ApiRoute[]>();

/**
 * Mounts one route of the table (@study/contracts routes) at its path and method: first the
 * guards and body parsers the route needs, then its handler with the parsed body. Each service
 * mounts its routes only this way; checkMountedRoutes holds it to the table at start-up.
 */
export function mount<R extends ApiRoute>(app: Express, route: R, ...handlers: [...RequestHandler[], RouteHandler<R>]): void {
  const guards = handlers.slice(0, -1) as RequestHandler[];
  const handler = handlers[handlers.length - 1] as RouteHandler<R>;
  const request = route.request;
  const run: RequestHandler = async (req, res) => {
    // A call without a body is read as {}: a route whose fields are all optional (signing out) takes it, any other names what is missing.
    const body = (request.kind === 'json' ? request.schema.parse(req.body ?? {}) : undefined) as ParsedRequestBodyOf<R>;
    await handler(req, res, body);
  };
  const list = mountedRoutes.get(app) ?? [];
  list.push(route);
  mountedRoutes.set(app, list);
  if (route.method === 'GET') app.get(route.path, ...guards, run);
  else app.post(route.path, ...guards, run);
}

interface RouterLayer {
  route?: { path: unknown; methods: Record<string, boolean> };
}

/** The 'METHOD /path' of every route an express app answers under /api, however it was added. */
function answeredApiRoutes(app: Express): string[] {
  const stack = ((app as unknown as { router?: { stack?: RouterLayer[] } }).router?.stack ?? []) as RouterLayer[];
  return stack.flatMap((layer) => {
    const path = layer.route?.path;
    if (typeof path !== 'string' || !path.startsWith(API_PREFIX)) return [];
    return Object.keys(layer.route?.methods ?? {})
      .filter((method) => method !== '_all')
      .map((method) => `${method.toUpperCase()} ${path}`);
  });
}

/**
 * Throws unless the app answers exactly the routes the table gives `service`, each mounted with
 * mount: a route missing, one the table gives another service, or an /api path added around
 * mount all stop the service before it takes traffic, naming them.
 */
export function checkMountedRoutes(app: Express, service: ServiceName): void {
  const expected = new Set(routesOf(service).map(routeKey));
  const mounted = new Set((mountedRoutes.get(app) ?? []).map(routeKey));
  const answered = new Set(answeredApiRoutes(app));
  const problems: string[] = [];
  const missing = [...expected].filter((key) => !mounted.has(key));
  if (missing.length > 0) problems.push(`not mounted: ${missing.join(', ')}`);
  const foreign = [...mounted].filter((key) => !expected.has(key));
  if (foreign.length > 0) problems.push(`not in the route table for ${service}: ${foreign.join(', ')}`);
  const unlisted = [...answered].filter((key) => !mounted.has(key) && !expected.has(key));
  if (unlisted.length > 0) problems.push(`answered without mount and not in the route table: ${unlisted.join(', ')}`);
  const bypassed = [...answered].filter((key) => expected.has(key) && !mounted.has(key));
  if (bypassed.length > 0) problems.push(`answered without mount: ${bypassed.join(', ')}`);
  if (problems.length > 0) throw new Error(`The ${service} service's routes do not match the route table (@study/contracts routes): ${problems.join('; ')}.`);
}
