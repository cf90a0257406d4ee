import { z } from 'zod';
import { consentAdultSchema, consentVersionIdSchema } from './consent-versions';
import { pgIdSchema } from './ids';

/**
 * An OAuth2 authorization code as it arrives on /return?code=...: printable ASCII, no spaces.
 * The platform decides whether it is valid; this only keeps junk away from it.
 */
export const authorizationCodeSchema = z
  .string()
  .min(1, { message: 'must not be empty' })
  .max(512, { message: 'must be at most 512 characters' })
  .regex(/^[\x21-\x7e]+$/, { message: 'must be printable characters without spaces' });

/**
 * The OAuth2 `state` of an authorization the study's pages start: 128 random bits as 32 hex
 * digits. The server keeps it, with the PKCE verifier, in a sealed cookie of the browser that
 * asked (GET /api/authorization), and spends it once when the code comes back.
 */
export const authorizationStateSchema = z.string().regex(/^[0-9a-f]{32}$/, { message: 'must be the 32 hex digits the study page made' });

/**
 * GET /api/authorization?state=...: starts the Open Humans authorization in this browser. Answers
 * 302 to the platform's authorize page with the client id, response_type=code, the state, an S256
 * PKCE code_challenge and, when configured, redirect_uri; the state and verifier stay in an
 * HttpOnly cookie for POST /api/consent or POST /api/session.
 */
export const authorizationStartQuerySchema = z.strictObject({ state: authorizationStateSchema });
export type AuthorizationStartQuery = z.infer<typeof authorizationStartQuerySchema>;

/**
 * POST /api/consent: the code Open Humans put on the /return URL and, from the consent page,
 * the consent version the page showed and the 18+ certification. Both are required: no one is
 * enrolled without certifying their age and agreeing to a text on record.
 */
export const consentRequestSchema = z.strictObject({
  code: authorizationCodeSchema,
  /** The state on the /return URL: it must be the one this browser's authorization started with. */
  state: authorizationStateSchema,
  versionId: consentVersionIdSchema,
  adult: consentAdultSchema,
});
export type ConsentRequest = z.infer<typeof consentRequestSchema>;

/** The answer to POST /api/consent: the participant's study ID. */
export const consentResponseSchema = z.object({ pgId: pgIdSchema });
export type ConsentResponse = z.infer<typeof consentResponseSchema>;

/**
 * POST /api/session {code, state}: a participant confirms who they are on this browser (coming back on
 * another browser, after signing out, or before withdrawing): the code from the same Open Humans
 * authorization round trip, which gives back the study ID of the member who joined. Answers
 * {pgId} and sets the participant's session cookie; consents to nothing.
 */
export const sessionRequestSchema = z.strictObject({ code: authorizationCodeSchema, state: authorizationStateSchema });
export type SessionRequest = z.infer<typeof sessionRequestSchema>;
export const sessionResponseSchema = consentResponseSchema;
/** POST /api/session/end {}: signs this browser out (204, the session cookie removed). */
export const sessionEndRequestSchema = z.strictObject({});
export type SessionResponse = ConsentResponse;

/** GET /api/settings: what the frontends need to know about this deployment of the study. */
export const settingsSchema = z.object({
  /** Whether the dashboard shows 'Reset Surveys' (the server refuses resets otherwise). */
  resetSurveysEnabled: z.boolean(),
  /** The host of study emails `{pgId}@{host}`. */
  studyEmailHost: z.string().min(1),
  /**
   * The TypeFinder widget page to embed on /typefinder; add `?email=` with the study email to
   * fill it in. svc-participants always sends it (optional only for older deployments).
   */
  typeFinderWidgetUrl: z.url({ protocol: /^https?$/ }).optional(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** An Open Humans project member id: 8 digits (domain.md section 7). */
export const projectMemberIdSchema = z.string().regex(/^[0-9]{8}$/, { message: 'must be an 8-digit project member id' });

/**
 * POST /api/openhumans/deauthorize: the platform's notice that a member left the project,
 * signed in `X-OpenHumans-Webhooks-Signature` when the project has a webhook secret.
 */
export const deauthorizeNoticeSchema = z.strictObject({
  project_member_id: projectMemberIdSchema,
  erasure_requested: z.boolean(),
  timestamp: z.string().min(1).max(64),
});
export type DeauthorizeNotice = z.infer<typeof deauthorizeNoticeSchema>;

/**
 * A deauthorization notice is taken only while fresh: its `timestamp` (the time the member left
 * or asked for erasure, with its UTC offset) at most this old, and at most
 * DEAUTHORIZE_NOTICE_MAX_SKEW_SECONDS ahead of the study's clock. The platform sends the notice
 * as the member leaves, so an older one is a replay.
 */
export const DEAUTHORIZE_NOTICE_MAX_AGE_SECONDS = 300;
export const DEAUTHORIZE_NOTICE_MAX_SKEW_SECONDS = 60;

/** The header carrying `sha1=<hex HMAC-SHA1 of the raw body>`. */
export const OPEN_HUMANS_SIGNATURE_HEADER = 'x-openhumans-webhooks-signature';

/** What the study did with a deauthorization notice. */
export const deauthorizeOutcomes = ['withdrawn', 'erased', 'already-withdrawn', 'already-erased', 'unknown-member'] as const;
/**
 * The answer to a deauthorization notice: the same whatever was done, so it never tells whether a
 * member id belongs to the study. What was done is in the service's log and the audit trail.
 */
export const deauthorizeResponseSchema = z.strictObject({ received: z.literal(true) });
export type DeauthorizeOutcome = (typeof deauthorizeOutcomes)[number];
export type DeauthorizeResponse = z.infer<typeof deauthorizeResponseSchema>;
