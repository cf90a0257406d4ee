import type { Express, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { AuditActions, ErrorCodes, routes, type RouteName, type StaffList } from '@study/contracts';
import { AppError, jsonBody, mount } from '@study/service-kit';
import { endedStaffSessionCookie, staffSessionCookie } from '@study/staff-auth';
import { recordAudit } from '../../domain/audit/record-audit';
import type { StaffDeps } from '../../domain/staff/deps';
import { addStaff, changeStaffRole, listStaff, removeStaff } from '../../domain/staff/manage-staff';
import { beginPasskeyRegistration, beginPasskeySignIn, registerPasskey, signInWithPasskey } from '../../domain/staff/passkeys';
import { signInWithPassword, type SignedIn } from '../../domain/staff/sign-in';
import { completeSetup, startSetup } from '../../domain/staff/set-up-account';
import { sessionView } from '../../domain/staff/staff-session';
import { staffCallOf, type AdminProof } from './admin-access';
import { clientAddress, isHttps } from './request-origin';


/** Answers a sign-in: the session cookie (HttpOnly) and, in the body, who is signed in and the CSRF token. */
function answerSignedIn(req: Request, res: Response, signedIn: SignedIn): void {
  res.append('Set-Cookie', staffSessionCookie(signedIn.token, { secure: isHttps(req) }));
  res.setHeader('Cache-Control', 'no-store');
  res.json(signedIn.view);
}

/** A staff session call's person and session (the guard admitted it with a session, not the master key). */
function ownSession(req: Request) {
  const call = staffCallOf(req);
  if (!call.account || !call.session) throw new AppError(400, ErrorCodes.STAFF_SIGN_IN_REQUIRED, 'This is about your own account: sign in on the admin pages (the master key has none).');
  return { ...call, account: call.account, session: call.session };
}

/** The person a call to change or remove names in its path: an account id (a UUID). */
function staffIdOf(req: Request): string {
  const parsed = z.uuid().safeParse(req.params.staffId);
  if (!parsed.success) throw new AppError(400, ErrorCodes.VALIDATION_FAILED, 'Invalid request: the person\'s id in the path must be a UUID, as the study team\'s list gives it.');
  return parsed.data.toLowerCase();
}

/**
 * The study team's accounts: signing in (password and code, or passkey), a new account's set-up,
 * the session, signing out, passkeys, and the team list. Mounted ahead of the JSON body parser like
 * every admin call: the sign-in calls read small bodies of their own.
 */
export function mountStaffRoutes(app: Express, deps: (req: Request) => StaffDeps, guard: (route: RouteName, proof: AdminProof) => RequestHandler): void {
  const small = () => jsonBody({ limit: '4kb' });
  const webAuthn = () => jsonBody({ limit: '16kb' });

  /** POST /api/admin/sign-in {email, password, code}: opens a staff session. */
  mount(app, routes.staffSignIn, ...small(), async (req, res, body) => {
    answerSignedIn(req, res, await signInWithPassword(deps(req), body, clientAddress(req)));
  });

  /** POST /api/admin/sign-in/passkey/options {}: a challenge for a passkey. */
  mount(app, routes.passkeySignInOptions, ...small(), async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await beginPasskeySignIn(deps(req)));
  });

  /** POST /api/admin/sign-in/passkey {ceremony, credential}: opens a staff session. */
  mount(app, routes.passkeySignIn, ...webAuthn(), async (req, res, body) => {
    answerSignedIn(req, res, await signInWithPasskey(deps(req), body));
  });

  /** POST /api/admin/staff/setup {email, setupCode}: the authenticator app's secret for a new account. */
  mount(app, routes.staffSetupStart, ...small(), async (req, res, body) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await startSetup(deps(req), body, clientAddress(req)));
  });

  /** POST /api/admin/staff/setup/complete {email, setupCode, password, code}: sets the account up and signs in. */
  mount(app, routes.staffSetupComplete, ...small(), async (req, res, body) => {
    answerSignedIn(req, res, await completeSetup(deps(req), body, clientAddress(req)));
  });

  /** GET /api/admin/session: who is signed in, their capabilities, the CSRF token. */
  mount(app, routes.staffSession, guard('staffSession', { kind: 'session' }), (req, res) => {
    const { account, session } = ownSession(req);
    const now = deps(req).now();
    res.json(sessionView(account, { ...session.record, lastSeenAt: now }, session.token, now));
  });

  /** POST /api/admin/sign-out {}: ends the session, recorded under the person. */
  mount(app, routes.staffSignOut, guard('staffSignOut', { kind: 'session' }), ...small(), async (req, res) => {
    const { session, caller } = ownSession(req);
    await recordAudit({ ...deps(req), caller }, { action: AuditActions.staffSignedOut, actor: 'admin' });
    await deps(req).sessions.delete(session.record.id);
    res.append('Set-Cookie', endedStaffSessionCookie({ secure: isHttps(req) }));
    res.status(204).end();
  });

  /** POST /api/admin/passkeys/options {}: a challenge for registering a passkey. */
  mount(app, routes.passkeyRegistrationOptions, guard('passkeyRegistrationOptions', { kind: 'session' }), ...small(), async (req, res) => {
    const { account, session } = ownSession(req);
    res.json(await beginPasskeyRegistration(deps(req), account, session.record));
  });

  /** POST /api/admin/passkeys {credential, label}: registers the passkey. */
  mount(app, routes.registerPasskey, guard('registerPasskey', { kind: 'session' }), ...webAuthn(), async (req, res, body) => {
    const { account, session, caller } = ownSession(req);
    res.json(await registerPasskey({ ...deps(req), caller }, account, session.record, body));
  });

  /** GET /api/admin/staff: the study team. */
  mount(app, routes.staffList, guard('staffList', { kind: 'session' }), async (req, res) => {
    const answer: StaffList = { staff: await listStaff(deps(req)) };
    res.json(answer);
  });

  /** POST /api/admin/staff {email, name, role}: adds a person; answers their one-time set-up code. */
  mount(app, routes.addStaff, guard('addStaff', { kind: 'session' }), ...small(), async (req, res, body) => {
    res.setHeader('Cache-Control', 'no-store');
    res.status(201).json(await addStaff(deps(req), body, staffCallOf(req).caller));
  });

  /** POST /api/admin/staff/{staffId}/role {role}: changes a person's role. */
  mount(app, routes.changeStaffRole, guard('changeStaffRole', { kind: 'session' }), ...small(), async (req, res, body) => {
    const staffId = staffIdOf(req);
    res.json(await changeStaffRole({ ...deps(req), caller: staffCallOf(req).caller }, staffId, body.role));
  });

  /** POST /api/admin/staff/{staffId}/remove {}: removes a person from the study team. */
  mount(app, routes.removeStaff, guard('removeStaff', { kind: 'session' }), ...small(), async (req, res) => {
    await removeStaff({ ...deps(req), caller: staffCallOf(req).caller }, staffIdOf(req));
    res.status(204).end();
  });
}
