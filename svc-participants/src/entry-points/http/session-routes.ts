import type { Express, Request, Response } from 'express';
import { consentRequestSchema, sessionRequestSchema } from '@study/contracts';
import { endedSessionCookie, sessionCookie } from '@study/participant-session';
import { parseBody } from '@study/service-kit';
import { confirmParticipant } from '../../domain/confirm-participant';
import type { ParticipantsDeps } from '../../domain/deps';
import { giveConsent } from '../../domain/give-consent';

export interface SessionRoutesOptions {
  /** PARTICIPANT_SESSION_SECRET: the gateway checks the cookie with the same secret. */
  sessionSecret: string;
}

/** The cookie is Secure when the browser's own connection is https (the gateway says so). */
function isHttps(req: Request): boolean {
  return req.get('x-forwarded-proto') === 'https' || req.secure;
}

/**
 * The two ways a participant's session on this browser begins, both on coming back from Open
 * Humans with a code: consenting (POST /api/consent) and confirming who they are (POST
 * /api/session); and its end (POST /api/session/end, signing out).
 */
export function mountSessionRoutes(app: Express, deps: (req: Request) => ParticipantsDeps, options: SessionRoutesOptions): void {
  const startSession = (req: Request, res: Response, pgId: string) => {
    res.append('Set-Cookie', sessionCookie(options.sessionSecret, { pgId, confirmedAt: deps(req).now() }, { secure: isHttps(req) }));
  };

  /**
   * POST /api/consent {code, versionId, adult: true}: exchange the code from /return and answer the
   * participant's {pgId}; the consent is recorded with the version agreed to and the 18+ certification.
   * Without either, 400 naming the field, before the code is spent.
   */
  app.post('/api/consent', async (req, res) => {
    const { code, versionId, adult } = parseBody(consentRequestSchema, req);
    const answer = await giveConsent(deps(req), code, req.requestId, { versionId, adult });
    startSession(req, res, answer.pgId);
    res.set('Cache-Control', 'no-store').json(answer);
  });

  /** POST /api/session {code}: confirm who you are with Open Humans; answers {pgId}. */
  app.post('/api/session', async (req, res) => {
    const { code } = parseBody(sessionRequestSchema, req);
    const answer = await confirmParticipant(deps(req), code);
    startSession(req, res, answer.pgId);
    res.set('Cache-Control', 'no-store').json(answer);
  });

  /** POST /api/session/end: signs this browser out (204). */
  app.post('/api/session/end', (req, res) => {
    res.append('Set-Cookie', endedSessionCookie({ secure: isHttps(req) })).set('Cache-Control', 'no-store').status(204).end();
  });
}
