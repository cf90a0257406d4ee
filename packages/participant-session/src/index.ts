export {
  PARTICIPANT_SESSION_COOKIE,
  PARTICIPANT_SESSION_MAX_AGE_SECONDS,
  RECENT_CONFIRMATION_SECONDS,
  endedSessionCookie,
  isRecentlyConfirmed,
  isSessionSecret,
  readSession,
  sessionCookie,
  type ParticipantSession,
} from './session-cookie';
