export {
  PARTICIPANT_SESSION_COOKIE,
  cookieValue,
  PARTICIPANT_SESSION_MAX_AGE_SECONDS,
  RECENT_CONFIRMATION_SECONDS,
  endedSessionCookie,
  isRecentlyConfirmed,
  isSessionSecret,
  readSession,
  sessionCookie,
  type ParticipantSession,
} from './session-cookie';
export {
  AUTHORIZATION_REQUEST_COOKIE,
  AUTHORIZATION_REQUEST_MAX_AGE_SECONDS,
  AUTHORIZATION_STATE_PATTERN,
  beginAuthorizationRequest,
  codeChallengeOf,
  endedAuthorizationRequestCookie,
  readAuthorizationRequest,
  type AuthorizationRequest,
} from './authorization-request';
