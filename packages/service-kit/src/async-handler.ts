import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * A route handler written as an async function. Express 5 already forwards rejected
 * promises to the error handler; this also keeps a handler's return value from being sent
 * by accident and gives routes one uniform shape.
 */
export function asyncHandler(fn: (req: Request, res: Response, next: NextFunction) => Promise<void>): RequestHandler {
  return (req, res, next) => {
    fn(req, res, next).catch(next);
  };
}
