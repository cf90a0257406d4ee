import type { Request, RequestHandler, Response } from 'express';
import { ADMIN_KEY_HEADER, AuditActions, DOWNLOAD_TOKEN_PARAM, ErrorCodes, STAFF_CSRF_HEADER, type AuditBy, type DownloadResource, type RouteName } from '@study/contracts';
import { cookieValue } from '@study/participant-session';
import { AppError } from '@study/service-kit';
import {
  can,
  checkCsrfToken,
  csrfRequired,
  downloadCapability,
  endedStaffSessionCookie,
  routeCapability,
  sessionIdOf,
  sessionState,
  STAFF_SESSION_COOKIE,
  type Capability,
  type LoginLockout,
  type StaffSession,
} from '@study/staff-auth';
import type { RedisWindowCounters, SpentTokens } from '../../data-access/admin-limits';
import type { StaffAccountDocument, StaffAccountsRepository } from '../../data-access/staff-accounts-repository';
import type { StaffSessions } from '../../data-access/staff-sessions';
import type { DownloadLinkSigner } from '../../domain/admin/download-links';
import { recordAudit, type AuditDeps } from '../../domain/audit/record-audit';
import { refusedForNow } from '../../domain/refused-for-now';
import { auditCallerOf } from '../../domain/staff/staff-session';
import { isMasterKey } from './admin-key';
import { clientAddress, isHttps } from './request-origin';

/**
 * How a study-team call may prove who makes it, besides a staff session (which every route takes)
 * and the master key in X-Master-Key (the break-glass, which every route takes too):
 * - 'session': nothing else.
 * - 'path': only the master key in this path parameter (GET /api/ohready/{masterKey}, as the spec has it).
 * - 'link': also a signed one-time download link for this resource (a browser navigation).
 */
export type AdminProof = { kind: 'session' } | { kind: 'path'; param: string } | { kind: 'link'; resource: DownloadResource };

/** Who a study-team call was admitted as. */
export interface StaffCall {
  /** What the audit trail records as its author. */
  caller: AuditBy;
  /** The person's account, for a staff session or their download link. */
  account?: StaffAccountDocument;
  /** The session and its cookie's token, for a call with a staff session. */
  session?: { record: StaffSession; token: string };
}

export interface AdminAccessOptions {
  masterKey: string;
  accounts: StaffAccountsRepository;
  sessions: StaffSessions;
  /** Wrong master keys per address, counted before each check over every route. */
  masterKeyLockout: LoginLockout;
  counters: RedisWindowCounters;
  /** Accepted calls per address and route per window before they answer 429. */
  callsLimit: number;
  signer: DownloadLinkSigner;
  spentTokens: SpentTokens;
  /** Where refusals by role are recorded. */
  audit: (req: Request) => AuditDeps;
  now(): Date;
}

/** Refuses a call the person's role may not make: records it under their name, then throws 403. */
export type RefuseByRole = (req: Request, route: RouteName, account: StaffAccountDocument, capability: Capability) => Promise<never>;

const STAFF_CALL = Symbol('staff-call');
type AdmittedRequest = Request & { [STAFF_CALL]?: { route: RouteName; call: StaffCall } };

/** The study-team caller a guard admitted this request as (the guard runs first on every study-team route). */
export function staffCallOf(req: Request): StaffCall {
  const admitted = (req as AdmittedRequest)[STAFF_CALL];
  if (!admitted) throw new Error('No study-team caller: the route is not behind the admin guard');
  return admitted.call;
}

const LINK_INVALID_MESSAGE = 'This download link is not valid, has expired or was used already. Start the download again from the admin page.';
const SIGN_IN_REQUIRED = 'Sign in on the admin pages first (or, as a break-glass, send the master key in the X-Master-Key header).';
const SESSION_ENDED = 'Your session has ended (30 minutes without use, or 12 hours after signing in). Sign in again.';
const MASTER_KEY: AuditBy = { kind: 'master-key' };

const tooMany = (resetInMs: number, what: string): AppError => refusedForNow(ErrorCodes.RATE_LIMITED, what, resetInMs);

function firstQueryValue(req: Request, name: string): string | undefined {
  const value: unknown = (req.query as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}



/**
 * The one place a study-team call is let in or refused, per route of the contracts' table. A call
 * proves who makes it with, in this order: the master key (X-Master-Key, or the roster's path),
 * the break-glass, wrong guesses counted per address over every route before each check; a signed
 * one-time download link, made for a person (or the master key); or a staff session cookie, alive
 * (idle and absolute timeouts), with its CSRF token on every state-changing call. A person's role,
 * read again from their account on every call, must hold the route's capability (for a link, the
 * capability of the file it opens too): else 403, recorded in the audit trail under their name.
 * Accepted calls are limited per address and route.
 */
export function adminAccess(options: AdminAccessOptions): { guard: (route: RouteName, proof: AdminProof) => RequestHandler; refuseByRole: RefuseByRole } {
  const refuseByRole: RefuseByRole = async (req, route, account, capability) => {
    await recordAudit({ ...options.audit(req), caller: auditCallerOf(account) }, { action: AuditActions.accessRefused, actor: 'admin', details: { route, capability } });
    throw new AppError(403, ErrorCodes.ROLE_NOT_PERMITTED, `Your role (${account.role}) does not include this (${capability}). Ask an owner if you need it.`);
  };

  const checkMasterKey = async (req: Request, given: string): Promise<StaffCall> => {
    const address = clientAddress(req);
    const subject = { account: `master-key:${address}`, address };
    const reservation = await options.masterKeyLockout.reserveAttempt(subject);
    if (!reservation.allowed) throw tooMany(reservation.retryAfterMs, 'Too many refused attempts from your address.');
    if (!isMasterKey(given, options.masterKey)) throw new AppError(403, ErrorCodes.ADMIN_KEY_INVALID, 'The master key is not correct.');
    await options.masterKeyLockout.clearOnSuccess(subject);
    return { caller: MASTER_KEY };
  };

  const checkLink = async (req: Request, route: RouteName, token: string, resource: DownloadResource): Promise<StaffCall> => {
    const check = options.signer.verify(token, resource, options.now());
    if (!check.valid) throw new AppError(403, ErrorCodes.DOWNLOAD_LINK_INVALID, LINK_INVALID_MESSAGE);
    const keepMs = check.claims.exp * 1000 - options.now().getTime() + 1000;
    if (!(await options.spentTokens.spend(check.claims.nonce, keepMs))) throw new AppError(403, ErrorCodes.DOWNLOAD_LINK_INVALID, LINK_INVALID_MESSAGE);
    if (check.claims.sub === 'master-key') return { caller: MASTER_KEY };
    // The person's role now, not when the link was made.
    const account = await options.accounts.findById(check.claims.sub);
    if (!account) throw new AppError(403, ErrorCodes.DOWNLOAD_LINK_INVALID, LINK_INVALID_MESSAGE);
    const capability = downloadCapability(resource);
    if (!can(account.role, capability)) await refuseByRole(req, route, account, capability);
    return { caller: auditCallerOf(account), account };
  };

  const checkSession = async (req: Request, res: Response, token: string | undefined): Promise<StaffCall & { account: StaffAccountDocument }> => {
    if (token === undefined || token === '') throw new AppError(401, ErrorCodes.STAFF_SIGN_IN_REQUIRED, SIGN_IN_REQUIRED);
    const id = sessionIdOf(token);
    const session = id === undefined ? undefined : await options.sessions.find(id);
    const now = options.now();
    const ended = () => {
      res.append('Set-Cookie', endedStaffSessionCookie({ secure: isHttps(req) }));
      return new AppError(401, ErrorCodes.STAFF_SESSION_EXPIRED, SESSION_ENDED);
    };
    if (!session) throw ended();
    if (sessionState(session, now).state === 'expired') {
      await options.sessions.delete(session.id);
      throw ended();
    }
    if (csrfRequired(req.method) && !checkCsrfToken(token, req.get(STAFF_CSRF_HEADER))) {
      throw new AppError(403, ErrorCodes.CSRF_TOKEN_INVALID, 'This call did not carry the page\'s security token. Reload the admin page and try again.');
    }
    const account = await options.accounts.findById(session.staffId);
    if (!account) {
      await options.sessions.delete(session.id);
      throw ended();
    }
    await options.sessions.touch(session, now);
    return { caller: auditCallerOf(account), account, session: { record: session, token } };
  };

  const admit = async (req: Request, res: Response, route: RouteName, proof: AdminProof): Promise<StaffCall> => {
    // Admin answers hold personal data or a key-derived link: never cached anywhere.
    res.setHeader('Cache-Control', 'no-store');
    const capability = routeCapability(route);
    if (!capability) throw new Error(`${route} is not a study-team route`);
    let call: StaffCall;
    if (proof.kind === 'path') {
      const given = req.params[proof.param];
      if (typeof given !== 'string') throw new AppError(403, ErrorCodes.ADMIN_KEY_INVALID, 'The master key is not correct.');
      call = await checkMasterKey(req, given);
    } else {
      const header = req.get(ADMIN_KEY_HEADER);
      const token = proof.kind === 'link' ? firstQueryValue(req, DOWNLOAD_TOKEN_PARAM) : undefined;
      if (header !== undefined && header !== '') call = await checkMasterKey(req, header);
      else if (token !== undefined && proof.kind === 'link') call = await checkLink(req, route, token, proof.resource);
      else {
        const session = await checkSession(req, res, cookieValue(req.get('cookie'), STAFF_SESSION_COOKIE));
        if (!can(session.account.role, capability)) await refuseByRole(req, route, session.account, capability);
        call = session;
      }
    }
    const client = clientAddress(req);
    const calls = await options.counters.hit(`${route}:${client}:calls`);
    if (calls.count > options.callsLimit) throw tooMany(calls.resetInMs, 'Too many calls from your address.');
    return call;
  };

  // Passes a refusal to next() rather than throwing, so the guard also works where it is called
  // with a callback before the body is read (the TypeFinder CSV import). A request is checked
  // once per route even when the guard sits on its path twice.
  const guard = (route: RouteName, proof: AdminProof): RequestHandler =>
    (req, res, next) => {
      const admitted = req as AdmittedRequest;
      if (admitted[STAFF_CALL]?.route === route) {
        next();
        return;
      }
      admit(req, res, route, proof).then(
        (call) => {
          admitted[STAFF_CALL] = { route, call };
          next();
        },
        (err: unknown) => {
          if (err instanceof AppError && 'retryAfterSeconds' in err) res.setHeader('Retry-After', String(err.retryAfterSeconds));
          if (err instanceof AppError) req.log.warn({ adminRoute: route, status: err.status, code: err.code }, 'admin call refused');
          next(err);
        },
      );
    };
  return { guard, refuseByRole };
}
