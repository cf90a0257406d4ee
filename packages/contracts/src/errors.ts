import { z } from 'zod';

/** The media type of every error answer (RFC 9457). */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/**
 * Every 4xx/5xx answer of the services and the gateway: RFC 9457 Problem Details (`type`,
 * `title`, `status`, `detail`, `instance`) that keep the fields clients read since the start
 * (`error`, `code`, `requestId`), so no client breaks.
 */
export const errorBodySchema = z.object({
  /** Where the code is explained: the API documentation's entry for it. */
  type: z.string().min(1),
  /** The HTTP status's name, e.g. 'Conflict'. */
  title: z.string().min(1),
  status: z.number().int().min(400).max(599),
  /** A message the user can act on (the same as `error`). */
  detail: z.string().min(1),
  /** The path that was called. */
  instance: z.string().optional(),
  /** A message the user can act on. */
  error: z.string().min(1),
  /** Machine-readable, UPPER_SNAKE. */
  code: z.string().regex(/^[A-Z][A-Z0-9_]*$/),
  requestId: z.string().min(1),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Error codes shared by every service; domain flows add their own. */
export const ErrorCodes = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  MALFORMED_JSON: 'MALFORMED_JSON',
  BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FORBIDDEN_KEY: 'FORBIDDEN_KEY',
  NOT_FOUND: 'NOT_FOUND',
  INTERNAL: 'INTERNAL',
  PARTICIPANT_NOT_FOUND: 'PARTICIPANT_NOT_FOUND',
  /** POST /api/user/reset while RESET_SURVEYS is not 1. */
  RESET_DISABLED: 'RESET_DISABLED',
  /** Open Humans refused the authorization code (invalid, used or expired): authorize again. */
  OH_CODE_REJECTED: 'OH_CODE_REJECTED',
  /** Open Humans refused a stored authorization (refresh token or access token): consent again. */
  OH_AUTHORIZATION_REJECTED: 'OH_AUTHORIZATION_REJECTED',
  /** Open Humans refused the study's client credentials: a configuration problem. */
  OH_CLIENT_REJECTED: 'OH_CLIENT_REJECTED',
  /** Open Humans could not be reached, timed out or failed. */
  OH_UNAVAILABLE: 'OH_UNAVAILABLE',
  /** Open Humans answered something the study cannot read. */
  OH_BAD_RESPONSE: 'OH_BAD_RESPONSE',
  /** A participant without a live Open Humans authorization. */
  OH_NOT_AUTHORIZED: 'OH_NOT_AUTHORIZED',
  /** A deauthorization webhook with a missing or wrong signature. */
  WEBHOOK_SIGNATURE_INVALID: 'WEBHOOK_SIGNATURE_INVALID',
  /** A deauthorization webhook whose timestamp is too old (or ahead of the study's clock): refused as a replay. */
  WEBHOOK_NOTICE_STALE: 'WEBHOOK_NOTICE_STALE',
  /** A deauthorization webhook received before: refused as a replay. */
  WEBHOOK_NOTICE_REPLAYED: 'WEBHOOK_NOTICE_REPLAYED',
  /** Surveys: the participant has not consented (or withdrew): consent and authorize again. */
  CONSENT_REQUIRED: 'CONSENT_REQUIRED',
  /** Surveys: a status this survey does not have. */
  SURVEY_STATUS_INVALID: 'SURVEY_STATUS_INVALID',
  /** Surveys: answers (or choices) that break the survey's rules. */
  SURVEY_ANSWERS_INVALID: 'SURVEY_ANSWERS_INVALID',
  /** Surveys: an earlier required survey is not done yet (typeFinder, then nardi, then selfAssessment). */
  SURVEY_OUT_OF_ORDER: 'SURVEY_OUT_OF_ORDER',
  /** Surveys: a status change that skips or goes back a step. */
  SURVEY_STEP_INVALID: 'SURVEY_STEP_INVALID',
  /** Surveys: the survey is completed (or was declined) and can only change by a reset. */
  SURVEY_CLOSED: 'SURVEY_CLOSED',
  /** POST /api/user/tfresult: no TypeFinder result for the participant's study email. */
  TYPEFINDER_NO_MATCH: 'TYPEFINDER_NO_MATCH',
  /** A participant call without a session on this browser: confirm who you are with Open Humans (POST /api/session). */
  SESSION_REQUIRED: 'SESSION_REQUIRED',
  /** A participant call for a study ID that is not this browser's session's. */
  SESSION_OTHER_PARTICIPANT: 'SESSION_OTHER_PARTICIPANT',
  /** Withdrawal, erasure, consent renewal or reset without a confirmation with Open Humans in the last 10 minutes. */
  RECENT_CONFIRMATION_REQUIRED: 'RECENT_CONFIRMATION_REQUIRED',
  /** POST /api/consent or /api/session: the `state` is not the one this browser's authorization started with, or it was spent already. */
  AUTHORIZATION_REQUEST_UNKNOWN: 'AUTHORIZATION_REQUEST_UNKNOWN',
  /** POST /api/session: the Open Humans account has not joined the study (or withdrew with erasure). */
  NOT_A_PARTICIPANT: 'NOT_A_PARTICIPANT',
  /** Admin calls without the master key header. */
  ADMIN_KEY_REQUIRED: 'ADMIN_KEY_REQUIRED',
  /** Admin calls with a wrong master key. */
  ADMIN_KEY_INVALID: 'ADMIN_KEY_INVALID',
  /** A study-team call without a staff session (or the master key): sign in on the admin pages. */
  STAFF_SIGN_IN_REQUIRED: 'STAFF_SIGN_IN_REQUIRED',
  /** A staff session that ended (30 minutes without a call, or 12 hours after sign-in): sign in again. */
  STAFF_SESSION_EXPIRED: 'STAFF_SESSION_EXPIRED',
  /** A state-changing study-team call whose X-CSRF-Token is missing or not the session's: reload the admin page. */
  CSRF_TOKEN_INVALID: 'CSRF_TOKEN_INVALID',
  /** The signed-in person's role may not make this call. */
  ROLE_NOT_PERMITTED: 'ROLE_NOT_PERMITTED',
  /** Sign-in: the e-mail, password or code is not right (which one is not said). */
  SIGN_IN_FAILED: 'SIGN_IN_FAILED',
  /** Sign-in: too many failed attempts for the account or from the address; try again after Retry-After seconds. */
  SIGN_IN_LOCKED: 'SIGN_IN_LOCKED',
  /** Staff set-up: the code is not right, has expired or the account is set up already. */
  SETUP_CODE_INVALID: 'SETUP_CODE_INVALID',
  /** Staff set-up: the password is too weak (the message says why). */
  PASSWORD_TOO_WEAK: 'PASSWORD_TOO_WEAK',
  /** Adding staff: an account with this e-mail exists already. */
  STAFF_EXISTS: 'STAFF_EXISTS',
  /** Changing or removing staff: no account with this id (removed already, or never added). */
  STAFF_NOT_FOUND: 'STAFF_NOT_FOUND',
  /** Changing or removing staff: it would leave the study without an owner who has set up their account. */
  LAST_OWNER: 'LAST_OWNER',
  /** A passkey ceremony whose challenge is unknown, expired or whose answer did not verify. */
  PASSKEY_REJECTED: 'PASSKEY_REJECTED',
  /** Admin calls: too many refused attempts (or calls) from one address; try again after Retry-After seconds. */
  RATE_LIMITED: 'RATE_LIMITED',
  /** Consent: a consent version id that was never published. */
  CONSENT_VERSION_UNKNOWN: 'CONSENT_VERSION_UNKNOWN',
  /** A save while a newer consent text awaits the participant's agreement: agree to it on the dashboard first. */
  CONSENT_RENEWAL_REQUIRED: 'CONSENT_RENEWAL_REQUIRED',
  /** Consent renewal: the version agreed to is no longer the current one (a newer text was published). */
  CONSENT_VERSION_NOT_CURRENT: 'CONSENT_VERSION_NOT_CURRENT',
  /** The consent PDF: no consent is on record for the participant yet. */
  CONSENT_NOT_ON_RECORD: 'CONSENT_NOT_ON_RECORD',
  /** A download link that is not signed by the study, has expired or was used already. */
  DOWNLOAD_LINK_INVALID: 'DOWNLOAD_LINK_INVALID',
  /** A CSV upload that cannot be read as a whole (syntax, header). */
  CSV_INVALID: 'CSV_INVALID',
  /** POST /api/user/nardi before the part-one answers reached scoring. */
  NARDI_NOT_SCORED: 'NARDI_NOT_SCORED',
  /** POST /api/user/nardi/final before the completed Nardi survey reached scoring. */
  NARDI_NOT_FINAL: 'NARDI_NOT_FINAL',
  /** POST /api/user/survey/final before the three required surveys are done (the message says what is missing). */
  FINAL_SCORE_NOT_READY: 'FINAL_SCORE_NOT_READY',
  /** POST /api/user/nardi/report before the completed Nardi survey reached the reports. */
  NARDI_REPORT_NOT_READY: 'NARDI_REPORT_NOT_READY',
  /** GET /api/user/report/{pgId} before the final score exists. */
  FINAL_REPORT_NOT_READY: 'FINAL_REPORT_NOT_READY',
  /** 422: stored Nardi scores a report cannot be built from (a dichotomy of 0, an unknown code). */
  ZERO_DICHOTOMY: 'ZERO_DICHOTOMY',
  UNKNOWN_CODE: 'UNKNOWN_CODE',
  NARDI_SCORES_INVALID: 'NARDI_SCORES_INVALID',
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

const STATUS_TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Where an error code is explained: its entry on the API documentation page (/api/docs). */
export function problemTypeOf(code: string): string {
  return `/api/docs#problem-${code}`;
}

/** The one error body: Problem Details with `error`, `code` and `requestId`. */
export function problemDetails(input: { status: number; code: string; message: string; requestId: string; instance?: string }): ErrorBody {
  const { status, code, message, requestId, instance } = input;
  return {
    type: problemTypeOf(code),
    title: STATUS_TITLES[status] ?? (status >= 500 ? 'Server Error' : 'Client Error'),
    status,
    detail: message,
    ...(instance === undefined ? {} : { instance }),
    error: message,
    code,
    requestId,
  };
}
