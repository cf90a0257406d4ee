// The bench's participants, as their browsers would be: @study/participant-client makes them and
// calls for them, and one session jar holds every participant's session cookie: the one a consent
// (POST /api/consent) began, or, for participants the bench stores directly (never consented
// through the API), a cookie signed with the stack's session secret, as if they had confirmed with
// Open Humans.
import { ParticipantClient, SessionJar, type ParticipantClientOptions } from '@study/participant-client';
import { sessionCookie } from '@study/participant-session';

/** Every bench participant's session. */
const jar = new SessionJar();

/** What a bench client is made with: @study/participant-client's options but the sessions, which are the bench's one jar. */
export type BenchClientOptions = Pick<ParticipantClientOptions, 'baseUrl' | 'typeFinderWidgetUrl' | 'retry' | 'resultWaitMs' | 'pollMs'>;

/**
 * A client for the bench's participants on the stack at `baseUrl`, holding their sessions in the
 * bench's one jar. `retry` as @study/participant-client's option (none: the first error answer throws).
 */
export function participantClient(options: BenchClientOptions): ParticipantClient {
  return new ParticipantClient({ ...options, sessions: jar });
}

/** The Cookie header of a participant's session, if the bench holds one. */
export function sessionCookieOf(pgId: string): string | undefined {
  return jar.headersFor(pgId).cookie;
}

/** Holds these sessions (Cookie headers, as signedSessionCookies answers them, in the order of `pgIds`) for the participants' calls. */
export function keepSessions(pgIds: readonly string[], cookies: readonly string[]): void {
  pgIds.forEach((pgId, i) => {
    const cookie = cookies[i];
    if (cookie === undefined) throw new Error(`no session cookie for participant ${i} (${pgIds.length} participants, ${cookies.length} cookies)`);
    jar.hold(pgId, cookie);
  });
}

export interface SignedSessionsOptions {
  /** The stack's PARTICIPANT_SESSION_SECRET. */
  secret: string;
  pgIds: readonly string[];
  /** When the sessions were confirmed (default now). */
  confirmedAt?: Date;
}

/** A session cookie (`study_session=...`, the Cookie header's part) for each stored participant, signed with the stack's session secret. */
export function signedSessionCookies({ secret, pgIds, confirmedAt = new Date() }: SignedSessionsOptions): string[] {
  return pgIds.map((pgId) => cookiePair(sessionCookie(secret, { pgId, confirmedAt }, { secure: false })));
}

/** `name=value` of a Set-Cookie line (what a browser sends back). */
function cookiePair(setCookie: string): string {
  const end = setCookie.indexOf(';');
  return end === -1 ? setCookie : setCookie.slice(0, end);
}
