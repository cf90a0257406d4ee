import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { accessTokenOf } from '../members/access-token';

/**
 * Rejects requests without the project's master access token, the way the platform's API does
 * (the token as `?access_token=` or a Bearer header). Without MASTER_ACCESS_TOKEN configured,
 * no token is the master token.
 */
export function requireMasterToken(masterToken: string | undefined) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const token = accessTokenOf(req);
    if (!token) {
      res.status(401).json({ detail: 'Authentication credentials were not provided.' });
      return;
    }
    const given = Buffer.from(token, 'utf8');
    const expected = Buffer.from(masterToken ?? '', 'utf8');
    if (!masterToken || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.status(401).json({ detail: 'Invalid token.' });
      return;
    }
    next();
  };
}
