import type { NextFunction, Request, Response } from 'express';
import { throttledBody, type ThrottleSwitch } from '../control/throttle-switch';
import type { Grants } from '../oauth/grants';
import { last } from '../oauth/params';
import type { StoredMember } from '../state/store';
import type { MasterToken } from './master-token';

/** Who a project API call authenticated as: a member's OAuth2 access token, or the project's master token. */
export type ProjectCaller = { kind: 'member'; member: StoredMember } | { kind: 'master' };

export interface ProjectApiLocals {
  caller: ProjectCaller;
}

/**
 * A view's authentication classes, in order. ProjectAPIView (exchange-member, files, message,
 * remove-members) has CustomOAuth2Authentication then MasterTokenAuthentication;
 * ProjectMemberDataView (the member list) only MasterTokenAuthentication.
 */
export type Authenticators = 'oauth2-then-master' | 'master-only';

export interface ProjectApiDeps {
  grants: Grants;
  masterToken: MasterToken;
  throttle: ThrottleSwitch;
}

/**
 * The Authorization header as the views see it: the platform's QueryStringAccessTokenToBearerMiddleware
 * replaces it with `Bearer <access_token>` whenever the query has an access_token (Django's
 * QueryDict gives the last of repeated values), so the query wins over a header.
 */
export function authorizationOf(req: Request): string | undefined {
  const query = req.query as Record<string, unknown>;
  if (Object.hasOwn(query, 'access_token')) return `Bearer ${last(query.access_token) ?? ''}`;
  return req.get('authorization');
}

/** The access token the call carries after that rewrite (for links that pass it on). */
export function queryAccessToken(req: Request): string | undefined {
  return last((req.query as Record<string, unknown>).access_token);
}

/** Python's bytes.split(): runs of ASCII whitespace separate, none kept. */
function pySplit(text: string): string[] {
  return text.split(/[ \t\n\r\v\f]+/).filter((part) => part !== '');
}

class AuthenticationFailed extends Error {}

/**
 * DRF's authentication for the platform's project API, in the order the view lists its classes:
 *
 * - CustomOAuth2Authentication first (when the view has it): a known but expired member token is
 *   refused at once with "Expired token."; otherwise django-oauth-toolkit checks a `Bearer` token
 *   and, when it is not a live member token, notes `invalid_token` for the WWW-Authenticate header;
 * - then MasterTokenAuthentication: not a Bearer header = not its business; a bad header, an
 *   unknown token ("Invalid token.") or an expired master token ("Expired token.") is refused;
 * - nothing authenticated: "Authentication credentials were not provided.".
 *
 * Every refusal is 401 with the first class's WWW-Authenticate header: `Bearer realm="api"`, plus
 * django-oauth-toolkit's error attributes where the OAuth2 class came first and noted one.
 * Then, as DRF checks throttles after authentication, the throttle test switch may answer 429.
 */
export function projectApiAuth(deps: ProjectApiDeps, authenticators: Authenticators) {
  return (req: Request, res: Response<unknown, ProjectApiLocals>, next: NextFunction): void => {
    const parts = pySplit(authorizationOf(req) ?? '');
    let oauth2Error: Record<string, string> = {};
    const refuse = (detail: string) => {
      const attributes = { realm: 'api', ...(authenticators === 'oauth2-then-master' ? oauth2Error : {}) };
      // django-oauth-toolkit joins the attributes with a bare comma.
      const header = `Bearer ${Object.entries(attributes)
        .map(([k, v]) => `${k}="${v}"`)
        .join(',')}`;
      res.status(401).set('WWW-Authenticate', header).json({ detail });
    };

    const authenticate = (): ProjectCaller | undefined => {
      if (authenticators === 'oauth2-then-master') {
        // CustomOAuth2Authentication reads the second word of any Authorization header.
        const custom = parts[1] !== undefined ? deps.grants.find(parts[1]) : undefined;
        if (custom?.expired) throw new AuthenticationFailed('Expired token.');
        // oauthlib's get_token_from_header: exactly "Bearer <token>".
        const bearer = parts.length === 2 && parts[0]!.toLowerCase() === 'bearer' ? parts[1]! : undefined;
        if (bearer !== undefined) {
          const found = deps.grants.find(bearer);
          if (found && !found.expired) return { kind: 'member', member: found.member };
          // An expired one was refused above, so what is left is unknown.
          oauth2Error = { error: 'invalid_token', error_description: 'The access token is invalid.' };
        }
      }
      if (parts.length === 0 || parts[0]!.toLowerCase() !== 'bearer') return undefined;
      if (parts.length === 1) throw new AuthenticationFailed('Invalid token header. No credentials provided.');
      if (parts.length > 2) throw new AuthenticationFailed('Invalid token header. Token string should not contain spaces.');
      const master = deps.masterToken.check(parts[1]!);
      if (master === 'expired') throw new AuthenticationFailed('Expired token.');
      if (master === 'unknown') throw new AuthenticationFailed('Invalid token.');
      return { kind: 'master' };
    };

    let caller: ProjectCaller | undefined;
    try {
      caller = authenticate();
    } catch (err) {
      if (!(err instanceof AuthenticationFailed)) throw err;
      refuse(err.message);
      return;
    }
    if (!caller) {
      refuse('Authentication credentials were not provided.');
      return;
    }
    const wait = deps.throttle.take();
    if (wait !== undefined) {
      res.status(429).set('Retry-After', String(wait)).json(throttledBody(wait));
      return;
    }
    res.locals.caller = caller;
    next();
  };
}

/**
 * ProjectFormBaseView: the member a files call (upload, delete) acts on. A member's own token puts
 * that member's id in the form; with the master token the form's `project_member_id` (required)
 * names a member, who must be in the project.
 */
export function formMemberId(caller: ProjectCaller, given: string): string {
  return caller.kind === 'member' ? caller.member.projectMemberId : given;
}

export const INVALID_FORM_MEMBER = { project_member_id: 'project_member_id is invalid' };
