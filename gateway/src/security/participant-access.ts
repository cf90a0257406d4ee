import { ErrorCodes, type RouteAccess } from '@study/contracts';
import { isRecentlyConfirmed, readSession } from '@study/participant-session';

export interface AccessRefusal {
  status: 400 | 401 | 403 | 415;
  code: string;
  message: string;
}

export const SESSION_REQUIRED_MESSAGE =
  "Please confirm it's you with Open Humans on this browser: this participant's data is shown only to the participant, on a browser they confirmed.";
export const OTHER_PARTICIPANT_MESSAGE =
  "This browser is signed in as another participant. Sign out, then confirm it's you with Open Humans to open this study ID.";
export const RECENT_CONFIRMATION_MESSAGE =
  "For this step, please confirm it's you with Open Humans again: your last confirmation on this browser was more than 10 minutes ago.";

type ParticipantAccess = Extract<RouteAccess, { kind: 'participant' }>;

/** What the gateway reads of a participant call to decide on it. */
export interface ParticipantCall {
  cookie: string | undefined;
  /** The study ID the call names, or why it names none the gateway can read. */
  studyId: string | AccessRefusal;
}

/**
 * Whether a participant call may go on: the browser holds a session (signed, unexpired), for
 * the study ID the call names, confirmed recently enough when the route needs it. Answers why
 * not, or undefined to let the call through.
 */
export function participantAccessRefusal(access: ParticipantAccess, call: ParticipantCall, secret: string, now: Date): AccessRefusal | undefined {
  const session = readSession(secret, call.cookie, now);
  if (!session) return { status: 401, code: ErrorCodes.SESSION_REQUIRED, message: SESSION_REQUIRED_MESSAGE };
  const studyId = call.studyId;
  if (typeof studyId !== 'string') return studyId;
  if (studyId.trim().toLowerCase() !== session.pgId) {
    return { status: 403, code: ErrorCodes.SESSION_OTHER_PARTICIPANT, message: OTHER_PARTICIPANT_MESSAGE };
  }
  if (access.recentConfirmation && !isRecentlyConfirmed(session, now)) {
    return { status: 401, code: ErrorCodes.RECENT_CONFIRMATION_REQUIRED, message: RECENT_CONFIRMATION_MESSAGE };
  }
  return undefined;
}

const NO_STUDY_ID: AccessRefusal = { status: 400, code: ErrorCodes.VALIDATION_FAILED, message: 'Invalid request: pgId: the study ID is required, in a JSON body.' };
const NOT_PLAIN_JSON: AccessRefusal = {
  status: 415,
  code: ErrorCodes.UNSUPPORTED_MEDIA_TYPE,
  message: 'Send the request body as plain UTF-8 JSON (Content-Type: application/json), not compressed.',
};

/**
 * The study ID a participant call's JSON body names (`pgId`). The gateway must read the body
 * exactly as the service will, so it accepts only plain UTF-8 JSON: a compressed body or another
 * charset (which the service would decode and the gateway would not) is refused.
 */
export function studyIdInBody(body: Buffer | undefined, headers: { 'content-type'?: string; 'content-encoding'?: string }): string | AccessRefusal {
  const encoding = headers['content-encoding']?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') return NOT_PLAIN_JSON;
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(headers['content-type'] ?? '')?.[1]?.toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') return NOT_PLAIN_JSON;
  if (!body || body.length === 0) return NO_STUDY_ID;
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    const pgId = parsed !== null && typeof parsed === 'object' ? (parsed as { pgId?: unknown }).pgId : undefined;
    return typeof pgId === 'string' ? pgId : NO_STUDY_ID;
  } catch {
    return NO_STUDY_ID;
  }
}

/** The study ID a path names at the template's `:pgId` segment. */
export function studyIdInPath(template: string, path: string): string | AccessRefusal {
  const at = template.split('/').indexOf(':pgId');
  const segment = at < 0 ? undefined : path.split('?')[0]?.split('/')[at];
  if (segment === undefined || segment === '') return NO_STUDY_ID;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
