import type { NextFunction, Request, Response } from 'express';
import type { Grants } from '../oauth/grants';
import type { StoredMember } from '../state/store';
import { single } from '../oauth/params';

export interface AuthenticatedLocals {
  member: StoredMember;
}

/** The access token from `?access_token=` or an `Authorization: Bearer` header, as the platform's API accepts both. */
export function accessTokenOf(req: Request): string | undefined {
  const fromQuery = single(req.query.access_token);
  if (fromQuery) return fromQuery;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
  return bearer?.[1];
}

/** Rejects requests without a live member token the way the platform's API does. */
export function requireMemberToken(grants: Grants) {
  return (req: Request, res: Response<unknown, AuthenticatedLocals>, next: NextFunction): void => {
    const token = accessTokenOf(req);
    if (!token) {
      res.status(401).json({ detail: 'Authentication credentials were not provided.' });
      return;
    }
    const auth = grants.authenticate(token);
    if (!auth) {
      res.status(401).json({ detail: 'Invalid token.' });
      return;
    }
    res.locals.member = auth.member;
    next();
  };
}
