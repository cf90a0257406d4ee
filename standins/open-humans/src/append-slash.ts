import type { NextFunction, Request, Response } from 'express';

/**
 * Django's CommonMiddleware with APPEND_SLASH (on by default, and the platform does not turn it
 * off): a path without its trailing slash that matches no URL, but would with one, is answered
 * 301 to the path with the slash and the same query, whatever the method (a POST's body is not
 * carried over; DEBUG is off in production, so there is no error instead). The Location is a
 * path, as Django sends it, and the body is empty.
 */
export function appendSlash(platformPaths: readonly string[]) {
  const withSlash = new Set(platformPaths);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.path.endsWith('/') || !withSlash.has(`${req.path}/`)) return next();
    const query = req.originalUrl.indexOf('?');
    const location = `${req.path}/${query >= 0 ? req.originalUrl.slice(query) : ''}`;
    // Drain a body first, so a client still sending it sees the answer rather than a reset.
    req.resume();
    res.status(301).set({ Location: location, 'Content-Type': 'text/html; charset=utf-8' }).end();
  };
}
