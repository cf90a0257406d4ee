import type { Express, Request, Response } from 'express';
import { authorizationStartQuerySchema, ErrorCodes, routes } from '@study/contracts';
import {
  AUTHORIZATION_REQUEST_MAX_AGE_SECONDS,
  beginAuthorizationRequest,
  codeChallengeOf,
  endedAuthorizationRequestCookie,
  endedSessionCookie,
  readAuthorizationRequest,
  sessionCookie,
} from '@study/participant-session';
import { AppError, mount } from '@study/service-kit';
import type { SpentTokens } from '../../data-access/admin-limits';
import { confirmParticipant } from '../../domain/confirm-participant';
import type { ParticipantsDeps } from '../../domain/deps';
import { giveConsent } from '../../domain/give-consent';
import { isHttps } from './request-origin';

export interface SessionRoutesOptions {
  /** PARTICIPANT_SESSION_SECRET: the gateway checks the cookie with the same secret; it also seals the authorization request. */
  sessionSecret: string;
  /** Authorization states already answered: each is accepted once. */
  spentStates: SpentTokens;
}


const UNKNOWN_REQUEST =
  'This answer from Open Humans does not belong to a sign-in started in this browser in the last 30 minutes, or it was used already, so nothing was done. Please start again from the consent page in this browser.';

/**
 * How a participant's session on this browser begins: the Open Humans authorization started here
 * (GET /api/authorization), then, on coming back with a code, consenting (POST /api/consent) or
 * confirming who they are (POST /api/session); and its end (POST /api/session/end, signing out).
 */
export function mountSessionRoutes(app: Express, deps: (req: Request) => ParticipantsDeps, options: SessionRoutesOptions): void {
  const startSession = (req: Request, res: Response, pgId: string) => {
    res.append('Set-Cookie', sessionCookie(options.sessionSecret, { pgId, confirmedAt: deps(req).now() }, { secure: isHttps(req) }));
  };

  /**
   * Answers the code Open Humans sent back for this browser's request `state`. `use` spends the
   * request (`spendRequest`) before the code goes anywhere: a forged, foreign, expired or replayed
   * answer is refused (400) and Open Humans is not called. A spent request's cookie is removed,
   * except when the study could not finish because Open Humans or the study itself failed (5xx):
   * then the request stays usable, so the participant can send the same answer again.
   */
  const answerRequest = async <T>(req: Request, res: Response, state: string, use: (spendRequest: () => Promise<string>) => Promise<T>): Promise<T> => {
    let spent = false;
    const spendRequest = async (): Promise<string> => {
      const request = readAuthorizationRequest(options.sessionSecret, req.get('cookie'), deps(req).now());
      if (!request || request.state !== state || !(await options.spentStates.spend(state, AUTHORIZATION_REQUEST_MAX_AGE_SECONDS * 1000))) {
        throw new AppError(400, ErrorCodes.AUTHORIZATION_REQUEST_UNKNOWN, UNKNOWN_REQUEST);
      }
      spent = true;
      return request.codeVerifier;
    };
    try {
      return await use(spendRequest);
    } catch (err) {
      if (spent && err instanceof AppError && err.status >= 500) {
        await options.spentStates.unspend(state);
        spent = false;
      }
      throw err;
    } finally {
      if (spent) res.append('Set-Cookie', endedAuthorizationRequestCookie({ secure: isHttps(req) }));
    }
  };

  /**
   * GET /api/authorization?state=...: the Open Humans authorize page for this browser's request,
   * with a PKCE challenge; the state and the verifier stay sealed in this browser's cookie.
   */
  mount(app, routes.startAuthorization, (req, res) => {
    const { state } = authorizationStartQuerySchema.parse(req.query);
    const { request, setCookie } = beginAuthorizationRequest(options.sessionSecret, state, { now: deps(req).now(), secure: isHttps(req) });
    const target = deps(req).openHumans.authorizeUrl({ state, codeChallenge: codeChallengeOf(request.codeVerifier) });
    res.append('Set-Cookie', setCookie).set('Cache-Control', 'no-store').redirect(302, target);
  });

  /**
   * POST /api/consent {code, state, versionId, adult: true}: exchange the code from /return and
   * answer the participant's {pgId}; the consent is recorded with the version agreed to and the
   * 18+ certification. Without either, 400 naming the field, before the request or the code is spent.
   */
  mount(app, routes.consent, async (req, res, body) => {
    const { code, state, versionId, adult } = body;
    const answer = await answerRequest(req, res, state, (spendRequest) => giveConsent(deps(req), { code, spendRequest }, { versionId, adult }));
    startSession(req, res, answer.pgId);
    res.set('Cache-Control', 'no-store').json(answer);
  });

  /** POST /api/session {code, state}: confirm who you are with Open Humans; answers {pgId}. */
  mount(app, routes.confirmSession, async (req, res, body) => {
    const { code, state } = body;
    const answer = await answerRequest(req, res, state, (spendRequest) => confirmParticipant(deps(req), { code, spendRequest }));
    startSession(req, res, answer.pgId);
    res.set('Cache-Control', 'no-store').json(answer);
  });

  /** POST /api/session/end: signs this browser out (204). */
  mount(app, routes.endSession, (req, res) => {
    res.append('Set-Cookie', endedSessionCookie({ secure: isHttps(req) })).set('Cache-Control', 'no-store').status(204).end();
  });
}
